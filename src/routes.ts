import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// The pages a traveller reads, again under /es in Spanish: the same modules, each with an id of
// its own; the page's language is its path's (src/lib/i18n.ts, docs/decisions/071-translation-layer.md).
// The console and a guide's screens stay English only.
const spanish = [
  route('es', 'routes/home.tsx', { id: 'es/home' }),
  route('es/blogs', 'routes/blogs.tsx', { id: 'es/blogs' }),
  route('es/about', 'routes/about.tsx', { id: 'es/about' }),
  route('es/account', 'routes/account.tsx', { id: 'es/account' }),
  route('es/account/deleted', 'routes/account-deleted.tsx', { id: 'es/account/deleted' }),
  route('es/travellers/:token', 'routes/guest-link.tsx', { id: 'es/travellers' }),
  route('es/moves/:token', 'routes/move-link.tsx', { id: 'es/moves' }),
  layout('routes/protected-layout.tsx', { id: 'es/protected' }, [
    route('es/package/:id', 'routes/package.tsx', { id: 'es/package' }),
    route('es/checkout/:id', 'routes/checkout.tsx', { id: 'es/checkout' }),
    route('es/bookings', 'routes/bookings.tsx', { id: 'es/bookings' }),
    route('es/bookings/:id/travellers', 'routes/booking-travellers.tsx', { id: 'es/booking-travellers' }),
  ]),
];

export default [
  index('routes/home.tsx'),
  route('blogs', 'routes/blogs.tsx'),
  route('about', 'routes/about.tsx'),
  route('account', 'routes/account.tsx'),
  route('account/deleted', 'routes/account-deleted.tsx'),
  // A traveller's personal link to their own details: no sign-in (server/src/guest-links).
  route('travellers/:token', 'routes/guest-link.tsx'),
  // A party's personal link to answer the brand's move of their departure (no account).
  route('moves/:token', 'routes/move-link.tsx'),
  layout('routes/protected-layout.tsx', [
    route('package/:id', 'routes/package.tsx'),
    route('checkout/:id', 'routes/checkout.tsx'),
    route('bookings', 'routes/bookings.tsx'),
    route('bookings/:id/travellers', 'routes/booking-travellers.tsx'),
    // The operator console: its own chunks and stylesheet, reached only through these routes.
    route('admin', 'routes/admin-layout.tsx', [
      index('routes/admin-overview.tsx'),
      route('bookings', 'routes/admin-bookings.tsx'),
      route('bookings/new', 'routes/admin-new-booking.tsx'),
      route('bookings/:id', 'routes/admin-booking.tsx'),
      route('departures', 'routes/admin-departures.tsx'),
      route('money', 'routes/admin-money.tsx'),
      route('departures/:id', 'routes/admin-manifest.tsx'),
      route('staff', 'routes/admin-staff.tsx'),
      route('packages', 'routes/admin-packages.tsx'),
      route('packages/:id', 'routes/admin-package.tsx'),
    ]),
    // A guide's screens: their own chunks, none of the console's.
    route('guide', 'routes/guide.tsx'),
    route('guide/:id', 'routes/guide-departure.tsx'),
  ]),
  ...spanish,
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
