import type { BookingsOptions } from '../bookings/routes.js';
import { defaultOfferHours, type OfferContext } from './offer-freed-seats.js';

// What an offer needs from the app's options: the clock (tests move it), how long an offer holds
// its seats (WAITLIST_OFFER_HOURS) and the packages' names for the email.
export const offerContext = (options: BookingsOptions): OfferContext => ({
  now: options.clock?.() ?? new Date(),
  offerHours: options.waitlistOfferHours ?? defaultOfferHours,
  packageName: (id) => options.packages.get(id)?.name ?? id,
});
