// The ledger's one writer: a payment or a refund recorded by staff (POST
// /api/admin/bookings/{id}/payments), in one transaction with the booking's row lock, the entry
// (whose INSERT moves bookings.paid_cents in the same statement: migration 60), the audit row
// naming the staff member, the receipt email and, when the deposit is now covered, the booking's
// confirmation (CONFIRM_ON_DEPOSIT). docs/decisions/067-payment-ledger.md.
import { randomUUID } from 'node:crypto';
import type { Booking } from '#contracts/api';
import { centsDecimal } from '#contracts/money';
import {
  paymentAllowedCents,
  refundAllowedCents,
  type PaymentEntry,
  type PaymentKind,
  type PaymentMethod,
} from '#contracts/payment';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.js';
import { emailData, toBooking } from '../bookings/booking-row.js';
import { changeBookingStatusIn } from '../bookings/status.js';
import type { Database, Queryable } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import { lockBooking } from '../bookings/lock-booking.js';
import { enqueueEmails, type EmailJob } from '../mail/outbox.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { paymentSettings } from '../money/settings.js';

export type LedgerEntryInput = {
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  reference?: string | null;
  note?: string | null;
  // A payment provider's id for the payment or refund (a Checkout Session's, a refund's): UNIQUE,
  // so the same one arriving again records nothing (outcome `duplicate`).
  providerReference?: string;
  // Whose share a card payment from a personal link paid (0 the lead).
  travellerPosition?: number | null;
};

export type LedgerOutcome =
  | { kind: 'recorded'; bookingId: string }
  | { kind: 'duplicate'; bookingId: string }
  | { kind: 'not-found' }
  | { kind: 'too-much'; message: string; allowedCents: number };

export type LedgerRequest = {
  bookingId: string;
  entry: LedgerEntryInput;
  // Who recorded it: a staff member (named in the entry) or the payment provider (system).
  staff: Actor;
  offers: OfferContext;
  // Money a provider has already taken from a card: recorded whatever is owed (a payment for a
  // cancelled booking, or above the total, becomes due back). Refunds are still held to what is paid.
  taken?: boolean;
  // Where the receipt goes when not to the booking's account (a companion paying their share).
  receiptTo?: { email: string; name: string };
};

// The amount allowed, in the words the console shows beside the amount field.
const tooMuchMessage = (kind: PaymentKind, allowed: number, currency: string) =>
  kind === 'payment'
    ? allowed === 0
      ? 'Nothing is owed on this booking: record no payment.'
      : `At most ${currency} ${centsDecimal(allowed)} is still owed on this booking.`
    : allowed === 0
      ? 'Nothing has been paid on this booking: there is nothing to refund.'
      : `At most ${currency} ${centsDecimal(allowed)} has been paid on this booking: refund no more.`;

// The booking as the entry's INSERT left it, without reading it again under the lock this
// transaction holds: the INSERT's trigger (payment_entries_to_bookings, migration 60) moves
// paid_cents and refunded_cents by the entry and changes nothing else, and the ledger is read
// oldest first (paymentEntriesJson). The deferred check bookings_paid_matches_ledger compares
// paid_cents with the ledger's sum again at COMMIT.
export function withEntry(row: BookingRow, entry: PaymentEntry): BookingRow {
  const refund = entry.kind === 'refund';
  const entries = [...(row.payment_entries ?? []), entry].sort((a, b) => {
    const at = Date.parse(a.at) - Date.parse(b.at);
    return at !== 0 ? at : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return {
    ...row,
    paid_cents: row.paid_cents + (refund ? -entry.amountCents : entry.amountCents),
    refunded_cents: row.refunded_cents + (refund ? entry.amountCents : 0),
    payment_entries: entries,
  };
}

export function recordLedgerEntry(db: Database, request: LedgerRequest): Promise<LedgerOutcome> {
  return db.transaction((tx) => recordLedgerEntryIn(tx, request));
}

// The same inside a transaction the caller holds (the Stripe webhook claims its event id in it).
export async function recordLedgerEntryIn(tx: Queryable, request: LedgerRequest): Promise<LedgerOutcome> {
  const row = await lockBooking(tx, request.bookingId);
  if (!row) return { kind: 'not-found' };
  const { entry, staff } = request;
  // Judged under the row lock: two staff members recording at once queue here, and the second
  // sees the first's entry. The CHECK on paid_cents is the backstop for refunds.
  const allowed =
    entry.kind === 'payment'
      ? request.taken
        ? Infinity
        : paymentAllowedCents({
            status: row.status,
            totalCents: row.total_cents,
            paidCents: row.paid_cents,
          })
      : refundAllowedCents({ paidCents: row.paid_cents });
  if (entry.amountCents > allowed) {
    return {
      kind: 'too-much',
      message: tooMuchMessage(entry.kind, allowed, paymentSettings.currency),
      allowedCents: allowed,
    };
  }
  // `at` as the booking's ledger reads it (paymentEntriesJson, server/src/db/schema.ts).
  const inserted = await tx.query<{ id: string; at: string }>(
    `INSERT INTO payment_entries (id, booking_id, kind, method, amount_cents, currency, reference, note, staff,
         provider_reference, traveller_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (provider_reference) DO NOTHING RETURNING id, to_json(at) AS at`,
    [
      randomUUID(),
      row.id,
      entry.kind,
      entry.method,
      entry.amountCents,
      paymentSettings.currency,
      entry.reference ?? null,
      entry.note ?? null,
      staff.type === 'system' ? null : staff.name,
      entry.providerReference ?? null,
      entry.travellerPosition ?? null,
    ],
  );
  if (inserted.rows.length === 0) return { kind: 'duplicate', bookingId: row.id };
  // The amount and the method, never the note or the reference (they may name people).
  const audit: AuditEntry = {
    actor: staff,
    action: entry.kind === 'payment' ? 'payment.recorded' : 'refund.recorded',
    bookingId: row.id,
    departureId: row.departure_id ?? undefined,
    to: `${paymentSettings.currency} ${centsDecimal(entry.amountCents)} (${entry.method})`,
  };
  const to = request.receiptTo?.email ?? row.account_email;
  const receipt = (booking: Booking): EmailJob[] =>
    to
      ? [
          {
            bookingId: row.id,
            kind: 'payment-receipt',
            to,
            data: emailData(booking, {
              entry: { kind: entry.kind, method: entry.method, amountCents: entry.amountCents },
              ...(request.receiptTo ? { name: request.receiptTo.name } : {}),
            }),
          },
        ]
      : [];
  const after = withEntry(row, {
    id: inserted.rows[0]!.id,
    at: inserted.rows[0]!.at,
    kind: entry.kind,
    method: entry.method,
    amountCents: entry.amountCents,
    reference: entry.reference ?? null,
    note: entry.note ?? null,
    travellerPosition: entry.travellerPosition ?? null,
  });
  const booking = toBooking(after);
  // Paying the deposit confirms a requested booking: its own confirmation email, its own row,
  // written in the same statements as the entry's row and receipt (a payment by card is recorded
  // while Stripe waits for the webhook's answer: each statement is a round trip of that wait).
  if (
    entry.kind === 'payment' &&
    paymentSettings.confirmOnDeposit &&
    booking.status === 'requested' &&
    booking.payment.paidCents >= booking.payment.depositCents
  ) {
    const confirmed = await changeBookingStatusIn(tx, {
      bookingId: row.id,
      lockedRow: after,
      to: 'confirmed',
      actor: staff,
      reason: 'The deposit was paid',
      offers: request.offers,
      alsoAudit: [audit],
      alsoEmails: receipt,
    });
    if (confirmed.kind === 'changed') return { kind: 'recorded', bookingId: row.id };
  }
  await recordAudit(tx, [audit]);
  await enqueueEmails(tx, receipt(booking));
  return { kind: 'recorded', bookingId: row.id };
}
