// The waiting list of a full departure, shared by the browser (src/features/booking, admin) and
// the API (server/src/waitlist). No path alias here: the server imports this file directly.
import { bookingLimits } from './booking.js';

// `closed`: the party no longer fits the date at all (an operator lowered its capacity below it).
export const waitlistStatuses = ['waiting', 'offered', 'booked', 'left', 'expired', 'closed'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const waitlistStatusLabels: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Seats held for you',
  booked: 'Booked',
  left: 'Left',
  expired: 'Offer expired',
  closed: 'Closed: the date has fewer seats than your party',
};

// POST /api/departures/{id}/waitlist -> 201 (or 200 with the live entry already there);
// GET /api/waitlist -> {entries}, newest first.
export type WaitlistEntry = {
  id: string;
  departureId: string;
  packageId: string;
  packageName: string;
  startsOn: string;
  travellers: number;
  status: WaitlistStatus;
  createdAt: string;
  // ISO timestamp while an offer holds seats (and kept once it lapsed); null before any offer.
  offerExpiresAt: string | null;
  // The booking an accepted offer became.
  bookingId: string | null;
};

// GET /api/admin/departures/{id}/waitlist -> {entries}: the same, with the account's email.
export type AdminWaitlistEntry = WaitlistEntry & { email: string };

export const travellersMessage = `Travellers must be a whole number from ${bookingLimits.travellersMin} to ${bookingLimits.travellersMax}.`;

export const isTravellers = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= bookingLimits.travellersMin &&
  value <= bookingLimits.travellersMax;

// "2 more travellers to guarantee this date" (the package page and the console).
export const toGuaranteeLabel = (n: number) =>
  `${n} more ${n === 1 ? 'traveller' : 'travellers'} to guarantee this date`;

// A party larger than a date's whole capacity can never be offered seats on it (the package page
// says so before the API refuses it with this same text, 409).
export const partyOverCapacityMessage = (capacity: number, travellers: number) =>
  `This date has ${capacity} ${capacity === 1 ? 'seat' : 'seats'} in all: a party of ${travellers} cannot travel on it. Choose another date or fewer travellers.`;

// Told to a waiting party when an operator lowered the date's capacity below its size.
export const entryNoLongerFitsMessage = (capacity: number, travellers: number) =>
  `The date now has ${capacity} ${capacity === 1 ? 'seat' : 'seats'} in all, fewer than your party of ${travellers}: your place on its waiting list is closed.`;
