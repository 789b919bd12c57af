// @vitest-environment node
// The server answers exactly the pages the app's route table (src/routes.ts) has: prerendered
// ones from their HTML files, the home page from the live catalogue, the rest rendered per request.
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
// The one place the server reads the browser's folder: this test holds the two route tables together.
// eslint-disable-next-line import-x/no-restricted-paths
import routes from '../../src/routes.js';
import config from '../../react-router.config.js';
import { cataloguePages, clientRoutes, prerendered, sitemapPaths } from './site-routes.js';

// Every page's full path, layouts flattened; the catch-all (the 404 page) is not a page.
function pagePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : entry.path ? `${parent}/${entry.path}` : parent;
    const own = (entry.index || entry.path) && entry.path !== '*' ? [path || '/'] : [];
    return [...own, ...pagePaths(entry.children ?? [], path)];
  });
}

describe('the site routes', () => {
  it('are the pages of src/routes.ts, no more, no less', () => {
    const app = [...new Set(pagePaths(routes as RouteConfigEntry[]))].sort();
    expect(app.length).toBeGreaterThan(5);
    expect([...Object.keys(prerendered), ...cataloguePages, ...clientRoutes].sort()).toEqual(app);
  });

  it('prerender what react-router.config.ts prerenders', () => {
    expect(Object.keys(prerendered).sort()).toEqual([...(config.prerender as string[])].sort());
  });

  // A prerendered home page would show the catalogue as the build read it, not the console's.
  it('prerender no page that shows the catalogue', () => {
    for (const path of cataloguePages) expect(config.prerender as string[]).not.toContain(path);
  });

  it('offer crawlers the public pages, not the sign-in form', () => {
    for (const path of sitemapPaths) expect([...Object.keys(prerendered), ...cataloguePages]).toContain(path);
    expect(sitemapPaths).not.toContain('/account');
  });
});
