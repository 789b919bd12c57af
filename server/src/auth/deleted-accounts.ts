// An account deleted through DELETE /api/me (server/src/me/routes.ts) is refused at once by every
// process: its uid is written to deleted_accounts (migration 55) in the erasure's transaction, and
// a token a process still trusts from its cache (./token-cache.ts) is checked against that table
// before it is used. A token verified afresh needs no look-up: the identity provider refuses a
// deleted account itself (./verify-token.ts reads the account). Kept for an hour, the longest an
// ID token lives, so a longer TOKEN_CACHE_SECONDS changes nothing.
import type { Database, Queryable } from '../db/database.js';
import type { TokenVerifier } from './verified-user.js';
import { InvalidTokenError } from './verify-token.js';

const rememberedFor = '1 hour';

export async function rememberDeletedAccount(tx: Queryable, uid: string) {
  await tx.query(`DELETE FROM deleted_accounts WHERE until < now()`);
  await tx.query(
    `INSERT INTO deleted_accounts (uid, until) VALUES ($1, now() + interval '${rememberedFor}')
     ON CONFLICT (uid) DO UPDATE SET until = excluded.until`,
    [uid],
  );
}

export const deletedAccountMessage = 'This account was deleted.';

export function refusingDeletedAccounts(verify: TokenVerifier, db: Database): TokenVerifier {
  const check: TokenVerifier = async (idToken) => {
    const trusted = verify.known?.(idToken) ?? false;
    const user = await verify(idToken);
    if (trusted) {
      // A database that cannot answer lets the request on: whatever it does needs the database,
      // and answers 503 there (server/src/http/problem.ts), not a 500 here.
      const rows = await db
        .query('SELECT 1 FROM deleted_accounts WHERE uid = $1 AND until > now()', [user.uid])
        .then((r) => r.rows)
        .catch(() => []);
      if (rows.length > 0) throw new InvalidTokenError('auth/user-not-found', deletedAccountMessage);
    }
    return user;
  };
  // Whatever else the verifier can answer (server/src/auth/verified-user.ts) passes through.
  if (verify.known) check.known = verify.known;
  if (verify.emailVerifiedNow) check.emailVerifiedNow = verify.emailVerifiedNow;
  return check;
}
