// The booking terms a traveller reads where the decision is made (beside Book Now), on the
// thank-you page and in the "received" email: one wording for all three.
// No path alias here: the server imports this file directly.
import { cancellableOnline, defaultCancellationCutoffDays } from './booking.js';
import { brand } from './brand.js';
import { plural } from './format.js';

export type BookingTerms = { payment: string; cancellation: string; after: string };

const cutoffText = (cutoffDays: number) => plural(cutoffDays, 'day');

// cutoffDays: the server's CANCELLATION_CUTOFF_DAYS (the browser knows its default).
// daysLeft: whole days from today to the chosen date, when there is one. A date already inside
// the cutoff cannot be cancelled online at all, so the terms must not promise it.
export function bookingTerms(
  cutoffDays: number = defaultCancellationCutoffDays,
  daysLeft?: number,
): BookingTerms {
  const days = cutoffText(cutoffDays);
  const payment = 'No payment is taken now: we confirm your places within two working days.';
  if (daysLeft !== undefined && !Number.isNaN(daysLeft) && !cancellableOnline(daysLeft, cutoffDays)) {
    return {
      payment,
      cancellation: `This date is less than ${days} away, so it cannot be cancelled online.`,
      after: `To cancel or change it, call us on ${brand.phone} or write to ${brand.email} and we will help.`,
    };
  }
  return {
    payment,
    cancellation: `Free cancellation online, from My bookings, until ${days} before the departure.`,
    after: `After that, call us on ${brand.phone} or write to ${brand.email} and we will help.`,
  };
}

// The Change dialog, before a booking moves to a date inside the cutoff: allowed, but the last
// change made online, as the terms above say of such a date.
export const lastOnlineChangeWarning = (
  dateText: string,
  cutoffDays: number = defaultCancellationCutoffDays,
): string =>
  `${dateText} is less than ${cutoffText(cutoffDays)} away: once the booking is moved there, it can no longer be changed or cancelled online.`;
