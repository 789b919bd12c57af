import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createAccount, expect, grantOperator, logIn, test as base, uniqueEmail } from './auth-fixtures';
import { expectAccessible } from './support/axe';

// The catalogue's Spanish (migration 68): an operator types a package's Spanish name and a day's
// Spanish title beside the English ones in the console's editor, and /es/package/{id} shows them,
// with each text still untranslated in English inside lang="en"; the English page is unchanged,
// and the home page in Spanish, rendered once per catalogue version, follows with no rebuild.

type OperatorFixtures = { operator: Page };

const test = base.extend<OperatorFixtures>({
  operator: async ({ page }, use) => {
    const email = uniqueEmail('escat-operator');
    const password = 'run-the-desk';
    const { localId } = await createAccount(email, password, 'Elena Operadora');
    await grantOperator(localId);
    await page.goto('/account');
    await logIn(page, email, password);
    await expect(page).toHaveURL('/');
    await use(page);
  },
});

// An operator signed in, a package made, illustrated, published, translated and archived.
test.describe.configure({ timeout: 240_000 });
// The Spanish name past its limit is refused by the API (400), as the console's form expects.
test.use({ allowConsoleErrors: ['status of 400'] });

// Where the helper's screenshots are kept to be looked at (SHOTS_DIR), else the test's own output.
const shot = async (page: Page, name: string, testInfo: { outputPath: (name: string) => string }) => {
  const width = page.viewportSize()!.width;
  const dir = process.env.SHOTS_DIR;
  const path = dir ? `${dir}/${name}-${width}.png` : testInfo.outputPath(`${name}-${width}.png`);
  await page.screenshot({ path, fullPage: true });
};

test('an operator enters a package’s Spanish name and /es/package/{id} shows it, the rest in English with lang="en"', async ({
  operator: page,
}, testInfo) => {
  const token = Math.random().toString(36).slice(2, 8);
  const name = `Lofoten Lights ${token}`;
  const spanishName = `Luces de Lofoten ${token}`;
  const id = `lofoten-lights-${token}`;
  const description = 'Six days among the peaks and fishing villages of Arctic Norway.';

  await page.goto('/admin/packages');
  const form = page.getByRole('form', { name: 'New package' });
  await form.getByLabel('Name').fill(name);
  await expect(form.getByLabel('Id')).toHaveValue(id);
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Price per person (US$)').fill('2300');
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(`/admin/packages/${id}`);

  await page.getByRole('button', { name: 'Add a day' }).click();
  await page.getByLabel('Day 1 title', { exact: true }).fill('Arrival in Svolvær');
  await page.getByLabel('Day 1 description', { exact: true }).fill('Meet your guide by the harbour.');
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 15, g: 76, b: 92 } },
  })
    .jpeg()
    .toBuffer();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible();
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'lofoten.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Alt text', { exact: true }).fill('Red fishing huts below a granite peak');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByLabel('Alt text, image 1')).toHaveValue('Red fishing huts below a granite peak');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'published' })).toBeVisible();

  // The Spanish beside the English: the name and day 1's title; the description left untranslated.
  // Past the English field's limit (80), the Spanish one says so as the English one does, and the
  // server refuses it beside the field: nothing is saved.
  await page.getByLabel('Name in Spanish').fill('x'.repeat(81));
  await expect(page.getByLabel('Name in Spanish')).toHaveAccessibleDescription(/At most 80 characters/);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please check the highlighted fields.' })).toBeVisible();
  await expect(page.getByLabel('Name in Spanish')).toBeFocused();
  await page.getByLabel('Name in Spanish').fill(spanishName);
  await page.getByLabel('Day 1 title in Spanish').fill('Llegada a Svolvær');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} saved.` })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name in Spanish')).toHaveValue(spanishName);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expectAccessible(page, '/admin/packages/{id} with Spanish fields');
  await shot(page, 'console-editor', testInfo);

  // The Spanish page: the translated texts in the page's language, the others in English, marked.
  await page.goto(`/es/package/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const heading = page.getByRole('heading', { level: 1, name: spanishName });
  await expect(heading).toBeVisible();
  await expect(heading).not.toHaveAttribute('lang');
  await expect(page.getByText(description)).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Llegada a Svolvær')).toBeVisible();
  await expect(page.getByText('Llegada a Svolvær').locator('xpath=ancestor-or-self::*[@lang][1]')).toHaveAttribute(
    'lang',
    'es',
  );
  await expect(page.getByText('Meet your guide by the harbour.')).toHaveAttribute('lang', 'en');
  await expect(page.getByText(name)).toHaveCount(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/es/package/{id}');
  await shot(page, 'es-package', testInfo);

  // The English page reads exactly as it did: no Spanish, no lang marks on the catalogue's texts.
  await page.goto(`/package/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).not.toHaveAttribute('lang');
  await expect(page.getByText(description)).not.toHaveAttribute('lang');
  await expect(page.getByText(spanishName)).toHaveCount(0);

  // The Spanish home page, rendered by the server per catalogue version, carries the Spanish card.
  await expect
    .poll(async () => (await (await page.request.get('/es')).text()).includes(`>${spanishName}</h3>`), {
      timeout: 15_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(true);
  // The English home page as before: its card in English, no Spanish anywhere in its HTML.
  const home = await (await page.request.get('/')).text();
  expect(home).toContain(`<h3 class="card__title">${name}</h3>`);
  expect(home).not.toContain(spanishName);

  await page.goto(`/admin/packages/${id}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'archived' })).toBeVisible();
});
