import { createAccount, expect, logIn, test, uniqueEmail } from './auth-fixtures';

const soon = expect.configure({ timeout: 30_000 });
const dir = process.env.SHOTS_DIR ?? 'test-results/delete-account';

// The emulator signs every test in just now, so the server's "sign in again" (a sign-in older than
// five minutes) is answered here once, as it would be to someone signed in yesterday; the wrong
// password is the emulator's 400.
test.use({ allowConsoleErrors: ['status of 401', 'status of 400'] });

// Delete my account with a stale sign-in: the password is asked in place, a wrong one is said
// beside the field, the right one deletes and the visitor lands on the page that says so (not on
// the login form, where signing out on My bookings used to send them first).

test('delete my account: the password asked in place, then the page that says the account is gone', async ({ page }, info) => {
  test.setTimeout(120_000);
  const p = info.project.name;
  const email = uniqueEmail('vfy-del');
  await createAccount(email, 'wander-far', 'Dee Leted');
  await page.goto('/account');
  await logIn(page, email, 'wander-far');
  await soon(page).toHaveURL('/');
  let first = true;
  await page.route('**/api/me', async (route) => {
    if (route.request().method() === 'DELETE' && first) {
      first = false;
      return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Sign in again' }) });
    }
    return route.continue();
  });
  await page.goto('/bookings');
  await soon(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await page.waitForTimeout(2000);
  const box = page.getByLabel('Type DELETE or your email address to confirm');
  await box.fill('DELETE');
  await soon(page.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await soon(page.getByLabel('Your password', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${dir}/delete-password-${p}.png`, fullPage: true });
  await page.getByLabel('Your password', { exact: true }).fill('wrong-pass');
  await page.locator('.your-data__reauth button[type=submit]').click();
  await page.waitForTimeout(2500);
  await expect(page.getByText('That password is not right. Please try again.')).toBeVisible();
  await page.screenshot({ path: `${dir}/delete-wrong-password-${p}.png`, fullPage: true });
  await page.getByLabel('Your password', { exact: true }).fill('wander-far');
  await page.locator('.your-data__reauth button[type=submit]').click();
  await soon(page).toHaveURL('/account/deleted');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible();
  // Signing out afterwards leaves the person here.
  await page.waitForTimeout(2000);
  await expect(page).toHaveURL('/account/deleted');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible();
  // Signed out: the site no longer offers My bookings.
  await expect(page.getByRole('link', { name: 'My bookings' })).toHaveCount(0);
  await page.screenshot({ path: `${dir}/account-deleted-${p}.png`, fullPage: true });
});
