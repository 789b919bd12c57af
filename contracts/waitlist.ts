// The waiting list of a full departure, shared by the browser (src/features/booking, admin) and
// the API (server/src/waitlist). No path alias here: the server imports this file directly.
import { bookingLimits } from './booking.js';

export const waitlistStatuses = ['waiting', 'offered', 'booked', 'left', 'expired'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const waitlistStatusLabels: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Seats held for you',
  booked: 'Booked',
  left: 'Left',
  expired: 'Offer expired',
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
