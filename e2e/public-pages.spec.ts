import { expect, test } from './fixtures';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

test.describe('home', () => {
  test('hero, packages grid from /packages.json, and four featured blogs', async ({ page, request }) => {
    const packages: { id: string; name: string; description: string; price: number }[] = await (
      await request.get('/packages.json')
    ).json();
    expect(packages.length).toBeGreaterThanOrEqual(6);

    await page.goto('/');
    await expect(page).toHaveTitle('Wayfarer Tours');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Small-group tours/);

    const hero = page.locator('.hero');
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await hero.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/about');
    await page.goBack();

    const grid = page.getByRole('list', { name: 'Travel packages' });
    const cards = grid.getByRole('article');
    await expect(cards).toHaveCount(packages.length);
    for (const [i, pkg] of packages.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: pkg.name })).toBeVisible();
      await expect(card.locator('.card__text')).toHaveText(`${pkg.description.slice(0, 110)}...`);
      await expect(card.locator('.price')).toContainText(`$${pkg.price.toLocaleString('en-US')}`);
      await expect(card.getByRole('link', { name: /^Purchase/ })).toHaveAttribute(
        'href',
        `/package/${pkg.id}`,
      );
      await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
    }

    const blogs = page.getByRole('list', { name: 'Featured blogs' }).getByRole('article');
    await expect(blogs).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      const text = await blogs.nth(i).locator('.card__text').innerText();
      expect(text.endsWith('...')).toBe(true);
      expect(text.length).toBe(143);
      await expect(blogs.nth(i).getByRole('link', { name: /^Read More/ })).toHaveAttribute('href', '/blogs');
    }
  });

  test('the prerendered HTML already holds the hero, with a high-priority image', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const body = await res.text();
    expect(body).toContain('Travel further, with someone who knows the way.');
    expect(body).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/);
  });

  test('the prerendered HTML holds the packages grid, and the page asks for nothing to show it', async ({
    page,
    request,
  }) => {
    const packages: { name: string }[] = await (await request.get('/packages.json')).json();
    const body = await (await request.get('/')).text();
    for (const pkg of packages)
      expect(body).toContain(`<h3 class="card__title">${escapeHtml(pkg.name)}</h3>`);
    expect(body).not.toContain('Loading packages');

    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/');
    await expect(page.locator('html[data-islands]')).toBeAttached();
    await expect(page.getByRole('list', { name: 'Travel packages' }).getByRole('article')).toHaveCount(
      packages.length,
    );
    expect(asked).not.toContain('/packages.json');
  });

  // docs/decisions/066-no-react-for-a-visitors-first-load.md: the page is its HTML; the islands
  // module works the menu and fills in the cards' dates.
  test("a visitor's home page asks for none of React's code, and its cards still get their dates", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Swiss Alpine Lakes' }) });
    await expect(card.getByRole('listitem').first()).toHaveText(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    await page.mouse.wheel(0, 600);
    await page.getByRole('heading', { name: 'Featured Blogs' }).hover();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/(react|entry\.client|root|shell)-/.test(s))).toEqual([]);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  });
});

test.describe('packages unavailable', () => {
  test.use({ allowConsoleErrors: ['status of 503'] });

  // The home page's HTML holds the grid (src/routes/home.tsx); a visit by a link from another
  // page where React runs has only /packages.json to ask. (A visitor's public page runs no React
  // until they reach for a form: the account page's, here.)
  test('a failed packages request shows a message with Retry, and Retry recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/packages.json', (route) =>
      fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    await page.goto('/account');
    await page.locator('form').getByLabel('Email').focus();
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await page.getByRole('link', { name: 'Wayfarer Tours home' }).click();
    await expect(page).toHaveURL('/');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The packages could not be loaded (HTTP 503).');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('list', { name: 'Travel packages' }).getByRole('article').first(),
    ).toBeVisible();
  });
});

test.describe('blogs', () => {
  test('three FAQ accordions that open with the keyboard', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page).toHaveTitle(/Blogs/);
    const items = page.locator('details');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0).locator('summary')).toContainText('authentication and authorization');
    await expect(items.nth(1).locator('summary')).toContainText('Firebase Authentication');
    await expect(items.nth(2).locator('summary')).toContainText('other services does Firebase offer');

    await items.nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(1)).toContainText('Auth0');
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).not.toHaveAttribute('open', '');
  });
});

test.describe('about', () => {
  test('the developer profile: portrait, name, role, bio, skills and contact links', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(/About/);
    await expect(page.getByRole('img', { name: /portrait/i })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeVisible();
    await expect(page.getByText('Full-stack web developer')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveCount(8);
    await expect(page.getByRole('link', { name: /maya.okafor@/ })).toHaveAttribute('href', /^mailto:/);
  });
});

test.describe('404', () => {
  test.use({ allowConsoleErrors: ['status of 404'] });

  test('an unknown path gets the 404 image page with HTTP 404 and a way home', async ({ page }) => {
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
    await expect(page.getByRole('img', { name: /map/ })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('navbar and footer', () => {
  test('navigate through the navbar (with the menu toggle on a phone)', async ({ page, isMobile }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Menu' });
    if (isMobile) {
      await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(nav.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
    } else {
      await expect(toggle).toBeHidden();
    }
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (isMobile) await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
  });

  test('footer: blurb, social links, phone, e-mail, address and this year', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/Small-group journeys led by guides/)).toBeVisible();
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(3);
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
    await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(footer).toContainText('San Francisco');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Wayfarer Tours`);
  });
});
