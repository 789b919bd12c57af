import { type AppContext, packageNamer } from '../context/app-context.js';
import { defaultMaxHeldSeatsPerUser, defaultOfferHours, type OfferContext } from './offer-freed-seats.js';

// What an offer needs from the app's context (server/src/context/app-context.ts): the clock (tests
// move it), how long an offer holds its seats (WAITLIST_OFFER_HOURS) and the packages' names for
// the email.
export type OfferOptions = Pick<
  AppContext,
  'clock' | 'waitlistOfferHours' | 'maxHeldSeatsPerUser' | 'packages'
>;

export const offerContext = (options: OfferOptions): OfferContext => ({
  now: options.clock?.() ?? new Date(),
  offerHours: options.waitlistOfferHours ?? defaultOfferHours,
  packageName: packageNamer(options.packages),
  maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
});
