// Every route path of the site, in one place. Route config, links and redirects read from here.
export const paths = {
  home: '/',
  account: '/account',
  blogs: '/blogs',
  about: '/about',
  bookings: '/bookings',
  package: (id: string) => `/package/${encodeURIComponent(id)}`,
  checkout: (id: string) => `/checkout/${encodeURIComponent(id)}`,
  // The travellers' details of one booking (every person on it).
  travellers: (id: string) => `/bookings/${encodeURIComponent(id)}/travellers`,
  // The operator console (operators only; the server serves these with the SPA shell). It opens
  // on the season at a glance; the bookings have their own tab.
  admin: '/admin',
  adminBookings: '/admin/bookings',
  adminBooking: (id: string) => `/admin/bookings/${encodeURIComponent(id)}`,
  adminDepartures: '/admin/departures',
  adminManifest: (id: string) => `/admin/departures/${encodeURIComponent(id)}`,
  adminStaff: '/admin/staff',
  adminNewBooking: '/admin/bookings/new',
  // A guide's departures, and one departure's manifest with check-in.
  guide: '/guide',
  guideDeparture: (id: string) => `/guide/${encodeURIComponent(id)}`,
  adminPackages: '/admin/packages',
  adminPackage: (id: string) => `/admin/packages/${encodeURIComponent(id)}`,
} as const;
