import { cancellableOnline, defaultCancellationCutoffDays } from '#contracts/booking';
import { completeCount, defaultDetailsCutoffDays, detailsEditable } from '#contracts/guests';
import { daysUntil } from '#contracts/format';
import { msg, translator } from '#contracts/i18n';
import type { Language } from '#contracts/language';
import type { Booking } from '#contracts/api';

// The server's setting is the rule (it answers 409 past it); the contract's default only decides
// which of "Cancel booking" or "call us" to offer, so a server set otherwise still wins.
export const cancellationCutoffDays = defaultCancellationCutoffDays;

// cancel: the button; contact: too close to departure, call or write to us; none: nothing to do.
export type CancelOption = 'cancel' | 'contact' | 'none';

// What a booking offers for something done before its departure (cancelling, the travellers'
// details): nothing once it is cancelled or has departed, `open` while it has no date yet, and
// otherwise `open` or `closed` by the days left, as `isOpen` says.
function beforeDeparture<Open extends string, Closed extends string>(
  booking: Booking,
  now: Date,
  isOpen: (daysLeft: number) => boolean,
  open: Open,
  closed: Closed,
): Open | Closed | 'none' {
  if (booking.status === 'cancelled') return 'none';
  if (booking.startsOn === null) return open;
  const days = daysUntil(booking.startsOn, now);
  if (days < 0) return 'none';
  return isOpen(days) ? open : closed;
}

export const cancelOption = (booking: Booking, now: Date = new Date()): CancelOption =>
  beforeDeparture(
    booking,
    now,
    (days) => cancellableOnline(days, cancellationCutoffDays),
    'cancel',
    'contact',
  );

export type TripGroup = {
  key: 'upcoming' | 'undated' | 'past' | 'cancelled';
  // English, marked: My bookings shows it in the page's language (`known`).
  title: string;
  bookings: Booking[];
};

const byStartAsc = (a: Booking, b: Booking) => (a.startsOn ?? '').localeCompare(b.startsOn ?? '');
const byStartDesc = (a: Booking, b: Booking) => byStartAsc(b, a);
const byCreatedDesc = (a: Booking, b: Booking) => b.createdAt.localeCompare(a.createdAt);

// The order a traveller plans by: the next trip first, then those still waiting for a date,
// then trips already taken (latest first), then cancelled ones, which matter least.
// Empty groups are left out.
export function groupTrips(bookings: Booking[], now: Date = new Date()): TripGroup[] {
  const upcoming: Booking[] = [];
  const undated: Booking[] = [];
  const past: Booking[] = [];
  const cancelled: Booking[] = [];
  for (const booking of bookings) {
    if (booking.status === 'cancelled') cancelled.push(booking);
    else if (booking.startsOn === null) undated.push(booking);
    else if (daysUntil(booking.startsOn, now) >= 0) upcoming.push(booking);
    else past.push(booking);
  }
  const groups: TripGroup[] = [
    {
      key: 'upcoming',
      title: msg('Upcoming trips'),
      bookings: upcoming.sort((a, b) => byStartAsc(a, b) || byCreatedDesc(a, b)),
    },
    { key: 'undated', title: msg('Dates to be agreed'), bookings: undated.sort(byCreatedDesc) },
    {
      key: 'past',
      title: msg('Past trips'),
      bookings: past.sort((a, b) => byStartDesc(a, b) || byCreatedDesc(a, b)),
    },
    {
      key: 'cancelled',
      title: msg('Cancelled'),
      bookings: cancelled.sort((a, b) => byStartDesc(a, b) || byCreatedDesc(a, b)),
    },
  ];
  return groups.filter((g) => g.bookings.length > 0);
}

// The server's DETAILS_CUTOFF_DAYS is the rule (it answers 409 past it); the default decides
// whether My bookings offers the travellers' details form or says how to reach us.
export const detailsCutoffDays = defaultDetailsCutoffDays;

// edit: the form; closed: too close to departure (call or write to us); none: cancelled or past.
export type DetailsOption = 'edit' | 'closed' | 'none';

export const detailsOption = (booking: Booking, now: Date = new Date()): DetailsOption =>
  beforeDeparture(booking, now, (days) => detailsEditable(days, detailsCutoffDays), 'edit', 'closed');

// "2 of 4 travellers complete", in the page's language.
export const completeLabel = (booking: Booking, language: Language = 'en') => {
  const { t, tp } = translator(language);
  return t('{complete} of {travellers} complete', {
    complete: booking.travellersComplete ?? completeCount(booking.guests),
    travellers: tp(booking.travellers, '{count} traveller', '{count} travellers'),
  });
};
