import { randomUUID } from 'node:crypto';
import type { BookingStatus } from '../../../src/contracts/booking.js';
import type { Queryable } from '../db/database.js';
import { insertRows } from '../db/sql.js';

export const emailKinds = ['booking-received', 'booking-confirmed', 'booking-cancelled'] as const;
export type EmailKind = (typeof emailKinds)[number];

// Everything an email needs, copied when the change is made: the message tells what was true
// then, whatever happens to the booking afterwards.
export type BookingEmailData = {
  reference: string;
  name: string;
  packageName: string;
  // ISO date, or null for a booking without a departure ("date to be agreed").
  startsOn: string | null;
  travellers: number;
  // Whole dollars.
  price: number;
  total: number;
  status: BookingStatus;
  // Cancellations: why, and who cancelled ("you", or "Wayfarer Tours").
  reason?: string | null;
  cancelledBy?: 'traveller' | 'operator' | 'system';
};

export type EmailJob = { bookingId: string; kind: EmailKind; to: string; data: BookingEmailData };

const columns = ['id', 'booking_id', 'kind', 'recipient', 'payload'] as const;

// Queues emails in the caller's transaction; the outbox worker delivers them after the commit.
export function enqueueEmails(q: Queryable, jobs: EmailJob[]) {
  return insertRows(
    q,
    'outbox',
    columns,
    jobs.map((j) => [randomUUID(), j.bookingId, j.kind, j.to, JSON.stringify(j.data)]),
  );
}
