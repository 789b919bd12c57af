import type { Queryable } from '../db/database.js';

// The seat rule, checked from the rows: for every departure, seats_taken equals the travellers of
// its active bookings plus those of its open offers, and never exceeds capacity. Tests run it after
// every path that moves seats; it answers the departures that break it (none, when all is well).
export async function seatInvariantBreaches(q: Queryable) {
  const { rows } = await q.query<{
    id: string;
    capacity: number;
    seats_taken: number;
    booked: number;
    offered: number;
  }>(
    `SELECT d.id, d.capacity, d.seats_taken,
       (SELECT coalesce(sum(b.travellers), 0)::int FROM bookings b
         WHERE b.departure_id = d.id AND b.status <> 'cancelled') AS booked,
       (SELECT coalesce(sum(w.travellers), 0)::int FROM waitlist_entries w
         WHERE w.departure_id = d.id AND w.status = 'offered') AS offered
     FROM departures d`,
  );
  return rows.filter((r) => r.seats_taken !== r.booked + r.offered || r.seats_taken > r.capacity);
}
