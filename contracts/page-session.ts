import type { TravelPackage } from './package.js';
import type { StaffRole } from './roles.js';

// What the server hands a signed-in page's loaders when the request carries a valid session
// cookie (server/src/pages/render.ts; docs/decisions/013-server-rendered-signed-in-pages.md).

// The session cookie's user: enough to render the page; the browser's Firebase SDK takes over
// once it has loaded.
// `operator`: an owner or an operator (the console); `role` the staff role, null for a traveller.
// `emailVerified`: as the cookie was made; pages that remind an unverified account render the
// reminder from it, so it does not appear after the SDK loads and push the page down.
export type PageUser = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  operator: boolean;
  role: StaffRole | null;
};

export type PageLoadContext = {
  // null: no cookie, or one the server refused (expired, revoked, forged).
  user: PageUser | null;
  // A GET of the site's own API as this user, answered in-process; undefined for anything but a
  // 200 (the page then loads it itself, as it does without a cookie) and when there is no user.
  read(path: string): Promise<unknown>;
  // Set when the cookie's user has asked for more pages this minute than the server renders
  // (server/src/http/limits.ts): the page is the error page with this message, status 429.
  limited?: { message: string };
  // The published packages' cards, in the brand's order, from the server's in-memory catalogue
  // (server/src/catalog/store.ts) as it is now: the home page renders its grid from them
  // (docs/decisions/043-home-page-from-the-live-catalogue.md).
  packages(): TravelPackage[];
};
