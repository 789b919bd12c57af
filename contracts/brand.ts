// The brand's contact facts, shown by the site (footer, pages) and written by the server (emails,
// the message that says how to reach the brand past the cancellation cutoff).
import { msg } from './i18n.js';

export const brand = {
  name: 'Wayfarer Tours',
  tagline: msg('Small-group journeys with local guides'),
  phone: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  email: 'hello@wayfarer-tours.example',
  address: '210 Harbor Street, Suite 4, San Francisco, CA 94111',
  // The brand's own city's zone: deadlines and times are shown in it, named, on the site and in
  // every email (contracts/format.ts formatDeadline). The server's BRAND_TIME_ZONE defaults to it
  // (server/src/env.ts); the browser uses this constant.
  timeZone: 'America/Los_Angeles',
} as const;
