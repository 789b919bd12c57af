// A signed-in page is rendered by the server (its session cookie, set after sign-in) with the
// route's code named in its HTML (in the loader that hydrates after the first paint, as on the
// prerendered pages: server/src/pages/defer-hydration.ts): everything is asked for once, with no
// CSP refusal (the fixtures fail on one), nothing is preloaded before the page paints, and the
// Firebase SDK is not asked for by the HTML: it loads after the first paint
// (docs/decisions/013-server-rendered-signed-in-pages.md).
import type { Page, Request } from '@playwright/test';
import { expect, test } from './auth-fixtures';

// When the page's first contentful paint happened and when each of its modules was asked for
// (resource timing, same clock), once it has hydrated (or, on a visitor's public page, once its
// islands run: docs/decisions/066-no-react-for-a-visitors-first-load.md).
const scriptsAgainstFirstPaint = async (page: Page) => {
  await page.waitForSelector('html[data-hydrated], html[data-islands]', { state: 'attached' });
  return page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime })),
  }));
};

// Lighthouse's simulation counts every request started before the first paint against it: a
// module asked for before the paint put up to 120 KiB of script on the home page's critical path
// (server/src/pages/defer-hydration.ts).
const expectNoScriptBeforeFirstPaint = async (page: Page) => {
  const { paint, scripts } = await scriptsAgainstFirstPaint(page);
  expect(paint, 'first-contentful-paint entry').not.toBeNull();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.startTime < paint!)).toEqual([]);
};

test('the home page asks for no script before its first contentful paint', async ({ page }) => {
  await page.goto('/');
  await expectNoScriptBeforeFirstPaint(page);
});

test('a signed-in reload of the package page names its code in the HTML, fetched once each', async ({
  signedIn,
}) => {
  const page = signedIn;
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === '__session'))
    .toBe(true);
  // The home page the sign-in ends on loads its cards' dates lazily, at any moment: leave it, or
  // its requests would be counted as this page's.
  await page.goto('about:blank', { waitUntil: 'commit' });
  const scripts: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/assets/')) scripts.push(r);
  });
  const response = await page.goto('/package/swiss-alpine-lakes', { waitUntil: 'domcontentloaded' });
  const html = await response!.text();
  await expect(page.getByRole('radiogroup')).toBeVisible();
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });

  const paths = scripts.map((r) => new URL(r.url()).pathname);
  const twice = paths.filter((p, i) => paths.indexOf(p) !== i);
  expect(twice, 'fetched more than once').toEqual([]);
  expect(html).toMatch(/"\/assets\/package-[\w-]+\.js"/);
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(html).toMatch(/<script type="text\/plain" id="rr-bootstrap">/);
  expect(html).not.toMatch(/index\.esm-[\w-]+\.js/);
  await expectNoScriptBeforeFirstPaint(page);
});

test('without a session nothing of Firebase is named in the HTML', async ({ page }) => {
  const response = await page.goto('/bookings', { waitUntil: 'domcontentloaded' });
  expect(response!.status()).toBe(200);
  expect(await response!.text()).not.toMatch(/index\.esm-[\w-]+\.js/);
  // The redirect waits for hydration after the first paint and for the auth SDK to say nobody is
  // signed in: 5 s was too short in 1 run of 5 here, on the commit before this one too.
  await expect(page).toHaveURL('/account', { timeout: 15_000 });
});
