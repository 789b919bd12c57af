import { prepared, type Queryable } from '../db/database.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';

// The booking's row, locked until the transaction ends: whatever changes a booking (its status,
// its date and party, its travellers' details and their links) changes it under this lock.
// Prepared (planned once per connection): its four subqueries cost more to plan than to run,
// and a payment recorded by the Stripe webhook reads it twice.
const lockBookingStatement = prepared(
  'lock-booking',
  `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = $1 FOR UPDATE OF b`,
);
export const lockBooking = async (tx: Queryable, bookingId: string): Promise<BookingRow | undefined> =>
  (await tx.query<BookingRow>(lockBookingStatement, [bookingId])).rows[0];

// The same for a traveller's own booking (`ownerId` undefined: staff, any booking). Someone
// else's booking answers exactly like one that does not exist.
export const lockOwnBooking = async (tx: Queryable, bookingId: string, ownerId: string | undefined) => {
  const row = await lockBooking(tx, bookingId);
  return row && (ownerId === undefined || row.user_id === ownerId) ? row : undefined;
};
