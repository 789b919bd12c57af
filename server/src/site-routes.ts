// The site's pages as the server answers them. The app's own route table is src/routes.ts (React
// Router); site-routes.test.ts checks that these lists and that table name the same pages, so a
// page added there is not answered 404 here.

// Prerendered at build time (react-router.config.ts): pages that read no data the brand edits.
export const prerendered: Record<string, string> = {
  '/blogs': 'blogs/index.html',
  '/about': 'about/index.html',
  '/account': 'account/index.html',
  '/account/deleted': 'account/deleted/index.html',
  // Their Spanish twins (docs/decisions/071-translation-layer.md).
  '/es/blogs': 'es/blogs/index.html',
  '/es/about': 'es/about/index.html',
  '/es/account': 'es/account/index.html',
  '/es/account/deleted': 'es/account/deleted/index.html',
};

// Rendered by the server from its in-memory catalogue, once per catalogue version, and kept
// (server/src/pages/site-pages.ts): the home page, whose package cards the console edits.
export const cataloguePages = ['/', '/es'] as const;

// What the sitemap offers crawlers: the brand's public pages, not the sign-in form (the package
// pages follow from the live catalogue, server/src/catalog/seo.ts).
// Each in every language (server/src/catalog/seo.ts writes one sitemap a language).
export const sitemapPaths = ['/', '/blogs', '/about'] as const;

// Rendered by the server per request (with the user's data when a valid session cookie comes
// along, docs/decisions/013-server-rendered-signed-in-pages.md): 200. Anything else is rendered
// too, with a 404 status, and shows the 404 page.
export const clientRoutes = [
  '/bookings',
  '/package/:id',
  '/checkout/:id',
  '/bookings/:id/travellers',
  // A traveller's personal link to their own details: no sign-in (server/src/guest-links).
  '/travellers/:token',
  // A party's personal link to answer a move of their departure: no sign-in (server/src/moves).
  '/moves/:token',
  '/admin',
  '/admin/bookings',
  '/admin/departures',
  '/admin/departures/:id',
  '/admin/bookings/new',
  '/admin/bookings/:id',
  '/admin/staff',
  '/admin/money',
  '/guide',
  '/guide/:id',
  '/admin/packages',
  '/admin/packages/:id',
  // The traveller's pages in Spanish; the console and the guide's screens are English only.
  '/es/bookings',
  '/es/package/:id',
  '/es/checkout/:id',
  '/es/bookings/:id/travellers',
  '/es/travellers/:token',
  '/es/moves/:token',
];
