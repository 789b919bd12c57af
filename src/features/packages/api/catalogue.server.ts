// The catalogue as the build read it (public/packages.json, the file served at /packages.json),
// for the home page's prerender (src/routes/home.tsx): the grid is in the HTML, so the page does
// not build it after load (docs/decisions/017-home-page-content-in-its-html.md). A `.server`
// module: React Router keeps it out of every browser bundle.
// The file is served as it is from public/, outside the ~/ alias; bundled into the server build.
// eslint-disable-next-line no-restricted-imports
import catalogue from '../../../../public/packages.json';
import { isTravelPackage, type TravelPackage } from '#contracts/package';

export function prerenderedPackages(): TravelPackage[] {
  const packages: unknown = catalogue;
  if (!Array.isArray(packages) || !packages.every(isTravelPackage)) {
    throw new Error('public/packages.json: not a list of packages');
  }
  // Only the fields the cards read, as /packages.json's reader would have them.
  return packages.map(({ id, name, description, img, price }) => ({ id, name, description, img, price }));
}
