import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, expect, grantOperator, logIn, test as base, uniqueEmail } from './auth-fixtures';
import { expectAccessible } from './support/axe';

// The console must have no serious or critical axe violation (WCAG 2.x A/AA and best practices).

type OperatorFixtures = { operator: Page };

const test = base.extend<OperatorFixtures>({
  operator: async ({ page }, use) => {
    const email = uniqueEmail('catalogue-operator');
    const password = 'run-the-desk';
    const { localId } = await createAccount(email, password, 'Cato Operator');
    await grantOperator(localId);
    await page.goto('/account');
    await logIn(page, email, password);
    await expect(page).toHaveURL('/');
    await use(page);
  },
});

// Long on a loaded machine: an operator signed in (the fixture counts too), a package made,
// illustrated, published, renamed and archived, each change waited for on the home page.
test.describe.configure({ timeout: 240_000 });

// The home page is rendered by the server from its copy of the catalogue, once per catalogue
// version, and each process refreshes its copy within 5 s of a change, with no rebuild: the card
// is in the HTML the server sends (not built after load), with the structured data, and
// /packages.json lists it. Reload until they show (or no longer show) the package; then the page as
// the browser shows it once hydrated (a hydration mismatch is a console error: the test fails).
async function expectOnHome(page: Page, id: string, name: string, shown: boolean, listed = shown) {
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get('/')).text();
        const list = (await (await page.request.get('/packages.json')).json()) as { id: string }[];
        return [
          html.includes(`<h3 class="card__title">${name}</h3>`),
          html.includes(`"name":"${name}"`),
          list.some((p) => p.id === id),
        ];
      },
      { timeout: 15_000, intervals: [500, 1000, 2000] },
    )
    .toEqual([shown, shown, listed]);
  await page.goto('/');
  const card = page.getByRole('list', { name: 'Travel packages' }).getByRole('heading', { name, level: 3 });
  await expect(card).toHaveCount(shown ? 1 : 0);
  if (shown) {
    await expect(card).toBeVisible();
    await expect(page.getByRole('link', { name: `Purchase ${name}` })).toHaveAttribute(
      'href',
      `/package/${id}`,
    );
  }
}

test('an operator creates a package, adds a day, uploads a photo and publishes it; archived, it is gone', async ({
  operator: page,
}) => {
  const token = Math.random().toString(36).slice(2, 8);
  const name = `Lofoten Fjords ${token}`;
  const id = `lofoten-fjords-${token}`;

  await page.goto('/admin/packages');
  await expect(page.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Packages' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, '/admin/packages');

  const form = page.getByRole('form', { name: 'New package' });
  await form.getByLabel('Name').fill(name);
  await expect(form.getByLabel('Id')).toHaveValue(id);
  await form
    .getByLabel('Description')
    .fill('Six days among the peaks and fishing villages of Arctic Norway.');
  await form.getByLabel('Price per person (US$)').fill('2300');
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(`/admin/packages/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // A day of the itinerary.
  await page.getByRole('button', { name: 'Add a day' }).click();
  await expect(page.getByLabel('Day 1 title', { exact: true })).toBeFocused();
  await page.getByLabel('Day 1 title', { exact: true }).fill('Arrival in Svolvær');
  await page.getByLabel('Day 1 description', { exact: true }).fill('Meet your guide by the harbour.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible();

  // A photo, previewed before it is sent.
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 15, g: 76, b: 92 } },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'lofoten.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('figure')).toContainText('Preview of lofoten.jpg');
  await page.getByLabel('Alt text', { exact: true }).fill('Red fishing huts below a granite peak');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByLabel('Alt text, image 1')).toHaveValue('Red fishing huts below a granite peak');
  await expectAccessible(page, '/admin/packages/{id}');

  // The preview of the public page shows the day before anything is published.
  await page.getByRole('button', { name: 'Preview the public page' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the public page' });
  await expect(preview.getByText('Arrival in Svolvær')).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'published' })).toBeVisible();
  await expectOnHome(page, id, name, true);

  // Renamed in the console: the home page's card follows, with no rebuild.
  const renamed = `Lofoten and Vesterålen ${token}`;
  await page.goto(`/admin/packages/${id}`);
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${renamed} saved.` })).toBeVisible();
  await expectOnHome(page, id, renamed, true);
  await expectOnHome(page, id, name, false, true);
  await page.goto(`/admin/packages/${id}`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible();

  // Its page shows the day and the photo.
  await page.goto(`/package/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Arrival in Svolvær')).toBeVisible();

  await page.goto(`/admin/packages/${id}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'archived' })).toBeVisible();
  await expectOnHome(page, id, name, false);
});
