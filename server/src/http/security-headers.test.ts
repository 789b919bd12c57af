// @vitest-environment node
// The page CSP: a prerendered file's fixed scripts by hash, a rendered response's by its nonce;
// nothing else differs between the two, and neither allows an inline script it does not name.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';

const origins = {
  authConnect: ['https://identitytoolkit.googleapis.com'],
  authFrames: ['https://x.firebaseapp.com'],
};
const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d] as const));

describe('contentSecurityPolicy', () => {
  it('allows a rendered page’s inline scripts by its nonce alone', () => {
    const csp = directives(contentSecurityPolicy(origins, { nonce: 'bm9uY2Utb2YtdGhpcy1wYWdl' }));
    expect(csp.get('script-src')).toBe(
      "script-src 'self' 'nonce-bm9uY2Utb2YtdGhpcy1wYWdl' https://apis.google.com",
    );
  });

  it('allows a prerendered page’s scripts by their hashes alone', () => {
    const csp = directives(contentSecurityPolicy(origins, { hashes: ["'sha256-abc='"] }));
    expect(csp.get('script-src')).toBe("script-src 'self' 'sha256-abc=' https://apis.google.com");
  });

  it('changes nothing else: an injected inline script, handler or plugin has no way in', () => {
    const byNonce = directives(contentSecurityPolicy(origins, { nonce: 'n' }));
    const byHash = directives(contentSecurityPolicy(origins, { hashes: [] }));
    for (const [name, value] of byHash) if (name !== 'script-src') expect(byNonce.get(name)).toBe(value);
    for (const csp of [byNonce, byHash]) {
      const scriptSrc = csp.get('script-src')!;
      // No 'unsafe-inline' (an injected <script> or onclick would run), no 'strict-dynamic' (the
      // origins listed would stop counting), no 'unsafe-eval'.
      expect(scriptSrc).not.toMatch(/unsafe-inline|strict-dynamic|unsafe-eval|unsafe-hashes/);
      expect(csp.get('object-src')).toBe("object-src 'none'");
      expect(csp.get('base-uri')).toBe("base-uri 'self'");
      expect(csp.get('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(csp.get('default-src')).toBe("default-src 'self'");
    }
  });
});
