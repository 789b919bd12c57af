import type { Queryable } from '../db/database.js';
import { rememberAtMost } from '../bounded-map.js';

type Account = { uid: string; email?: string; emailVerified?: boolean };

// Keeps unverified_addresses (migration 12) in step with what the accounts' verified tokens say:
// an address whose account signed in with email_verified false is listed (its emails are capped
// and impersonal: ./outbox.ts), and leaves the list when a token says it is verified. Each
// process remembers what it last wrote per account, so the database is written only when an
// account's state changes, not on every request.
export function addressVerificationTracker(db: Queryable, { maxRemembered = 50_000 } = {}) {
  const known = new Map<string, string>();
  return async (account: Account) => {
    if (!account.email || account.emailVerified === undefined) return;
    const state = `${account.emailVerified ? 'verified' : 'unverified'}:${account.email}`;
    if (known.get(account.uid) === state) return;
    if (account.emailVerified) {
      await db.query('DELETE FROM unverified_addresses WHERE user_id = $1', [account.uid]);
    } else {
      await db.query(
        `INSERT INTO unverified_addresses (email, user_id) VALUES ($1, $2)
         ON CONFLICT (email) DO UPDATE SET user_id = EXCLUDED.user_id`,
        [account.email, account.uid],
      );
    }
    rememberAtMost(known, account.uid, state, maxRemembered);
  };
}
