import { defaultOfferHours, type OfferContext } from './offer-freed-seats.js';

// What an offer needs from the app's options (server/src/bookings/routes.ts BookingsOptions): the
// clock (tests move it), how long an offer holds its seats (WAITLIST_OFFER_HOURS) and the
// packages' names for the email.
export const offerContext = (options: {
  clock?: () => Date;
  waitlistOfferHours?: number;
  packages: Map<string, { name: string }>;
}): OfferContext => ({
  now: options.clock?.() ?? new Date(),
  offerHours: options.waitlistOfferHours ?? defaultOfferHours,
  packageName: (id) => options.packages.get(id)?.name ?? id,
});
