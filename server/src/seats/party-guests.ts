// A party's guest rows, kept as long as its travellers (server/src/guests has the details
// themselves). Low in the server's floors (eslint.config.js) because the paths that change a
// party's size live in bookings/ and waitlist/, above guests/.
import type { Queryable } from '../db/database.js';

// Makes a booking's guests exactly `travellers` long inside the caller's transaction (the booking's
// row should be locked by it): guests past the new size are removed from the end, new ones are
// added empty. Used when a party changes size (server/src/bookings changes). Returns nothing the
// caller must write: the audit row of the change that resized the party covers it.
export async function resizeBookingGuests(tx: Queryable, bookingId: string, travellers: number) {
  await tx.query('DELETE FROM booking_guests WHERE booking_id = $1 AND position >= $2', [
    bookingId,
    travellers,
  ]);
  await tx.query(
    `INSERT INTO booking_guests (booking_id, position)
     SELECT $1, g.position FROM generate_series(0, $2::int - 1) AS g(position)
     ON CONFLICT (booking_id, position) DO NOTHING`,
    [bookingId, travellers],
  );
}
