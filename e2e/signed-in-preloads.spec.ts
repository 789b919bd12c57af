// The SPA fallback asks for the route's modules and the Firebase SDK as soon as its HTML is
// parsed when a session is stored (scripts/tune-html.ts). The page must still work, with no CSP
// refusal (the fixtures fail on one), and nothing may be fetched twice.
import type { Request } from '@playwright/test';
import { expect, test } from './auth-fixtures';

test('a signed-in reload of the package page asks for its code early, once each', async ({ signedIn }) => {
  const page = signedIn;
  const scripts: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/assets/')) scripts.push(r);
  });
  await page.goto('/package/swiss-alpine-lakes', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('radiogroup')).toBeVisible();

  const paths = scripts.map((r) => new URL(r.url()).pathname);
  const twice = paths.filter((p, i) => paths.indexOf(p) !== i);
  expect(twice, 'fetched more than once').toEqual([]);
  // Asked for by the early script in <head>, not discovered later by React Router.
  const early = await page.evaluate(() =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload][fetchpriority=low]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );
  expect(early.some((p) => /^\/assets\/package-[\w-]+\.js$/.test(p))).toBe(true);
  expect(early.filter((p) => /^\/assets\/index\.esm-[\w-]+\.js$/.test(p)).length).toBeGreaterThan(0);
});

test('without a session nothing extra is asked for', async ({ page }) => {
  await page.goto('/bookings', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL('/account');
  const early = await page.evaluate(
    () =>
      document.head.querySelectorAll('link[rel=modulepreload][fetchpriority=low][href*="index.esm-"]').length,
  );
  expect(early).toBe(0);
});
