import { expect, lookupAccount, test } from './auth-fixtures';
import { baseURL } from '../playwright.config';
import { gapiStandIn } from './support/gapi-stand-in';

// Google popup sign-in against the Auth Emulator's IDP widget. Offline, Google's gapi script is
// answered by a stand-in, and the widget's CDN styles and fonts are refused.
// The site on 127.0.0.1 makes the emulator's helper iframe (127.0.0.1:9099) same-site: Chromium
// blocks storage in third-party iframes, and the iframe needs sessionStorage. (In production the
// same holds for <project>.firebaseapp.com; Firebase advises an authDomain on the site's own domain.)
test.use({ baseURL: baseURL.replace('localhost', '127.0.0.1') });

test.beforeEach(async ({ context }) => {
  await context.route('https://apis.google.com/js/api.js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: gapiStandIn }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.abort(),
  );
});

test.describe('Google popup sign-in', () => {
  test('a new Google account signs in through the popup and lands on the remembered path', async ({
    page,
  }) => {
    await page.goto('/package/sahara-desert-caravan');
    await expect(page).toHaveURL('/account');

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState('domcontentloaded');
    await expect(popup).toHaveTitle(/Auth Emulator IDP Login Widget/);

    await popup.getByText('Add new account').click();
    await popup.getByText('Auto-generate user information').click();
    const email = await popup.locator('#email-input').inputValue();
    expect(email).toMatch(/@example\.com$/);
    await popup.getByText(/Sign in with Google\.com/).click();

    await expect(page).toHaveURL('/package/sahara-desert-caravan', { timeout: 15_000 });
    await expect(
      page.getByRole('button', { name: 'Log Out' }).or(page.getByRole('button', { name: 'Menu' })),
    ).toBeVisible();
    const account = await lookupAccount(email);
    expect(account?.email).toBe(email);
  });

  test('closing the popup is only logged: no error line, still signed out', async ({ page }) => {
    await page.goto('/account');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState('domcontentloaded');
    await popup.close();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled({ timeout: 15_000 });
    await expect(page.locator('.form-error')).toHaveText('');
    await expect(page).toHaveURL('/account');
  });
});

test.describe('Google sign-in when Google cannot be reached', () => {
  test.use({ allowConsoleErrors: ['net::ERR_FAILED'] });

  test('any other error is shown in the error line, and the form stays usable', async ({ page, context }) => {
    await context.unroute('https://apis.google.com/js/api.js*');
    await context.route('https://apis.google.com/**', (route) => route.abort());
    await page.goto('/account');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.locator('.form-error')).toContainText(/auth\/(internal-error|network-request-failed)/, {
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });
});
