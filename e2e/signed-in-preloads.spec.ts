// A signed-in page is rendered by the server (its session cookie, set after sign-in) with the
// route's code named in its HTML (in the loader that hydrates after the first paint, as on the
// prerendered pages: server/src/pages/defer-hydration.ts): everything is asked for once, with no
// CSP refusal (the fixtures fail on one), nothing is preloaded before the page paints, and the
// Firebase SDK is not asked for by the HTML: it loads after the first paint
// (docs/decisions/013-server-rendered-signed-in-pages.md).
import type { Request } from '@playwright/test';
import { expect, test } from './auth-fixtures';

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
});

test('without a session nothing of Firebase is named in the HTML', async ({ page }) => {
  const response = await page.goto('/bookings', { waitUntil: 'domcontentloaded' });
  expect(response!.status()).toBe(200);
  expect(await response!.text()).not.toMatch(/index\.esm-[\w-]+\.js/);
  await expect(page).toHaveURL('/account');
});
