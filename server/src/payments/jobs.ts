// The money's scheduled work, in every server process (docs/decisions/068-money-jobs-once.md):
// - the deposit deadline: a requested booking whose deposit is unpaid DEPOSIT_DUE_HOURS after it
//   was made is cancelled by the brand ("The deposit was not paid"), its seats released and its
//   waiting list offered, with the cancellation email; staff bookings made with the deposit
//   waived never lapse;
// - the balance reminders 14 and 3 days before the balance date and the overdue notice the day
//   after, to bookings whose deposit is covered and whose total is not, each once.
// Once across processes: a lapse takes the booking's row lock (FOR UPDATE SKIP LOCKED) and
// changes its status, which the next look no longer matches; a reminder is the right to send it,
// a row in `reminders` (primary key booking_id, kind) inserted ON CONFLICT DO NOTHING in the
// transaction that queues the email, as server/src/reminders/reminders.ts does for the trip's.
import { systemActor, recordAudit } from '../audit/audit.js';
import { emailData, toBooking } from '../bookings/booking-row.js';
import { changeBookingStatusIn } from '../bookings/status.js';
import type { Database, Queryable } from '../db/database.js';
import { bookingColumns, bookingsFrom, type BalanceReminderKind, type BookingRow } from '../db/schema.js';
import { enqueueEmails, type EmailJob } from '../mail/outbox.js';
import type { OutageLogger } from '../outage-log.js';
import { startDatabaseJob, type Periodic } from '../periodic.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { daysBetween, todayIso } from '#contracts/iso-dates';
import { depositLapsedReason } from '#contracts/payment';
import { balanceDueOnSql, depositCentsSql } from '../money/sql.js';

const batchSize = 100;

// One batch of lapsed deposits; returns how many were cancelled.
async function lapseBatch(db: Database, now: Date, offers: OfferContext): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<BookingRow>(
      `SELECT ${bookingColumns} FROM ${bookingsFrom}
       WHERE b.status = 'requested' AND b.deposit_due_at IS NOT NULL AND NOT b.deposit_waived
         AND b.deposit_due_at < $1 AND b.paid_cents < ${depositCentsSql}
       ORDER BY b.deposit_due_at, b.id LIMIT ${batchSize}
       FOR UPDATE OF b SKIP LOCKED`,
      [now.toISOString()],
    );
    let lapsed = 0;
    for (const row of rows) {
      const outcome = await changeBookingStatusIn(tx, {
        bookingId: row.id,
        to: 'cancelled',
        actor: systemActor,
        reason: depositLapsedReason,
        offers,
      });
      if (outcome.kind === 'changed') lapsed += 1;
    }
    return lapsed;
  });
}

export async function lapseUnpaidDeposits(
  db: Database,
  now: Date,
  offers: () => OfferContext,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await lapseBatch(db, now, offers());
    total += n;
    if (n < batchSize) return total;
  }
}

// The window of each reminder, on `$1` (today) against the balance date `due`.
const due = balanceDueOnSql;
const windows: Record<BalanceReminderKind, string> = {
  'balance-14': `$1::date >= ${due} - 14 AND $1::date < ${due} - 3`,
  'balance-3': `$1::date >= ${due} - 3 AND $1::date <= ${due}`,
  // The day after the balance date, until the departure.
  'balance-overdue': `$1::date > ${due} AND $1::date < d.starts_on`,
};

async function remindBatch(db: Database, kind: BalanceReminderKind, today: string): Promise<number> {
  return db.transaction(async (tx: Queryable) => {
    const { rows } = await tx.query<BookingRow>(
      `SELECT ${bookingColumns} FROM ${bookingsFrom}
       WHERE b.status IN ('requested', 'confirmed') AND b.account_email IS NOT NULL
         AND d.starts_on >= $1::date
         AND b.paid_cents < b.total_cents
         AND (b.deposit_waived OR b.paid_cents >= ${depositCentsSql})
         AND ${windows[kind]}
         AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.booking_id = b.id AND r.kind = $2)
       ORDER BY d.starts_on, b.id LIMIT ${batchSize}
       FOR UPDATE OF b SKIP LOCKED`,
      [today, kind],
    );
    if (rows.length === 0) return 0;
    const claimed = await tx.query<{ booking_id: string }>(
      `INSERT INTO reminders (booking_id, kind) SELECT id, $2 FROM unnest($1::uuid[]) AS id
       ON CONFLICT (booking_id, kind) DO NOTHING RETURNING booking_id`,
      [rows.map((r) => r.id), kind],
    );
    const ours = new Set(claimed.rows.map((r) => r.booking_id));
    const send = rows.filter((r) => ours.has(r.id));
    if (send.length === 0) return 0;
    const jobs: EmailJob[] = send.map((row) => {
      const booking = toBooking(row);
      const daysLeft = booking.payment.balanceDueOn
        ? daysBetween(today, booking.payment.balanceDueOn)
        : undefined;
      return {
        bookingId: row.id,
        kind: kind === 'balance-overdue' ? 'balance-overdue' : 'balance-reminder',
        to: row.account_email!,
        data: emailData(booking, kind === 'balance-overdue' ? {} : { daysLeft }),
      };
    });
    await enqueueEmails(tx, jobs);
    await recordAudit(
      tx,
      send.map((row) => ({
        actor: systemActor,
        action: 'booking.reminder' as const,
        bookingId: row.id,
        departureId: row.departure_id ?? undefined,
        to:
          kind === 'balance-overdue'
            ? 'Balance overdue'
            : `Balance due (${kind === 'balance-14' ? 14 : 3} days before)`,
      })),
    );
    return send.length;
  });
}

export type MoneyRun = { lapsed: number; reminded: number };

export async function runMoneyJobs(db: Database, now: Date, offers: () => OfferContext): Promise<MoneyRun> {
  const lapsed = await lapseUnpaidDeposits(db, now, offers);
  const today = todayIso('UTC', now);
  let reminded = 0;
  for (const kind of ['balance-overdue', 'balance-3', 'balance-14'] as const) {
    for (;;) {
      const n = await remindBatch(db, kind, today);
      reminded += n;
      if (n < batchSize) break;
    }
  }
  return { lapsed, reminded };
}

export function startMoneyScheduler(options: {
  db: Database;
  intervalMs: number;
  offers: () => OfferContext;
  log: OutageLogger;
  now?: () => Date;
  onQueued?: () => void;
}): Periodic<MoneyRun> {
  const now = options.now ?? (() => new Date());
  return startDatabaseJob(() => runMoneyJobs(options.db, now(), options.offers), {
    intervalMs: options.intervalMs,
    log: options.log,
    worked: (run) => run.lapsed + run.reminded > 0,
    describe: (run) => `money: ${run.lapsed} deposits lapsed, ${run.reminded} balance emails queued`,
    afterWork: () => options.onQueued?.(),
    failed: 'money: could not look for lapsed deposits and due balances',
    recovered: 'money: database answers again',
  });
}
