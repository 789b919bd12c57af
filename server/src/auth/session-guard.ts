import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { sessionMaxAgeMs, type SessionManager, type SessionUser } from './sessions.js';
import { InvalidTokenError } from './verify-token.js';
import { rememberAtMost } from '../bounded-map.js';

export type GuardedSessions = SessionManager & {
  // The cookie is refused from now on by every process sharing the database; the user's other
  // cookies (other devices) are untouched.
  signOut(cookie: string): Promise<void>;
};

const hashOf = (cookie: string) => createHash('sha256').update(cookie).digest('base64url');

type Entry = { user: SessionUser; until: number };

// The session manager as the server uses it:
// - a cookie signed out of (DELETE /api/session) is refused, even if a copy was kept: its hash is
//   stored until the cookie would have expired (migration 11), and looked up on every check (one
//   primary-key read, shared by every process);
// - a verified cookie is remembered for up to `cacheMs` (TOKEN_CACHE_SECONDS, as ID tokens are in
//   ./token-cache.ts), never past its expiry: a signed-in page then costs no call to the identity
//   provider after the first. A revocation (signed out everywhere, account disabled) is honoured
//   within that time.
export function guardSessions(
  sessions: SessionManager,
  db: Queryable,
  { cacheMs = 60_000, maxEntries = 10_000, now = Date.now } = {},
): GuardedSessions {
  const cache = new Map<string, Entry>();
  return {
    create: (idToken) => sessions.create(idToken),
    async verify(cookie) {
      const hash = hashOf(cookie);
      const { rows } = await db.query<{ found: number }>(
        'SELECT 1 AS found FROM signed_out_sessions WHERE cookie_hash = $1 AND expires_at > now()',
        [hash],
      );
      if (rows.length > 0) {
        cache.delete(hash);
        throw new InvalidTokenError('auth/session-cookie-signed-out', 'This session was signed out.');
      }
      const hit = cache.get(hash);
      if (hit) {
        if (hit.until > now()) return hit.user;
        cache.delete(hash);
      }
      const { expiresAt, ...user } = await sessions.verify(cookie);
      const until = Math.min(expiresAt ?? Infinity, now() + cacheMs);
      if (cacheMs > 0 && until > now()) {
        rememberAtMost(cache, hash, { user, until }, maxEntries);
      }
      return user;
    },
    async signOut(cookie) {
      const hash = hashOf(cookie);
      cache.delete(hash);
      // Only a cookie the identity provider issued is remembered: a sign-out without a sign-in
      // (a made-up cookie, sent by anyone) stores nothing. One it cannot check just now is
      // remembered, so a real sign-out is never lost.
      try {
        await sessions.verify(cookie);
      } catch (error) {
        if (error instanceof InvalidTokenError) return;
      }
      // Kept as long as the cookie could live; older rows are swept on the way.
      await db.query('DELETE FROM signed_out_sessions WHERE expires_at <= now()');
      await db.query(
        `INSERT INTO signed_out_sessions (cookie_hash, expires_at)
         VALUES ($1, now() + $2::integer * interval '1 millisecond')
         ON CONFLICT (cookie_hash) DO NOTHING`,
        [hash, sessionMaxAgeMs],
      );
    },
  };
}
