import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './auth-fixtures';

// Zero axe violations of any impact, WCAG 2.x A and AA plus best practices.
async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

test.describe('accessibility: axe on every page', () => {
  for (const [path, ready] of [
    ['/', 'Journeys for this season'],
    ['/blogs', 'Questions travellers ask us'],
    ['/about', 'Maya Okafor'],
    ['/no-such-page', '404: this trail leads nowhere'],
  ] as const) {
    test.describe(`public page ${path}`, () => {
      // The unknown path is served with HTTP 404, which Chromium logs as a failed load.
      test.use({ allowConsoleErrors: path === '/no-such-page' ? ['status of 404'] : [] });
      test('has no axe violations', async ({ page }) => {
        await page.goto(path);
        await expect(page.getByText(ready).first()).toBeVisible();
        if (path === '/') {
          await expect(page.getByRole('list', { name: 'Travel packages' }).getByRole('article')).toHaveCount(
            6,
          );
        }
        await expectNoAxeViolations(page, path);
      });
    });
  }

  test('account: login, sign-up and reset modes, with an error shown', async ({ page }) => {
    await page.goto('/account');
    const form = page.locator('form');
    await expect(form.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectNoAxeViolations(page, '/account login');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await form.getByLabel('Name').fill('Ada');
    await form.getByLabel('Email').fill(uniqueEmail('axe'));
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm Password').fill('abc');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Password Must Be 6 Character long')).toBeVisible();
    await expectNoAxeViolations(page, '/account sign-up with error');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('button', { name: 'Back To Login' })).toBeVisible();
    await expectNoAxeViolations(page, '/account reset');
  });

  test('signed-in pages: package with errors, checkout, my bookings (empty and full)', async ({
    signedIn: page,
  }) => {
    // Five axe runs and a booking: near 30 s on a busy 2-core machine with two workers.
    test.setTimeout(60_000);
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { name: 'No trips booked yet' })).toBeVisible();
    await expectNoAxeViolations(page, '/bookings empty');

    await page.goto('/package/swiss-alpine-lakes');
    const form = page.getByRole('form', { name: 'Book this trip' });
    await form.getByLabel('Phone').fill('12');
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(form.getByText('A phone number needs at least 6 digits.')).toBeVisible();
    await expectNoAxeViolations(page, '/package with field errors');

    await form.getByLabel('Address').fill('1 Lake Road, Brienz');
    await form.getByLabel('Phone').fill('41335551234');
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.locator('.summary__ref').first()).toBeVisible();
    await expectNoAxeViolations(page, '/checkout');

    await page.goto('/bookings');
    await expect(page.locator('.summary__ref').first()).toBeVisible();
    await expectNoAxeViolations(page, '/bookings');

    await page.goto('/package/atlantis');
    await expect(page.getByRole('heading', { name: 'Package not found' })).toBeVisible();
    await expectNoAxeViolations(page, '/package unknown');
  });
});

test.describe('keyboard only', () => {
  // Tab until the focused element matches the selector, as a keyboard user would.
  async function tabTo(page: Page, selector: string, max = 60) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
    }
    throw new Error(`no focusable element matched ${selector} within ${max} tabs`);
  }

  test('from the home page to a stored booking, without a mouse, with focus always visible', async ({
    page,
    account,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Travel packages' }).getByRole('article')).toHaveCount(6);

    await tabTo(page, 'a[href="/package/kyoto-temples-and-tea"]');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/account');

    await tabTo(page, 'input[type="email"]');
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/package/kyoto-temples-and-tea');

    await tabTo(page, 'input[name="address"]');
    await page.keyboard.type('1 Gion, Kyoto');
    await page.keyboard.press('Tab');
    await page.keyboard.type('81755551234');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    await expect(page.locator('.summary__ref').first()).toHaveText(/^WT-/);

    await tabTo(page, 'a.button--primary[href="/"]');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');
  });
});

test.describe('what a crawler reads', () => {
  for (const [path, title] of [
    ['/', 'Wayfarer Tours'],
    ['/blogs', 'Blogs: questions about signing in | Wayfarer Tours'],
    ['/about', 'About the developer | Wayfarer Tours'],
  ] as const) {
    test(`${path}: title, description, canonical and Open Graph in the served HTML`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(
        new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`),
      );
      for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
        expect(html).toContain(`<meta property="${property}"`);
      }
    });
  }

  test('robots.txt and a sitemap of the public routes', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    // The public pages, then each published package's page (the catalogue, server/src/catalog/seo.ts).
    expect(locs.slice(0, 3)).toEqual(['/', '/blogs', '/about']);
    const published: { id: string }[] = await (await request.get('/packages.json')).json();
    expect(locs.slice(3).sort()).toEqual(published.map((p) => `/package/${p.id}`).sort());
  });

  test('the home page describes every package as schema.org JSON-LD with an offer and price', async ({
    request,
  }) => {
    const packages: { id: string; name: string; price: number }[] = await (
      await request.get('/packages.json')
    ).json();
    const html = await (await request.get('/')).text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    const data = JSON.parse(block![1]!) as {
      itemListElement: { item: { name: string; offers: { price: string; priceCurrency: string } } }[];
    };
    expect(data.itemListElement.map((e) => e.item.name)).toEqual(packages.map((p) => p.name));
    for (const [i, entry] of data.itemListElement.entries()) {
      expect(entry.item.offers).toMatchObject({ priceCurrency: 'USD', price: packages[i]!.price.toFixed(2) });
    }
  });
});

test.describe('security headers on every response', () => {
  for (const path of [
    '/',
    '/blogs',
    '/about',
    '/account',
    '/package/kyoto-temples-and-tea',
    '/nope',
    '/packages.json',
    '/api/health',
    '/robots.txt',
  ]) {
    test(path, async ({ request }) => {
      const res = await request.get(path);
      const h = res.headers();
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(h['permissions-policy']).toMatch(/camera=\(\)/);
      const csp = h['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
    });
  }

  test('a signed-in flow under the CSP: no violation, no console error', async ({ signedIn: page }) => {
    // The fixture fails the test on any CSP violation or console error, in any frame.
    await page.goto('/package/tromso-northern-lights');
    const form = page.getByRole('form', { name: 'Book this trip' });
    await form.getByLabel('Address').fill('Storgata 1, Tromsø');
    await form.getByLabel('Phone').fill('4777000000');
    await form.getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    const response = await page.goto('/bookings');
    await expect(page.locator('.summary__ref').first()).toBeVisible();
    // Rendered for the session cookie's user, and every inline script it runs is allowed by this
    // response's nonce (src/entry.server.tsx), never by a hash of what was rendered.
    const csp = response!.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain('sha256-');
    const html = await response!.text();
    expect(html).toContain('summary__ref');
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((attrs) => !/\bsrc=|type="(application\/ld\+json|text\/plain)"/.test(attrs));
    expect(inline.length).toBeGreaterThan(2);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // The next response has a nonce of its own.
    const again = await page.request.get('/bookings');
    expect(again.headers()['content-security-policy']).toMatch(/'nonce-/);
    expect(again.headers()['content-security-policy']).not.toContain(nonce!);
  });

  test.describe('a script injected into a rendered page', () => {
    // The one refusal this test provokes: Chromium's message and the fixture's.
    test.use({ allowConsoleErrors: ['Executing inline script violates', 'CSP violation'] });
    test('is refused without the nonce, while the page’s own scripts run', async ({ page }) => {
      // As if a rendered page carried HTML it should not: a script added to the server's answer.
      // (A visitor's page: a signed-in one would start the SDK, whose calls to the emulator's
      // loopback address Chromium refuses from a document the test answered itself.)
      const path = '/package/tromso-northern-lights';
      await page.route(`**${path}`, async (route) => {
        const response = await route.fetch();
        expect(response.headers()['content-security-policy']).toMatch(/'nonce-/);
        const body = (await response.text()).replace('</body>', '<script>window.injected = true</script></body>');
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        await route.fulfill({ response, body, headers });
      });
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (msg.text().startsWith('CSP violation')) violations.push(msg.text());
      });
      // goto waits for hydration: React Router's scripts, with the nonce, ran.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
      expect(violations).toEqual(['CSP violation: script-src-elem blocked inline']);
    });
  });
});
