// The account page is prerendered and hydrates after it has painted (docs/decisions/003 and 008):
// a visitor can type into the form, or submit it, before React runs. Nothing typed may be lost
// and a submit must not leave the page; both must work once React is there.
import type { Request } from '@playwright/test';
import { createAccount, expect, test, uniqueEmail } from './auth-fixtures';
import { holdScripts, hydrated } from './support/hold-scripts';

test.describe('the account form before hydration', () => {
  let account: { email: string; password: string };

  test.beforeEach(async () => {
    account = { email: uniqueEmail('early'), password: 'typed-early' };
    await createAccount(account.email, account.password, 'Eli Early');
  });

  test('what is typed before hydration stays, and logs in once React is there', async ({ page }) => {
    const release = await holdScripts(page);
    // 'domcontentloaded': the fixtures' goto would otherwise wait for hydration.
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const form = page.locator('form');
    await form.getByLabel('Email').pressSequentially(account.email);
    await form.getByLabel('Password', { exact: true }).pressSequentially(account.password);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    release();
    await hydrated(page);
    // The auth state settles right after hydration and re-renders the form: still there?
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(form.getByLabel('Email')).toHaveValue(account.email);
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue(account.password);

    // React's own state holds the values too: the login uses them.
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a submit before hydration does not leave the page and is sent once React is there', async ({
    page,
  }) => {
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/account') posts.push(r);
    });
    const release = await holdScripts(page);
    await page.goto('/account', { waitUntil: 'domcontentloaded' });
    const form = page.locator('form');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    release();
    await expect(page).toHaveURL('/');
    expect(posts, 'the browser posted the form itself').toEqual([]);
  });
});

// A press on a button that only React can work (Sign Up, Forgot Password?) made while the page is
// still plain HTML is held and replayed once React runs (server/src/pages/defer-hydration.ts),
// instead of being lost.
test.describe('presses before hydration', () => {
  for (const [press, then] of [
    ['Sign Up', 'Sign Up'],
    ['Forgot Password?', 'Send reset link'],
  ] as const) {
    test(`"${press}" pressed before React runs still switches the form`, async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto('/account', { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: press, exact: true }).click();
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      release();
      await hydrated(page);
      await expect(page.locator('form').getByRole('button', { name: then, exact: true })).toBeVisible();
    });
  }
});
