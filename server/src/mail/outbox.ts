import type { Language } from '#contracts/language';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { BookingStatus } from '#contracts/booking';
import type { Payment, PaymentMethod } from '#contracts/payment';
import { prepared, type Queryable } from '../db/database.js';
import { outboxColumns, type OutboxTable } from '../db/schema.js';

export const emailKinds = [
  'booking-received',
  'booking-confirmed',
  'booking-cancelled',
  'booking-changed',
  'waitlist-offered',
  'waitlist-closed',
  'trip-reminder',
  'details-reminder',
  'guest-invite',
  'guest-details-reminder',
  'departure-message',
  'operations-request',
  'operations-cancellation',
  'operations-change',
  'move-offered',
  'waitlist-not-running',
  // Contract v5 (server/src/payments): a receipt for each ledger entry, the balance reminders
  // (14 and 3 days before its date) and the overdue notice.
  'payment-receipt',
  'balance-reminder',
  'balance-overdue',
] as const;
export type EmailKind = (typeof emailKinds)[number];

// Everything an email needs, copied when the change is made: the message tells what was true
// then, whatever happens to the booking afterwards.
export type BookingEmailData = {
  reference: string;
  name: string;
  packageName: string;
  // ISO date, or null for a booking without a departure ("date to be agreed").
  startsOn: string | null;
  travellers: number;
  // Whole dollars.
  price: number;
  total: number;
  status: BookingStatus;
  // Cancellations: why, and who cancelled ("you", or "Wayfarer Tours").
  reason?: string | null;
  cancelledBy?: 'traveller' | 'operator' | 'system';
  // Changes: the booking as it was before (the new values are the fields above).
  previous?: { startsOn: string | null; travellers: number; total: number };
  // Where and when the group meets, when the operator set them (departures.meeting_point/_time).
  meetingPoint?: string | null;
  meetingTime?: string | null;
  // The details reminder: which travellers still miss details ("Traveller 2 (invited)").
  missing?: string[];
  // The booking's money then (contracts/payment.ts), and how to pay (PAYMENT_INSTRUCTIONS).
  // Absent in emails queued before contract v5.
  money?: MoneyEmailData;
  // A receipt: the entry it is for.
  entry?: { kind: 'payment' | 'refund'; method: PaymentMethod; amountCents: number };
  // A balance reminder: days until the balance date.
  daysLeft?: number;
  // The booking's language (migration 63); English when absent, as in emails queued before it.
  language?: Language;
};

export type MoneyEmailData = Pick<
  Payment,
  | 'currency'
  | 'totalCents'
  | 'depositCents'
  | 'paidCents'
  | 'dueNowCents'
  | 'refundDueCents'
  | 'state'
  | 'depositDueAt'
  | 'balanceDueOn'
> & {
  instructions: string;
  // PAYMENT_PROVIDER=stripe when queued: the email offers "Pay the deposit" / "Pay the balance"
  // (server/src/mail/pay-by-card.ts). Absent in emails queued without it.
  payByCard?: boolean;
};

// A waiting-list offer: no booking yet, only the seats held until the deadline.
export type WaitlistOfferEmailData = {
  packageName: string;
  startsOn: string;
  travellers: number;
  // ISO timestamp.
  offerExpiresAt: string;
  // The entry's language (migration 67); English when absent, as in emails queued before it.
  language?: Language;
};

// The brand moved the booking's departure (server/src/moves): the booking as it is, the new date
// with its seats held until the deadline, and the operator's note, if any.
export type MoveOfferEmailData = BookingEmailData & {
  newStartsOn: string;
  // ISO timestamp.
  offerExpiresAt: string;
  message?: string | null;
  // Per person, whole dollars, once accepted: the lower of the booking's price and the new date's
  // (absent from an email queued before moves stated it).
  newPrice?: number;
  // A party without an account (a phone booking): their personal link to answer (/moves/{token});
  // absent: they answer in My bookings.
  answerPath?: string;
};

// A waiting party on a departure that will not run: its place is closed.
export type WaitlistNotRunningEmailData = {
  packageName: string;
  startsOn: string;
  travellers: number;
  // The entry's language (migration 67); English when absent.
  language?: Language;
};

// A waiting party that no longer fits the date at all: its place is closed.
export type WaitlistClosedEmailData = {
  packageName: string;
  startsOn: string;
  travellers: number;
  capacity: number;
  // The entry's language (migration 67); English when absent.
  language?: Language;
};

// A traveller invited by the lead to fill in their own details (server/src/guest-links): the
// trip, who invited them, until when, and their personal link (a path on the site; its token is
// stored nowhere else but hashed, docs/decisions/030-guest-links.md). The reminder carries a
// fresh link in the same shape.
export type GuestInviteEmailData = {
  packageName: string;
  startsOn: string | null;
  leadName: string;
  // The last day the details can be changed online (ISO date).
  editableUntil: string | null;
  linkPath: string;
  // The booking's language (migration 63): the invitation and its page are in it.
  language?: Language;
};

// An operator's message to everyone on a departure: their words, sent as plain text.
export type DepartureMessageData = BookingEmailData & { subject: string; body: string };

// The brand's own copy of a traveller's request, cancellation or change (OPERATIONS_EMAIL):
// the booking's facts plus how to reach the traveller.
export type OperationsEmailData = BookingEmailData & {
  email: string;
  phone: string;
  // Changes: what the booking was before ("12 Dec 2026, 2 travellers").
  before?: string | null;
  // A change that was the traveller accepting the brand's move to another date, not their own.
  acceptedMove?: boolean;
};

export type EmailPayloads = {
  'booking-received': BookingEmailData;
  'booking-confirmed': BookingEmailData;
  'booking-cancelled': BookingEmailData;
  'booking-changed': BookingEmailData;
  'waitlist-offered': WaitlistOfferEmailData;
  'waitlist-closed': WaitlistClosedEmailData;
  'trip-reminder': BookingEmailData;
  'details-reminder': BookingEmailData;
  'guest-invite': GuestInviteEmailData;
  'guest-details-reminder': GuestInviteEmailData;
  'departure-message': DepartureMessageData;
  'operations-request': OperationsEmailData;
  'operations-cancellation': OperationsEmailData;
  'operations-change': OperationsEmailData;
  'move-offered': MoveOfferEmailData;
  'waitlist-not-running': WaitlistNotRunningEmailData;
  'payment-receipt': BookingEmailData;
  'balance-reminder': BookingEmailData;
  'balance-overdue': BookingEmailData;
};

// A waiting-list offer belongs to no booking yet: its job has none.
export type EmailJob = {
  [K in EmailKind]: {
    id?: string;
    bookingId: K extends 'waitlist-offered' | 'waitlist-closed' | 'waitlist-not-running' ? null : string;
    kind: K;
    to: string;
    data: EmailPayloads[K];
  };
}[EmailKind];

// UNVERIFIED_EMAILS_PER_DAY: emails a day to the address of an account that has not verified it
// (anyone can sign up with a stranger's address). Set once at start (main.ts).
export const defaultUnverifiedEmailsPerDay = 3;
let perDayCap = defaultUnverifiedEmailsPerDay;
export const setUnverifiedEmailsPerDay = (perDay: number) => {
  perDayCap = perDay;
};
export const unverifiedEmailsPerDay = () => perDayCap;

// The one statement that writes outbox rows: every email the server queues goes through it,
// enqueueEmails below and the booking writer's statement (server/src/bookings/writer.ts, which runs
// it as one of its CTEs so that a booking stays one round trip). `source` names a relation (a CTE
// or a parenthesised SELECT) of the emails to queue, with the columns
//   id uuid, booking_id uuid, kind text, recipient text, payload jsonb, position int
// and `perDay` the parameter that carries UNVERIFIED_EMAILS_PER_DAY ('$2'). The rules, here once:
// - never to an empty address (an account without one);
// - the brand's own copies (kinds operations-*, to OPERATIONS_EMAIL) are not an account's emails;
// - to an address its account has not verified (unverified_addresses, kept by ./unverified.ts):
//   at most UNVERIFIED_EMAILS_PER_DAY in 24 hours, counting those already queued and, in
//   `position` order, those of this statement; each without the account's name. The rest are not
//   queued.
// Returns the ids queued.
export const insertOutboxRows = (source: string, perDay: string) => `
    INSERT INTO outbox (${outboxColumns.join(', ')})
    SELECT e.id, e.booking_id, e.kind, e.recipient,
      CASE WHEN e.unverified_user IS NOT NULL AND e.payload ? 'name'
        THEN e.payload || '{"name": ""}'::jsonb ELSE e.payload END,
      e.unverified_user
    FROM (
      SELECT s.id, s.booking_id, s.kind, s.recipient, s.payload, u.user_id AS unverified_user,
        row_number() OVER (PARTITION BY u.user_id ORDER BY s.position) AS nth
      FROM ${source} s
      LEFT JOIN unverified_addresses u ON u.email = s.recipient AND s.kind NOT LIKE 'operations-%'
      WHERE s.recipient ~ '[^[:space:]]'
    ) e
    WHERE e.unverified_user IS NULL
      OR e.nth + (SELECT count(*) FROM outbox o
                   WHERE o.unverified_user = e.unverified_user
                     AND o.created_at > now() - interval '1 day') <= ${perDay}::integer
    RETURNING id`;

const enqueueSql = prepared(
  'outbox-enqueue',
  `WITH jobs AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS j(id uuid, booking_id uuid, kind text, recipient text, payload jsonb, position int)
  )${insertOutboxRows('jobs', '$2')}`,
);

// Queues emails in the caller's transaction; the outbox worker delivers them after the commit.
// Held there to insertOutboxRows' rules, so every path that emails a traveller is held to the cap.
// Returns how many were left out, for the caller's log (which never names the address).
export async function enqueueEmails(q: Queryable, jobs: EmailJob[]): Promise<{ skipped: number }> {
  if (jobs.length === 0) return { skipped: 0 };
  const { rows } = await q.query<{ id: string }>(enqueueSql, [
    JSON.stringify(
      jobs.map((j, position) => ({
        id: j.id ?? randomUUID(),
        booking_id: j.bookingId,
        kind: j.kind,
        recipient: j.to,
        payload: j.data,
        position,
      })),
    ),
    perDayCap,
  ]);
  return { skipped: jobs.length - rows.length };
}

// A message the worker holds: claimed with a lease, to be sent and then settled.
export type ClaimedEmail = {
  id: string;
  bookingId: string | null;
  kind: string;
  recipient: string;
  payload: EmailPayloads[EmailKind];
  // Counting this claim.
  attempts: number;
  // When the message was queued: the calendar file's DTSTAMP, so every retry builds the same file.
  createdAt: Date;
};

type ClaimedRow = Pick<
  Selectable<OutboxTable>,
  'id' | 'booking_id' | 'kind' | 'recipient' | 'attempts' | 'created_at'
> & {
  payload: EmailPayloads[EmailKind] | string;
};

// One statement, so it is atomic on PGlite and pg alike: due messages (queued and past run_after,
// or held by a worker whose lease ran out) are locked, skipping rows another worker is claiming,
// and leased to `workerId`. The outer status check guards against a row that changed between the
// subquery's snapshot and the lock (READ COMMITTED re-checks only the UPDATE's own WHERE).
export async function claimDueEmails(
  q: Queryable,
  { workerId, limit, leaseMs }: { workerId: string; limit: number; leaseMs: number },
): Promise<ClaimedEmail[]> {
  const { rows } = await q.query<ClaimedRow>(
    `UPDATE outbox o
        SET status = 'sending',
            locked_by = $1,
            locked_until = now() + $3::integer * interval '1 millisecond',
            attempts = o.attempts + 1
       FROM (
         SELECT id FROM outbox
          WHERE status IN ('queued', 'sending')
            AND run_after <= now()
            AND (status = 'queued' OR locked_until < now())
          ORDER BY run_after, id
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       ) due
      WHERE o.id = due.id
        AND (o.status = 'queued' OR o.locked_until < now())
  RETURNING o.id, o.booking_id, o.kind, o.recipient, o.payload, o.attempts, o.created_at`,
    [workerId, limit, leaseMs],
  );
  return rows.map((r) => ({
    id: r.id,
    bookingId: r.booking_id,
    kind: r.kind,
    recipient: r.recipient,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as EmailPayloads[EmailKind]) : r.payload,
    attempts: r.attempts,
    createdAt: new Date(r.created_at),
  }));
}

// Sent. Only while the lease is still ours: a worker that lost it (expired and reclaimed) must
// not settle what another worker now holds. False when it was not ours any more.
export async function markEmailSent(q: Queryable, id: string, workerId: string): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE outbox
        SET status = 'sent', sent_at = now(), locked_by = NULL, locked_until = NULL, last_error = NULL
      WHERE id = $1 AND locked_by = $2 AND status = 'sending'
  RETURNING id`,
    [id, workerId],
  );
  return rows.length > 0;
}

// Not sent this time: back to the queue after `retryInMs`, or 'failed' for good when `retryInMs`
// is null. Null when the lease was not ours any more.
export async function markEmailFailed(
  q: Queryable,
  id: string,
  workerId: string,
  { error, retryInMs }: { error: string; retryInMs: number | null },
): Promise<'queued' | 'failed' | null> {
  const { rows } = await q.query<{ status: 'queued' | 'failed' }>(
    `UPDATE outbox
        SET status = CASE WHEN $4::integer IS NULL THEN 'failed' ELSE 'queued' END,
            run_after = now() + coalesce($4::integer, 0) * interval '1 millisecond',
            locked_by = NULL,
            locked_until = NULL,
            last_error = $3
      WHERE id = $1 AND locked_by = $2 AND status = 'sending'
  RETURNING status`,
    [id, workerId, error.slice(0, 2000), retryInMs],
  );
  return rows[0]?.status ?? null;
}

// Hands back what `workerId` still holds (all of it, or the messages `ids`), due at once for any
// worker. The claim's attempt is taken back: the message was not tried to the end.
export async function releaseHeldEmails(q: Queryable, workerId: string, ids?: string[]): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE outbox
        SET status = 'queued', locked_by = NULL, locked_until = NULL, run_after = now(),
            attempts = greatest(attempts - 1, 0)
      WHERE locked_by = $1 AND status = 'sending' AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
  RETURNING id`,
    [workerId, ids ?? null],
  );
  return rows.length;
}
