import { cancellableOnline, type BookingStatus } from '#contracts/booking';
import { brand } from '#contracts/brand';
import { interpolate, msg } from '#contracts/i18n';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { daysBetween } from '#contracts/iso-dates';
import { enqueueEmails, type EmailJob } from '../mail/outbox.js';
import { offerFreedSeats, type OfferContext } from '../seats/offer-freed-seats.js';
import { endMoveOffer, findOpenMoveOffer, lockDepartures } from '../seats/move-offers.js';
import { emailData, operationsEmailData, toBooking } from './booking-row.js';
import { lockOwnBooking } from './lock-booking.js';
import type { BookingRow } from '../db/schema.js';
import type { Booking } from '#contracts/api';
import { cancellationFeeCents } from '../money/quote.js';
import { giveSeatsBack } from '../db/departure-seats.js';

// requested -> confirmed (operator) -> cancelled (traveller or operator), or requested -> cancelled.
const allowed: Record<BookingStatus, BookingStatus[]> = {
  requested: ['confirmed', 'cancelled'],
  confirmed: ['cancelled'],
  cancelled: [],
};

export type StatusChange = {
  bookingId: string;
  to: 'confirmed' | 'cancelled';
  actor: Actor;
  // Travellers may only touch their own bookings: anyone else's is "not found".
  ownerId?: string;
  reason?: string;
  // Travellers cancel online only until this many days before the departure.
  cutoff?: { days: number; today: string };
  // A cancellation frees seats: the waiting list is offered them in the same transaction.
  offers: OfferContext;
  // The brand's operations inbox (OPERATIONS_EMAIL): told when a traveller cancels.
  operationsEmail?: string;
  // A cancellation ends the booking's open move offer (server/src/seats/move-offers.ts) as this:
  // a decline or a lapse (server/src/moves); any other cancellation withdraws it.
  moveOfferEnd?: 'declined' | 'expired';
  // Who ends the move offer in the trail (the traveller who declined); default the actor.
  moveOfferActor?: Actor;
  // The booking's row as the caller locked and read it in this transaction (./lock-booking.ts).
  lockedRow?: BookingRow;
  // The caller's own audit rows (before this change's) and emails (after its own, given the
  // booking as changed), written in the same statements: the ledger's payment that confirms.
  alsoAudit?: AuditEntry[];
  alsoEmails?: (booking: Booking) => EmailJob[];
};

export type StatusOutcome =
  | { kind: 'changed' | 'unchanged'; booking: Booking }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string };

// Marked with its values as placeholders: My bookings shows it in the page's language (`known`).
export const cutoffMessage = (days: number) =>
  interpolate(
    msg(
      'Online cancellation closes {days} days before departure. To cancel this booking, please call us on {phone} or email {email}.',
    ),
    { days, phone: brand.phone, email: brand.email },
  );

const emailFor: Record<StatusChange['to'], 'booking-confirmed' | 'booking-cancelled'> = {
  confirmed: 'booking-confirmed',
  cancelled: 'booking-cancelled',
};

// One transaction: the booking's row lock, the status, the seats given back, the audit row and the
// email. Two cancellations at the same moment (the traveller and an operator) queue on the row
// lock; the second finds the booking cancelled and changes nothing, so seats come back once.
export function changeBookingStatus(db: Database, change: StatusChange): Promise<StatusOutcome> {
  return db.transaction((tx) => changeBookingStatusIn(tx, change));
}

// The same in the caller's transaction (a declined or lapsed move offer, server/src/moves).
export async function changeBookingStatusIn(tx: Queryable, change: StatusChange): Promise<StatusOutcome> {
  // A caller that has just locked and read the row (the ledger, for staff) passes it on.
  const row = change.lockedRow ?? (await lockOwnBooking(tx, change.bookingId, change.ownerId));
  if (!row) return { kind: 'not-found' };
  const current = toBooking(row);
  // Repeating a change answers the booking as it is.
  if (current.status === change.to) return { kind: 'unchanged', booking: current };
  if (!allowed[current.status].includes(change.to)) {
    return {
      kind: 'conflict',
      message: `This booking is ${current.status} and cannot be ${change.to}.`,
    };
  }
  if (change.cutoff && current.startsOn) {
    const daysLeft = daysBetween(change.cutoff.today, current.startsOn);
    if (!cancellableOnline(daysLeft, change.cutoff.days)) {
      return { kind: 'conflict', message: cutoffMessage(change.cutoff.days) };
    }
  }

  const reason = change.to === 'cancelled' ? change.reason?.trim() || null : null;
  // What the brand keeps (contracts/payment.ts): a traveller's cancellation keeps the fee of the
  // day, the brand's (an operator, a declined or lapsed move, an unpaid deposit) nothing.
  const fee =
    change.to === 'cancelled'
      ? cancellationFeeCents(
          row,
          change.actor.type === 'traveller' ? 'traveller' : 'brand',
          change.cutoff?.today,
        )
      : row.cancellation_fee_cents;
  await tx.query(
    `UPDATE bookings SET status = $2, updated_at = now(),
       cancel_reason = CASE WHEN $2 = 'cancelled' THEN $3 ELSE cancel_reason END,
       cancellation_fee_cents = $4
     WHERE id = $1`,
    [current.id, change.to, reason, fee],
  );
  // An open move offer holds seats on another date: they come back with the booking's own. Both
  // departures are locked in id order first, as every writer takes them.
  const moveOffer = change.to === 'cancelled' ? await findOpenMoveOffer(tx, current.id) : undefined;
  if (moveOffer) await lockDepartures(tx, [current.departureId, moveOffer.to_departure_id]);
  if (change.to === 'cancelled' && current.departureId) {
    await giveSeatsBack(tx, current.departureId, current.travellers);
    await offerFreedSeats(tx, current.departureId, change.offers);
  }
  if (moveOffer) {
    await endMoveOffer(
      tx,
      moveOffer,
      change.moveOfferEnd ?? 'withdrawn',
      change.moveOfferActor ?? change.actor,
      change.offers,
    );
  }
  await recordAudit(tx, [
    ...(change.alsoAudit ?? []),
    {
      actor: change.actor,
      action: change.to === 'confirmed' ? 'booking.confirmed' : 'booking.cancelled',
      bookingId: current.id,
      departureId: current.departureId ?? undefined,
      from: current.status,
      to: change.to,
      reason,
    },
  ]);
  const booking = toBooking({
    ...row,
    status: change.to,
    cancel_reason: reason ?? row.cancel_reason,
    cancellation_fee_cents: fee,
  });
  const data = emailData(
    booking,
    change.to === 'cancelled' ? { reason, cancelledBy: change.actor.type } : {},
  );
  const jobs: EmailJob[] = [];
  // To the account that booked (an account without an email gets none), not the typed contact.
  if (row.account_email) {
    jobs.push({ bookingId: current.id, kind: emailFor[change.to], to: row.account_email, data });
  }
  // The brand's copy of a traveller's cancellation, with the booking's contact details.
  if (change.operationsEmail && change.to === 'cancelled' && change.actor.type === 'traveller') {
    jobs.push({
      bookingId: current.id,
      kind: 'operations-cancellation',
      to: change.operationsEmail,
      data: operationsEmailData(booking, data),
    });
  }
  jobs.push(...(change.alsoEmails?.(booking) ?? []));
  await enqueueEmails(tx, jobs);
  return {
    kind: 'changed',
    booking: change.to === 'cancelled' ? { ...booking, moveOffer: null } : booking,
  };
}
