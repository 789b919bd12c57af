// A booking moved to another date of its package, or its party made larger or smaller, in place:
// the seats are given back and taken in one transaction, so the traveller never risks losing
// their seats between a cancellation and a new booking.
import { cancellableOnline, type BookingChange } from '#contracts/booking';
import { brand } from '#contracts/brand';
import { formatCount, formatTripDate, plural } from '#contracts/format';
import { interpolate, msg } from '#contracts/i18n';
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { daysBetween } from '#contracts/iso-dates';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { giveSeatsBack, lockDepartureRows } from '../db/departure-seats.js';
import { enqueueEmails, type EmailJob } from '../mail/outbox.js';
import { offerFreedSeats, type OfferContext } from '../seats/offer-freed-seats.js';
import { findOpenMoveOffer } from '../seats/move-offers.js';
import { checkHeldSeats } from './held-seats.js';
import { resizeBookingGuests } from '../seats/party-guests.js';
import { emailData, operationsEmailData, toBooking } from './booking-row.js';
import { lockOpenBooking } from './lock-open-booking.js';
import type { Booking } from '#contracts/api';

export type ChangeRequest = {
  bookingId: string;
  change: BookingChange;
  actor: Actor;
  // Travellers change only their own bookings: anyone else's is "not found".
  ownerId?: string;
  // Travellers change online only until this many days before the current departure; operators
  // have no cutoff.
  cutoff?: { days: number };
  today: string;
  offers: OfferContext;
  // MAX_HELD_SEATS_PER_USER: a larger requested party may not take the owner past it.
  maxHeldSeats: number;
  // The brand's operations inbox (OPERATIONS_EMAIL): copied on a traveller's own change only (an
  // operator's change is the brand's doing). Unset: nobody is copied.
  operationsEmail?: string;
  // An accepted move offer (server/src/moves): the brand proposed the new date and held its seats
  // (released by the caller in this transaction, just before), so the date is taken even if it
  // was closed since, and a confirmed booking stays confirmed.
  acceptingMove?: boolean;
  // The price per person in cents the booking takes with its new date (an accepted move offer: the
  // offer's, never more than the booking's). Unset: the new date's own.
  priceCents?: number;
};

export type ChangeOutcome =
  | { kind: 'changed' | 'unchanged'; booking: Booking }
  | { kind: 'not-found' }
  | { kind: 'invalid'; fieldErrors: { departureId?: string } }
  | { kind: 'conflict'; message: string }
  | { kind: 'no-seats'; message: string; seatsLeft: number }
  | { kind: 'held-seats'; message: string; heldSeats: number };

// The refusals My bookings shows as they are, marked with their values as placeholders so that a
// Spanish page reads them in Spanish (`known`, docs/decisions/071-translation-layer.md); the
// English reads as it always did.
export const changeCutoffMessage = (days: number) =>
  interpolate(
    msg(
      'Online changes close {days} days before departure. To change this booking, please call us on {phone} or email {email}.',
    ),
    { days, phone: brand.phone, email: brand.email },
  );

// What the audit row says about a booking's place: no names, no contact details.
const placeOf = (startsOn: string | null, travellers: number) =>
  `${startsOn ?? 'date to be agreed'}, ${plural(travellers, 'traveller')}`;

// Locks, in the order every writer takes them (docs/decisions/011-waiting-list-and-changes.md): the booking,
// then its old and new departures in id order, then waiting-list entries. Nothing is written
// before every check has passed, so a refusal moves nothing.
export function changeBooking(db: Database, request: ChangeRequest): Promise<ChangeOutcome> {
  return db.transaction((tx) => changeBookingIn(tx, request));
}

export const openMoveOfferMessage = msg(
  'We have offered this booking another date because its departure will not run: accept or decline it in My bookings first.',
);

// The same in the caller's transaction (an accepted move offer, server/src/moves).
export async function changeBookingIn(tx: Queryable, request: ChangeRequest): Promise<ChangeOutcome> {
  const own = await lockOpenBooking(
    tx,
    request.bookingId,
    request.ownerId,
    interpolate(
      msg(
        'This booking is cancelled and cannot be changed. To travel with us, please make a new booking or call us on {phone}.',
      ),
      { phone: brand.phone },
    ),
  );
  if (own.kind !== 'open') return own;
  const { row, current } = own;
  // The brand's open offer of another date holds seats there: the booking changes through it
  // (accept or decline), not past it.
  if (!request.acceptingMove && (await findOpenMoveOffer(tx, current.id))) {
    return { kind: 'conflict', message: openMoveOfferMessage };
  }
  const toDepartureId = request.change.departureId ?? current.departureId;
  const toTravellers = request.change.travellers ?? current.travellers;
  // The values it has: nothing to write, nothing to tell anyone.
  if (toDepartureId === current.departureId && toTravellers === current.travellers) {
    return { kind: 'unchanged', booking: current };
  }
  if (request.cutoff && current.startsOn) {
    const daysLeft = daysBetween(request.today, current.startsOn);
    if (!cancellableOnline(daysLeft, request.cutoff.days)) {
      return { kind: 'conflict', message: changeCutoffMessage(request.cutoff.days) };
    }
  }

  const moving = toDepartureId !== current.departureId;
  // A traveller's larger party or new date on a confirmed booking is the brand's to approve
  // again: the booking goes back to `requested` (docs/decisions/024-confirmed-changes-need-approval.md),
  // and its whole party then counts in the seats the user holds. An operator's change is the
  // brand's own approval.
  const reapproval =
    !request.acceptingMove &&
    current.status === 'confirmed' &&
    request.actor.type === 'traveller' &&
    (moving || toTravellers > current.travellers);
  // Seats awaiting confirmation are capped per user (held-seats.ts: its lock before any
  // departure's): a requested booking's added travellers, or a whole party going back to
  // requested.
  const adding = reapproval
    ? toTravellers
    : current.status === 'requested'
      ? toTravellers - current.travellers
      : 0;
  if (adding > 0) {
    const held = await checkHeldSeats(tx, { userId: row.user_id, adding, max: request.maxHeldSeats });
    if (!held.ok) return { kind: 'held-seats', message: held.message, heldSeats: held.held };
  }

  const locked = await lockDepartureRows(tx, [current.departureId, toDepartureId]);
  const byId = new Map(locked.map((d) => [d.id, d]));
  const target = toDepartureId ? byId.get(toDepartureId) : undefined;
  if (toDepartureId && (!target || target.package_id !== current.packageId)) {
    return {
      kind: 'invalid',
      fieldErrors: {
        departureId: target
          ? msg('This departure belongs to another package: a change keeps the package.')
          : msg('This departure does not exist.'),
      },
    };
  }
  // Seats this change takes on the target: the whole party on a new date, the difference on
  // the same one (negative: seats given back).
  const needed = moving ? toTravellers : toTravellers - current.travellers;
  if (target && needed > 0) {
    if ((target.status !== 'open' && !request.acceptingMove) || target.starts_on <= request.today) {
      return {
        kind: 'no-seats',
        message:
          target.status !== 'open'
            ? msg('This departure is closed for booking. Please choose another date.')
            : msg('This departure has already left. Please choose another date.'),
        seatsLeft: 0,
      };
    }
    const free = Math.max(0, target.capacity - target.seats_taken);
    if (free < needed) {
      return {
        kind: 'no-seats',
        message: moving
          ? free === 0
            ? msg('This departure is sold out. Please choose another date.')
            : interpolate(
                free === 1
                  ? msg(
                      'Only 1 seat is left on this departure, not {travellers}. Please choose fewer travellers or another date.',
                    )
                  : msg(
                      'Only {count} seats are left on this departure, not {travellers}. Please choose fewer travellers or another date.',
                    ),
                { count: formatCount(free), travellers: toTravellers },
              )
          : // Not the same date's party at 1 here: it grows, so it is 2 or more.
            interpolate(
              free === 1
                ? msg(
                    'Only 1 seat more is free on this departure: {travellers} travellers do not fit. Please choose fewer travellers or another date.',
                  )
                : msg(
                    'Only {count} seats more are free on this departure: {travellers} travellers do not fit. Please choose fewer travellers or another date.',
                  ),
              { count: formatCount(free), travellers: formatCount(toTravellers) },
            ),
        seatsLeft: free,
      };
    }
  }

  // Every check passed: give back, take, and tell.
  if (moving && current.departureId) {
    await giveSeatsBack(tx, current.departureId, current.travellers);
  }
  if (target && needed !== 0) {
    await tx.query(`UPDATE departures SET seats_taken = seats_taken + $2, updated_at = now() WHERE id = $1`, [
      target.id,
      needed,
    ]);
  }
  // A new date takes that date's price (its own, else the package's as it is now) unless the caller
  // set one (a move by the brand, which never raises it); the same date with another party keeps
  // the price the booking was made at. Cents, as stored.
  const newPriceCents =
    moving && request.priceCents !== undefined
      ? request.priceCents
      : moving && target
        ? (target.price_cents ??
          (
            await tx.query<{ price_cents: number }>('SELECT price_cents FROM packages WHERE id = $1', [
              current.packageId,
            ])
          ).rows[0]?.price_cents)
        : undefined;
  await tx.query(
    `UPDATE bookings SET departure_id = $2, travellers = $3,
       price_cents = coalesce($5::int, price_cents), total_cents = coalesce($5::int, price_cents) * $3,
       status = CASE WHEN $4::boolean THEN 'requested' ELSE status END, updated_at = now()
      WHERE id = $1`,
    [current.id, toDepartureId, toTravellers, reapproval, newPriceCents ?? null],
  );
  // One guest per traveller: trimmed from the end or padded with empty ones.
  if (toTravellers !== current.travellers) await resizeBookingGuests(tx, current.id, toTravellers);
  const { rows: stored } = await tx.query<BookingRow>(
    `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = $1`,
    [current.id],
  );
  const booking: Booking = toBooking(stored[0]!);
  await recordAudit(tx, [
    {
      actor: request.actor,
      action: 'booking.changed',
      bookingId: current.id,
      departureId: toDepartureId ?? undefined,
      from: placeOf(current.startsOn, current.travellers),
      to: placeOf(booking.startsOn, booking.travellers),
    },
    ...(reapproval
      ? [
          {
            actor: request.actor,
            action: 'booking.changed' as const,
            bookingId: current.id,
            departureId: toDepartureId ?? undefined,
            from: 'confirmed',
            to: 'requested',
            reason: 'A larger party or a new date awaits the brand’s approval',
          },
        ]
      : []),
  ]);
  const jobs: EmailJob[] = [];
  // To the account that booked (an account without an email gets none), not the typed contact.
  if (row.account_email) {
    jobs.push({
      bookingId: current.id,
      kind: 'booking-changed',
      to: row.account_email,
      data: emailData(booking, {
        previous: { startsOn: current.startsOn, travellers: current.travellers, total: current.total },
      }),
    });
  }
  // The brand's copy of a traveller's change, with the booking's contact details and what it
  // was before ("Sat 12 Dec 2026, 2 travellers").
  if (request.operationsEmail && request.actor.type === 'traveller') {
    jobs.push({
      bookingId: current.id,
      kind: 'operations-change',
      to: request.operationsEmail,
      data: operationsEmailData(booking, {
        before: `${formatTripDate(current.startsOn)}, ${plural(current.travellers, 'traveller')}`,
        ...(request.acceptingMove ? { acceptedMove: true } : {}),
      }),
    });
  }
  await enqueueEmails(tx, jobs);
  // Seats came free: on the old date when moving, on the same date when the party shrank.
  if (moving && current.departureId) await offerFreedSeats(tx, current.departureId, request.offers);
  else if (!moving && needed < 0 && target) await offerFreedSeats(tx, target.id, request.offers);
  return { kind: 'changed', booking };
}
