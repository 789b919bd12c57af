import type { Queryable } from '../db/database.js';
import type { BookingRow } from '../db/schema.js';
import type { Booking } from '#contracts/api';
import { toBooking } from './booking-row.js';
import { lockOwnBooking } from './lock-booking.js';

export type OpenBooking =
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'open'; row: BookingRow; current: Booking };

// A traveller's own booking, locked to be changed (its date and party: ./change.ts; its
// travellers' details: server/src/guests/repository.ts): none, or refused with `cancelledMessage`
// when it is cancelled, or its row and the booking it is.
export async function lockOpenBooking(
  tx: Queryable,
  bookingId: string,
  ownerId: string | undefined,
  cancelledMessage: string,
): Promise<OpenBooking> {
  const row = await lockOwnBooking(tx, bookingId, ownerId);
  if (!row) return { kind: 'not-found' };
  const current = toBooking(row);
  if (current.status === 'cancelled') return { kind: 'conflict', message: cancelledMessage };
  return { kind: 'open', row, current };
}
