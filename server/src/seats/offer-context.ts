import type { ServerPackage } from '../catalog/packages.js';
import { defaultMaxHeldSeatsPerUser, defaultOfferHours, type OfferContext } from './offer-freed-seats.js';

// What an offer needs from the app's options: the clock (tests move it), how long an offer holds
// its seats (WAITLIST_OFFER_HOURS) and the packages' names for the email.
// The part of the app's options it reads (server/src/bookings/routes.ts BookingsOptions has them).
export type OfferOptions = {
  clock?: () => Date;
  waitlistOfferHours?: number;
  maxHeldSeatsPerUser?: number;
  packages: Map<string, ServerPackage>;
};

export const offerContext = (options: OfferOptions): OfferContext => ({
  now: options.clock?.() ?? new Date(),
  offerHours: options.waitlistOfferHours ?? defaultOfferHours,
  packageName: (id) => options.packages.get(id)?.name ?? id,
  maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
});
