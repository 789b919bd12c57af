// The one booking writer: every new booking, whether a request through the booking batch
// (./batch.ts) or an accepted waiting-list offer (server/src/waitlist/repository.ts), is stored
// by the statement below, so every booking gets its seats, guests, audit row and emails the same
// way, in the caller's transaction.
import { randomUUID } from 'node:crypto';
import type { BookingInput } from '#contracts/booking';
import { emptyGuest } from '#contracts/guests';
import type { Actor } from '../audit/audit.js';
import { prepared, type PreparedStatement } from '../db/database.js';
import type { DepartureRow } from '../db/schema.js';
import type { ServerPackage } from '../catalog/packages.js';
import { emailData, toBooking } from './booking-row.js';
import { insertOutboxRows, unverifiedEmailsPerDay } from '../mail/outbox.js';
import type { Booking } from '#contracts/api';
import { defaultPaymentTerms, depositDeadline, type PaymentTerms } from '#contracts/payment';
import { paymentSettings } from '../money/settings.js';

// A booking to store, with the id and reference it will have.
export type NewBookingRequest = {
  id: string;
  reference: string;
  userId: string;
  // The verified token's email: the booking's emails go there (none when the account has none).
  accountEmail: string | null;
  // Where the brand's copy of the request goes (OPERATIONS_EMAIL); null: nowhere.
  operationsEmail: string | null;
  actor: Actor;
  input: Pick<BookingInput, 'name' | 'email' | 'address' | 'phone' | 'language'>;
  pkg: ServerPackage;
  travellers: number;
  idempotencyKey: string | null;
  departure: DepartureRow;
  // An accepted waiting-list offer: its seats are counted in seats_taken already (the offer held
  // them), and the entry becomes `booked` with this booking.
  waitlistEntryId?: string;
  // A booking staff enter (server/src/admin/new-booking.ts) may be stored confirmed; its email is
  // then the confirmation. Unset: requested.
  status?: 'requested' | 'confirmed';
  // Staff may make a booking without a deposit deadline (contract v5): never lapsed.
  depositWaived?: boolean;
};

// The package's payment terms in force now, copied onto the booking (contracts/payment.ts).
const termsOf = (pkg: ServerPackage): PaymentTerms => ({
  depositPercent: pkg.depositPercent ?? defaultPaymentTerms.depositPercent,
  balanceDueDays: pkg.balanceDueDays ?? defaultPaymentTerms.balanceDueDays,
  cancellationFees: pkg.cancellationFees ?? defaultPaymentTerms.cancellationFees,
});

type Row = {
  r: NewBookingRequest;
  price: number;
  terms: PaymentTerms;
  depositDueAt: Date | null;
  booking: Booking;
  position: number;
};

// The statement's input: one JSON array of rows, the columns named and typed here. One
// JSON.stringify is cheaper than pg's escaping of an array per column (5% of the server's time
// per booking under npm run bench:api), and it stays one fixed statement whatever the batch size.
const inputs: [string, string, (row: Row) => unknown][] = [
  ['id', 'uuid', ({ r }) => r.id],
  ['reference', 'text', ({ r }) => r.reference],
  ['user_id', 'text', ({ r }) => r.userId],
  ['package_id', 'text', ({ r }) => r.pkg.id],
  ['package_name', 'text', ({ r }) => r.pkg.name],
  ['price_cents', 'int', ({ price }) => price],
  ['name', 'text', ({ r }) => r.input.name],
  ['email', 'text', ({ r }) => r.input.email],
  ['address', 'text', ({ r }) => r.input.address],
  ['phone', 'text', ({ r }) => r.input.phone],
  ['idempotency_key', 'text', ({ r }) => r.idempotencyKey],
  ['departure_id', 'uuid', ({ r }) => r.departure.id],
  ['travellers', 'int', ({ r }) => r.travellers],
  ['actor_type', 'text', ({ r }) => r.actor.type],
  ['actor', 'text', ({ r }) => r.actor.name],
  ['status', 'text', ({ r }) => r.status ?? 'requested'],
  ['email_kind', 'text', ({ r }) => (r.status === 'confirmed' ? 'booking-confirmed' : 'booking-received')],
  ['payload', 'jsonb', ({ booking }) => emailData(booking)],
  ['outbox_id', 'uuid', () => randomUUID()],
  ['account_email', 'text', ({ r }) => r.accountEmail],
  ['operations_email', 'text', ({ r }) => r.operationsEmail],
  // Seats the booking already holds (an accepted offer's): not added to seats_taken again.
  ['seats_held', 'int', ({ r }) => (r.waitlistEntryId ? r.travellers : 0)],
  ['waitlist_entry_id', 'uuid', ({ r }) => r.waitlistEntryId ?? null],
  ['deposit_percent', 'int', ({ terms }) => terms.depositPercent],
  ['balance_due_days', 'int', ({ terms }) => terms.balanceDueDays],
  ['cancellation_fees', 'jsonb', ({ terms }) => terms.cancellationFees],
  ['deposit_due_at', 'timestamptz', ({ depositDueAt }) => depositDueAt?.toISOString() ?? null],
  ['deposit_waived', 'boolean', ({ r }) => r.depositWaived ?? false],
  ['language', 'text', ({ r }) => r.input.language ?? 'en'],
  // The request's place in the batch: the order its emails count against a cap.
  ['position', 'int', ({ position }) => position],
];

// The bookings (ON CONFLICT on the idempotency key: a retry that another process is storing at
// this moment is answered by the batch after COMMIT, and its seats are not counted here), the
// seats taken by what was inserted, the audit rows, the "booking received" emails (to the
// account's address) and the brand's copy, the guests, and an accepted offer's entry. One round
// trip instead of several is most of a batch's cost on PGlite.
export const writeBookingsSql: PreparedStatement = prepared(
  'booking-write',
  `WITH v AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS v(${inputs.map(([name, type]) => `${name} ${type}`).join(', ')})
  ), ins AS (
    INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name,
      email, account_email, address, phone, idempotency_key, departure_id, travellers, total_cents,
      status, deposit_percent, balance_due_days, cancellation_fees, deposit_due_at, deposit_waived,
      language)
    SELECT id, reference, user_id, package_id, package_name, price_cents, name, email,
      account_email, address, phone, idempotency_key, departure_id, travellers,
      price_cents * travellers, status, deposit_percent, balance_due_days, cancellation_fees,
      deposit_due_at, deposit_waived, language FROM v
    ON CONFLICT ON CONSTRAINT bookings_idempotency DO NOTHING
    RETURNING id, departure_id, travellers, created_at
  ), seats AS (
    UPDATE departures d SET seats_taken = d.seats_taken + s.n, updated_at = now()
    FROM (SELECT ins.departure_id, sum(ins.travellers - v.seats_held)::int AS n
          FROM ins JOIN v USING (id) GROUP BY ins.departure_id) s
    WHERE d.id = s.departure_id AND s.n <> 0
  ), entries AS (
    UPDATE waitlist_entries w SET status = 'booked', booking_id = ins.id, updated_at = now()
    FROM ins JOIN v USING (id) WHERE w.id = v.waitlist_entry_id
  ), audit AS (
    INSERT INTO audit_events (booking_id, departure_id, actor_type, actor, action, to_value)
    SELECT ins.id, ins.departure_id, v.actor_type, v.actor, 'booking.created', v.status
    FROM ins JOIN v USING (id)
  ), audit_entries AS (
    INSERT INTO audit_events (booking_id, departure_id, waitlist_entry_id, actor_type, actor, action,
      from_value, to_value)
    SELECT ins.id, ins.departure_id, v.waitlist_entry_id, v.actor_type, v.actor, 'waitlist.booked',
      'offered', 'booked'
    FROM ins JOIN v USING (id) WHERE v.waitlist_entry_id IS NOT NULL
  ), emails AS (
    -- The email to the account's address, and the brand's copy (OPERATIONS_EMAIL) with how to
    -- reach the traveller (operationsEmailData in ./booking-row.ts builds the same), queued by
    -- the outbox's one writer (insertOutboxRows in server/src/mail/outbox.ts: never to an empty
    -- address; to an unverified one without the name, within UNVERIFIED_EMAILS_PER_DAY, $2).
    SELECT v.outbox_id AS id, ins.id AS booking_id, v.email_kind AS kind,
      v.account_email AS recipient, v.payload, 2 * v.position AS position
    FROM ins JOIN v USING (id)
    UNION ALL
    SELECT gen_random_uuid(), ins.id, 'operations-request', v.operations_email,
      v.payload || jsonb_build_object('email', v.email, 'phone', v.phone), 2 * v.position + 1
    FROM ins JOIN v USING (id) WHERE v.operations_email IS NOT NULL
  ), mail AS (${insertOutboxRows('emails', '$2')}
  ), guests AS (
    -- One guest per traveller; the first takes the booking's name.
    INSERT INTO booking_guests (booking_id, position, full_name)
    SELECT ins.id, g.position, CASE WHEN g.position = 0 THEN v.name ELSE '' END
    FROM ins JOIN v USING (id) CROSS JOIN LATERAL generate_series(0, ins.travellers - 1) AS g(position)
  )
  SELECT id, created_at FROM ins`,
);

// The booking as it will be stored; the database's own time replaces createdAt once it is in.
function newBooking(
  r: NewBookingRequest,
  price: number,
  terms: PaymentTerms,
  depositDueAt: Date | null,
  now: Date,
): Booking {
  return toBooking({
    // A new booking's travellers are blank: incomplete whatever the package asks.
    questions: null,
    id: r.id,
    reference: r.reference,
    user_id: r.userId,
    package_id: r.pkg.id,
    package_name: r.pkg.name,
    price_cents: price,
    name: r.input.name,
    email: r.input.email,
    account_email: r.accountEmail,
    address: r.input.address,
    phone: r.input.phone,
    departure_id: r.departure.id,
    starts_on: r.departure.starts_on,
    travellers: r.travellers,
    total_cents: price * r.travellers,
    status: r.status ?? 'requested',
    cancel_reason: null,
    created_at: now,
    updated_at: now,
    deposit_percent: terms.depositPercent,
    balance_due_days: terms.balanceDueDays,
    cancellation_fees: terms.cancellationFees,
    deposit_due_at: depositDueAt,
    deposit_waived: r.depositWaived ?? false,
    language: r.input.language ?? 'en',
    paid_cents: 0,
    refunded_cents: 0,
    cancellation_fee_cents: null,
    meeting_point: r.departure.meeting_point,
    meeting_time: r.departure.meeting_time,
    // As the statement above stores them: the first takes the booking's name.
    guests: Array.from({ length: r.travellers }, (_, i) => ({
      ...emptyGuest(i === 0 ? r.input.name : ''),
      checkIn: null,
    })),
  });
}

// Runs the statement: `tx.commit` of a short transaction, or `tx.query` of an ordinary one.
export type RunStatement = (
  statement: PreparedStatement,
  params: unknown[],
) => Promise<{ id: string; created_at: Date | string }[]>;

// Stores the bookings (the caller has locked their departures and checked the seats and the
// held-seat limit). Returns, in order, each booking as stored, or null where its idempotency key
// was stored already.
export async function writeBookings(
  run: RunStatement,
  requests: NewBookingRequest[],
): Promise<(Booking | null)[]> {
  if (requests.length === 0) return [];
  const rows: Row[] = requests.map((r, position) => {
    // The departure's own price when it has one, else the package's: fixed now, whatever either
    // becomes later (bookings.price_cents).
    const price = r.departure.price_cents ?? r.pkg.priceCents;
    const terms = termsOf(r.pkg);
    // The deposit's deadline, DEPOSIT_DUE_HOURS from now (none when staff waived it).
    const now = new Date();
    const depositDueAt = r.depositWaived ? null : depositDeadline(now, paymentSettings.depositDueHours);
    return {
      r,
      price,
      terms,
      depositDueAt,
      booking: newBooking(r, price, terms, depositDueAt, now),
      position,
    };
  });
  const inserted = await run(writeBookingsSql, [
    JSON.stringify(
      rows.map((row) => Object.fromEntries(inputs.map(([name, , value]) => [name, value(row)]))),
    ),
    unverifiedEmailsPerDay(),
  ]);
  const createdAt = new Map(inserted.map((r) => [r.id, new Date(r.created_at).toISOString()]));
  return rows.map(({ booking }) => {
    const at = createdAt.get(booking.id);
    return at ? { ...booking, createdAt: at } : null;
  });
}
