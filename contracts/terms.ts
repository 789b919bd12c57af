// The booking terms a traveller reads where the decision is made (beside Book Now), on the
// thank-you page and in the "received" email: one wording for all three.
// No path alias here: the server imports this file directly.
import { cancellableOnline, defaultCancellationCutoffDays } from './booking.js';
import { brand } from './brand.js';
import { translator } from './i18n.js';
import type { Language } from './language.js';

export type BookingTerms = { payment: string; cancellation: string; after: string };

// cutoffDays: the server's CANCELLATION_CUTOFF_DAYS (the browser knows its default).
// daysLeft: whole days from today to the chosen date, when there is one. A date already inside
// the cutoff cannot be cancelled online at all, so the terms must not promise it.
// language: the page's or the email's (docs/decisions/071-translation-layer.md).
export function bookingTerms(
  cutoffDays: number = defaultCancellationCutoffDays,
  daysLeft?: number,
  language: Language = 'en',
): BookingTerms {
  const { t, tp } = translator(language);
  const days = tp(cutoffDays, '{count} day', '{count} days');
  const contact = { phone: brand.phone, email: brand.email };
  const payment = t('No payment is taken now: we confirm your places within two working days.');
  if (daysLeft !== undefined && !Number.isNaN(daysLeft) && !cancellableOnline(daysLeft, cutoffDays)) {
    return {
      payment,
      cancellation: t('This date is less than {days} away, so it cannot be cancelled online.', { days }),
      after: t('To cancel or change it, call us on {phone} or write to {email} and we will help.', contact),
    };
  }
  return {
    payment,
    cancellation: t('Free cancellation online, from My bookings, until {days} before the departure.', {
      days,
    }),
    after: t('After that, call us on {phone} or write to {email} and we will help.', contact),
  };
}

// The Change dialog, before a booking moves to a date inside the cutoff: allowed, but the last
// change made online, as the terms above say of such a date.
// language: the page's (docs/decisions/071-translation-layer.md); `dateText` is written in it.
export const lastOnlineChangeWarning = (
  dateText: string,
  cutoffDays: number = defaultCancellationCutoffDays,
  language: Language = 'en',
): string => {
  const { t, tp } = translator(language);
  return t(
    '{date} is less than {days} away: once the booking is moved there, it can no longer be changed or cancelled online.',
    { date: dateText, days: tp(cutoffDays, '{count} day', '{count} days') },
  );
};
