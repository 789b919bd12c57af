// The brand's offer of another date to a booking whose departure will not run (server/src/moves
// makes them): while open, its party's seats on the new date are held, counted in that date's
// seats_taken exactly like an open waiting-list offer's (docs/decisions/040-move-offers-hold-seats.md).
// Here, low in the floors, because every path that ends a booking's offer (accept, decline, lapse,
// and a cancellation by anyone in server/src/bookings/status.ts) ends it the same way.
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Queryable } from '../db/database.js';
import { dateText } from '../db/schema.js';
import { offerFreedSeats, type OfferContext } from './offer-freed-seats.js';
import { giveSeatsBack } from '../db/departure-seats.js';

export type MoveOfferRow = {
  id: string;
  booking_id: string;
  from_departure_id: string;
  to_departure_id: string;
  travellers: number;
  expires_at: Date | string;
  // Per person once accepted (migration 57; null: offered before it, the booking's price stays).
  price_cents: number | null;
  // The new date, as text.
  to_starts_on: string;
};

export type MoveOfferEnd = 'accepted' | 'declined' | 'expired' | 'withdrawn';

// The booking's open offer. Offers change only under their booking's row lock, which the caller
// holds, so what this reads stays true until the caller commits.
export async function findOpenMoveOffer(tx: Queryable, bookingId: string): Promise<MoveOfferRow | undefined> {
  const { rows } = await tx.query<MoveOfferRow>(
    `SELECT m.id, m.booking_id, m.from_departure_id, m.to_departure_id, m.travellers, m.expires_at,
       m.price_cents, ${dateText('t.starts_on')} AS to_starts_on
       FROM move_offers m JOIN departures t ON t.id = m.to_departure_id
      WHERE m.booking_id = $1 AND m.status = 'open'`,
    [bookingId],
  );
  return rows[0];
}

// Departure rows locked in id order, the order every writer takes them in (docs/decisions/011).
export async function lockDepartures(tx: Queryable, ids: (string | null | undefined)[]) {
  const sorted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  if (sorted.length === 0) return;
  await tx.query('SELECT id FROM departures WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [sorted]);
}

const reasons: Record<MoveOfferEnd, string> = {
  accepted: 'The traveller took the new date',
  declined: 'The traveller declined the new date',
  expired: 'No answer before the deadline',
  withdrawn: 'The booking was cancelled',
};
const actions = {
  accepted: 'booking.move-accepted',
  declined: 'booking.move-declined',
  expired: 'booking.move-expired',
  withdrawn: 'booking.move-declined',
} as const;

// Ends the offer once (a conditional update: whoever comes second changes nothing and gets false)
// and gives its held seats back on the new date, with its audit row. `passOn`: the seats are free
// for the waiting list now (a decline, a lapse, a cancellation); an accepted offer's seats are
// taken again by the booking's change in the same transaction, so they are not offered. The caller
// holds the booking's lock and the target's (lockDepartures).
export async function endMoveOffer(
  tx: Queryable,
  offer: MoveOfferRow,
  end: MoveOfferEnd,
  actor: Actor,
  offers: OfferContext,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE move_offers SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'open' RETURNING id`,
    [offer.id, end, offers.now.toISOString()],
  );
  if (rows.length === 0) return false;
  await giveSeatsBack(tx, offer.to_departure_id, offer.travellers);
  await recordAudit(tx, [
    {
      actor,
      action: actions[end],
      bookingId: offer.booking_id,
      departureId: offer.to_departure_id,
      from: `offered ${offer.to_starts_on}`,
      to: end,
      reason: reasons[end],
    },
  ]);
  if (end !== 'accepted') await offerFreedSeats(tx, offer.to_departure_id, offers);
  return true;
}
