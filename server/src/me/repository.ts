// Everything stored about one account, read for its export and erased when it is deleted. The
// erasure keeps what the brand's books need (references, dates, parties, totals) and removes the
// personal data: the bookings' contact details, the guests' details and answers, the addresses it
// invited, the waiting entries' address, the audit rows' actor, the notes on its bookings, its
// emails' content, its unverified address and its staff row.
import type { AccountExport } from '#contracts/me';
import type { Database, Queryable } from '../db/database.js';
import { outageLog, type OutageLogger } from '../outage-log.js';
import { startPeriodic } from '../periodic.js';
import { renderEmail } from '../mail/templates.js';
import type { EmailKind, EmailPayloads } from '../mail/outbox.js';
import type { Booking, WaitlistEntry } from '#contracts/api';
import { asciiLower, asciiLowerSql } from '../bookings/claim.js';
import { rememberDeletedAccount } from '../auth/deleted-accounts.js';

// What an erased booking, guest or email says where a name was.
export const erasedName = 'Deleted account';

export async function sentEmails(db: Queryable, userId: string, email: string | undefined) {
  const { rows } = await db.query<{ kind: string; payload: unknown; at: Date | string }>(
    `SELECT o.kind, o.payload, coalesce(o.sent_at, o.created_at) AS at FROM outbox o
      WHERE (o.recipient <> '' AND ${asciiLowerSql('o.recipient')} = $2)
         OR (o.booking_id IN (SELECT id FROM bookings WHERE user_id = $1) AND o.kind NOT LIKE 'operations-%')
      ORDER BY at DESC LIMIT 1000`,
    [userId, asciiLower(email ?? '')],
  );
  return rows.map((r) => {
    let subject: string | null = null;
    try {
      subject = renderEmail(r.kind as EmailKind, r.payload as EmailPayloads[EmailKind]).subject;
    } catch {
      // Purged content (OUTBOX_RETENTION_DAYS): the kind and date remain.
    }
    return { kind: r.kind, subject, date: new Date(r.at).toISOString() };
  });
}

// The addresses the account invited to fill in their own details, which traveller each is.
export async function invitedAddresses(db: Queryable, userId: string): Promise<AccountExport['invitations']> {
  const { rows } = await db.query<{
    booking_id: string;
    reference: string;
    position: number;
    email: string;
    invited_at: Date | string;
  }>(
    `SELECT l.booking_id, b.reference, l.position, l.email, l.invited_at FROM guest_links l
       JOIN bookings b ON b.id = l.booking_id
      WHERE b.user_id = $1 ORDER BY l.invited_at DESC, l.booking_id, l.position LIMIT 10000`,
    [userId],
  );
  return rows.map((r) => ({
    bookingId: r.booking_id,
    reference: r.reference,
    traveller: r.position + 1,
    email: r.email,
    invitedAt: new Date(r.invited_at).toISOString(),
  }));
}

export function accountExport(
  account: { uid: string; email?: string },
  bookings: Booking[],
  waitingList: WaitlistEntry[],
  invitations: AccountExport['invitations'],
  emails: AccountExport['emails'],
): AccountExport {
  return {
    exportedAt: new Date().toISOString(),
    account: { uid: account.uid, email: account.email ?? null },
    bookings,
    waitingList,
    invitations,
    emails,
  };
}

// Erases the account's personal data in one transaction (its bookings were cancelled before, each
// with its own audit row and emails). Traveller emails not sent yet are dropped (their address is
// gone); the brand's copies keep the reference and dates without the contact details.
export function eraseAccountData(db: Database, userId: string, email: string | undefined) {
  return db.transaction(async (tx) => {
    const mine = `SELECT id FROM bookings WHERE user_id = $1`;
    // Remembered first, for every process: a token one of them still trusts is refused from now
    // on (server/src/auth/deleted-accounts.ts).
    await rememberDeletedAccount(tx, userId);
    await tx.query(
      `UPDATE booking_guests SET full_name = '', date_of_birth = NULL, dietary = '', medical = '',
         emergency_name = '', emergency_phone = '', answers = '{}'::jsonb, updated_at = now()
        WHERE booking_id IN (${mine})`,
      [userId],
    );
    // The addresses it invited, with their links (and the reminders' claims on them).
    await tx.query(`DELETE FROM guest_reminders WHERE booking_id IN (${mine})`, [userId]);
    await tx.query(`DELETE FROM guest_links WHERE booking_id IN (${mine})`, [userId]);
    // The address it signed in with before confirming it.
    await tx.query(
      `DELETE FROM unverified_addresses WHERE user_id = $1 OR (email <> '' AND ${asciiLowerSql('email')} = $2)`,
      [userId, asciiLower(email ?? '')],
    );
    // A deleted member of staff leaves the team's index (its claim went with the account), and
    // the team's trail names them no more.
    await tx.query('DELETE FROM staff WHERE uid = $1', [userId]);
    await tx.query('UPDATE staff_events SET actor = $3 WHERE actor = $1 OR actor = $2', [
      userId,
      email ?? userId,
      erasedName,
    ]);
    await tx.query(
      `UPDATE outbox SET status = CASE WHEN status IN ('queued', 'sending') THEN 'failed' ELSE status END,
         last_error = CASE WHEN status IN ('queued', 'sending') THEN 'The account was deleted' ELSE NULL END,
         recipient = '', payload = '{}'::jsonb
        WHERE (booking_id IN (${mine}) AND kind NOT LIKE 'operations-%')
           OR (recipient <> '' AND ${asciiLowerSql('recipient')} = $2)`,
      [userId, asciiLower(email ?? '')],
    );
    await tx.query(
      `UPDATE outbox SET last_error = NULL,
         payload = payload || jsonb_build_object('name', $2::text, 'email', '', 'phone', '', 'address', '')
        WHERE booking_id IN (${mine}) AND kind LIKE 'operations-%'`,
      [userId, erasedName],
    );
    await tx.query(
      `UPDATE booking_notes SET text = 'Erased with the account.' WHERE booking_id IN (${mine})`,
      [userId],
    );
    await tx.query(
      `UPDATE audit_events SET actor = $3
        WHERE (actor = $2 OR actor = $1)
           OR ((booking_id IN (${mine}) OR waitlist_entry_id IN (SELECT id FROM waitlist_entries WHERE user_id = $1))
               AND actor_type = 'traveller')`,
      [userId, email ?? userId, erasedName],
    );
    // The ledger stays (the brand's books: amounts, dates, references); staff's notes about the
    // person go (the one change its trigger allows, migration 60).
    await tx.query(
      `UPDATE payment_entries SET note = NULL WHERE booking_id IN (${mine}) AND note IS NOT NULL`,
      [userId],
    );
    await tx.query(`UPDATE waitlist_entries SET user_email = '', updated_at = now() WHERE user_id = $1`, [
      userId,
    ]);
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE bookings SET name = $2, email = '', address = '', phone = '', account_email = NULL, updated_at = now()
        WHERE user_id = $1 RETURNING id`,
      [userId, erasedName],
    );
    return rows.length;
  });
}

// Payloads of emails sent more than `days` ago are emptied: the row stays (kind, dates) for the
// outbox's bookkeeping. Every process may run it: the advisory lock lets one process at a time do
// the work. In batches of `batchSize`, each its own short transaction through the partial index of
// migration 47: the first run over a large outbox (three million sent emails in bench:data) was
// one UPDATE that outlived the query timeout and held its rows meanwhile.
export async function purgeSentEmails(
  db: Database,
  days: number,
  now = new Date(),
  batchSize = 5000,
): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const purged = await db.transaction(async (tx) => {
      const { rows: lock } = await tx.query<{ ok: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('outbox-retention')) AS ok`,
      );
      if (!lock[0]?.ok) return undefined;
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE outbox SET payload = '{}'::jsonb, last_error = NULL
          WHERE id IN (SELECT id FROM outbox
                       WHERE status = 'sent' AND sent_at < $1 AND payload <> '{}'::jsonb
                       ORDER BY sent_at LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
        [before, batchSize],
      );
      return rows.length;
    });
    if (purged === undefined) return total;
    total += purged;
    if (purged < batchSize) return total;
  }
}

export function startOutboxRetention(options: {
  db: Database;
  days: number;
  intervalMs?: number;
  log?: OutageLogger;
}) {
  return startPeriodic(() => purgeSentEmails(options.db, options.days), {
    intervalMs: options.intervalMs ?? 60 * 60 * 1000,
    atStart: true,
    report: outageLog(options.log, {
      failed: 'outbox retention: purging sent emails failed; trying again later',
      recovered: 'outbox retention: purging sent emails works again',
    }),
  });
}
