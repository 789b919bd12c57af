// The booking terms a traveller reads where the decision is made (beside Book Now), on the
// thank-you page and in the "received" email: one wording for all three.
// No path alias here: the server imports this file directly.
import { defaultCancellationCutoffDays } from './booking.js';
import { brand } from './brand.js';

export type BookingTerms = { payment: string; cancellation: string; after: string };

// cutoffDays: the server's CANCELLATION_CUTOFF_DAYS (the browser knows its default).
export function bookingTerms(cutoffDays: number = defaultCancellationCutoffDays): BookingTerms {
  const days = cutoffDays === 1 ? '1 day' : `${cutoffDays} days`;
  return {
    payment: 'No payment is taken now: we confirm your places within two working days.',
    cancellation: `Free cancellation online, from My bookings, until ${days} before the departure.`,
    after: `After that, call us on ${brand.phone} or write to ${brand.email} and we will help.`,
  };
}
