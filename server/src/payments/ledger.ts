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
  type PaymentKind,
  type PaymentMethod,
} from '#contracts/payment';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.js';
import { emailData, toBooking } from '../bookings/booking-row.js';
import { changeBookingStatusIn } from '../bookings/status.js';
import type { Database, Queryable } from '../db/database.js';
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
  const inserted = await tx.query(
    `INSERT INTO payment_entries (id, booking_id, kind, method, amount_cents, currency, reference, note, staff,
         provider_reference, traveller_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (provider_reference) DO NOTHING RETURNING id`,
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
  const after = await lockBooking(tx, row.id);
  const booking = toBooking(after!);
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
      lockedRow: after!,
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
