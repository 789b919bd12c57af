// The waiting list of a full departure, shared by the browser (src/features/booking, admin) and
// the API (server/src/waitlist). No path alias here: the server imports this file directly.
// A waiting-list entry as the API answers it (WaitlistEntry, AdminWaitlistEntry) is inferred
// from its schema in ./api.ts, which reads this file, never the other way.
import { bookingLimits } from './booking.js';
import { formatCount, plural } from './format.js';
import { interpolate, msg, translator, type Translator } from './i18n.js';

// `closed`: the party no longer fits the date at all (an operator lowered its capacity below it).
export const waitlistStatuses = ['waiting', 'offered', 'booked', 'left', 'expired', 'closed'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

// Marked for the catalogues: My bookings shows them in its page's language (`known`).
export const waitlistStatusLabels: Record<WaitlistStatus, string> = {
  waiting: msg('Waiting'),
  offered: msg('Seats held for you'),
  booked: msg('Booked'),
  left: msg('Left'),
  expired: msg('Offer expired'),
  closed: msg('Closed: the date has fewer seats than your party'),
};

export const travellersMessage = `Travellers must be a whole number from ${bookingLimits.travellersMin} to ${bookingLimits.travellersMax}.`;

export const isTravellers = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= bookingLimits.travellersMin &&
  value <= bookingLimits.travellersMax;

// "2 more travellers to guarantee this date" (the package page and the console).
export const toGuaranteeLabel = (n: number) =>
  `${plural(n, 'more traveller', 'more travellers')} to guarantee this date`;

// A party larger than a date's whole capacity can never be offered seats on it (the package page
// says so before the API refuses it with this same text, 409). Its numbers are placeholders, so a
// Spanish page reads the API's English translated (`known`).
export const partyOverCapacityMessage = (capacity: number, travellers: number) =>
  interpolate(
    capacity === 1
      ? msg(
          'This date has {count} seat in all: a party of {travellers} cannot travel on it. Choose another date or fewer travellers.',
        )
      : msg(
          'This date has {count} seats in all: a party of {travellers} cannot travel on it. Choose another date or fewer travellers.',
        ),
    { count: formatCount(capacity), travellers },
  );

// Told to a waiting party when an operator lowered the date's capacity below its size; `tr`: the
// reader's language (the email's), English as written without one.
export const entryNoLongerFitsMessage = (
  capacity: number,
  travellers: number,
  tr: Pick<Translator, 't' | 'tp'> = translator('en'),
) =>
  tr.t(
    'The date now has {seats} in all, fewer than your party of {travellers}: your place on its waiting list is closed.',
    { seats: tr.tp(capacity, '{count} seat', '{count} seats'), travellers },
  );
