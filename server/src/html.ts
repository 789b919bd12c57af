import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type HtmlPage = { body: string; scriptHashes: string[] };

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

// React Router writes small inline scripts into the prerendered HTML. The CSP allows exactly
// those, by hash, instead of 'unsafe-inline'. They are fixed files written at build time, hashed
// once when the server starts; nothing a request brings is in them. A page rendered per request
// is allowed its scripts by a nonce instead, never by a hash of its output
// (server/src/pages/render.ts, docs/decisions/042-csp-nonce-for-rendered-pages.md).
export function loadHtmlPage(clientDir: string, file: string): HtmlPage {
  const body = readFileSync(join(clientDir, file), 'utf8');
  return { body, scriptHashes: inlineScriptHashes(body) };
}

function inlineScriptHashes(body: string): string[] {
  const scriptHashes = new Set<string>();
  for (const match of body.matchAll(inlineScript)) {
    const content = match[1] ?? '';
    if (content.length === 0) continue;
    scriptHashes.add(`'sha256-${createHash('sha256').update(content).digest('base64')}'`);
  }
  return [...scriptHashes];
}
