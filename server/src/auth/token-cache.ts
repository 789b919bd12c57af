import type { TokenVerifier, VerifiedUser } from './verified-user.js';
import { rememberAtMost } from '../bounded-map.js';

type Entry = { user: VerifiedUser; until: number };

// Remembers tokens that verified, until their own expiry or `maxAgeMs`, whichever is sooner.
// A Firebase ID token is a signed claim valid until `exp`; re-checking it on every request only
// re-asks the identity provider (in emulator mode, an HTTP call per request). `maxAgeMs` bounds
// how long a revoked or disabled account keeps working. Refused tokens are never cached.
export function cachedVerifier(
  verify: (idToken: string) => Promise<VerifiedUser & { expiresAt: number }>,
  { maxAgeMs = 60_000, maxEntries = 10_000, now = Date.now } = {},
): TokenVerifier {
  const cache = new Map<string, Entry>();
  const inflight = new Map<string, Promise<VerifiedUser>>();

  const check: TokenVerifier = async (idToken) => {
    const hit = cache.get(idToken);
    if (hit) {
      if (hit.until > now()) return hit.user;
      cache.delete(idToken);
    }
    // Parallel requests with one new token share one verification.
    let pending = inflight.get(idToken);
    if (!pending) {
      pending = verify(idToken)
        .then(({ expiresAt, ...user }) => {
          const until = Math.min(expiresAt, now() + maxAgeMs);
          if (until > now()) {
            rememberAtMost(cache, idToken, { user, until }, maxEntries);
          }
          return user;
        })
        .finally(() => inflight.delete(idToken));
      inflight.set(idToken, pending);
    }
    return pending;
  };
  check.known = (idToken) => (cache.get(idToken)?.until ?? 0) > now();
  return check;
}
