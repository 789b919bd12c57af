import type { Queryable } from '../db/database.js';

// The seat rule, checked from the rows: for every departure, seats_taken equals the travellers of
// its active bookings plus those of its open offers (waiting-list offers and the brand's move
// offers to it), and never exceeds capacity. Tests run it after
// every path that moves seats; it answers the departures that break it (none, when all is well),
// the users whose held-seat count (held_seats, kept by triggers: migration 7) differs from
// their requested bookings plus open offers, and the departures whose counters kept by triggers
// (active bookings, migration 26; travellers and complete ones, migration 46) differ from a count.
export async function seatInvariantBreaches(q: Queryable): Promise<object[]> {
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
         WHERE w.departure_id = d.id AND w.status = 'offered')
       + (SELECT coalesce(sum(m.travellers), 0)::int FROM move_offers m
         WHERE m.to_departure_id = d.id AND m.status = 'open') AS offered
     FROM departures d`,
  );
  const held = await q.query<{ user_id: string; counted: number; held: number }>(
    `SELECT coalesce(c.user_id, h.user_id) AS user_id, coalesce(c.seats, 0) AS counted,
       coalesce(h.seats, 0) AS held
     FROM (SELECT user_id, sum(travellers)::int AS seats FROM (
             SELECT user_id, travellers FROM bookings WHERE status = 'requested'
             UNION ALL
             SELECT user_id, travellers FROM waitlist_entries WHERE status = 'offered') x
           GROUP BY user_id) c
     FULL JOIN held_seats h ON h.user_id = c.user_id
     WHERE coalesce(c.seats, 0) <> coalesce(h.seats, 0)`,
  );
  const counters = await q.query<{ id: string }>(
    `SELECT d.id, d.active_bookings, coalesce(t.total, 0) AS travellers_total,
       coalesce(t.complete, 0) AS travellers_complete, c.bookings, c.travellers, c.complete
     FROM departures d LEFT JOIN departure_travellers t ON t.departure_id = d.id
     CROSS JOIN LATERAL (
       SELECT count(DISTINCT b.id)::int AS bookings, count(g.booking_id)::int AS travellers,
         coalesce(sum(guest_is_complete(g.full_name, g.date_of_birth, g.emergency_name,
           g.emergency_phone)), 0)::int AS complete
       FROM bookings b LEFT JOIN booking_guests g ON g.booking_id = b.id
       WHERE b.departure_id = d.id AND b.status <> 'cancelled') c
     WHERE d.active_bookings <> c.bookings OR coalesce(t.total, 0) <> c.travellers
       OR coalesce(t.complete, 0) <> c.complete`,
  );
  return [
    ...counters.rows,
    ...rows.filter((r) => r.seats_taken !== r.booked + r.offered || r.seats_taken > r.capacity),
    ...held.rows,
  ];
}
