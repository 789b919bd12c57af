import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  latestResetLink,
  logIn,
  lookupAccount,
  setEnumerationProtection,
  test,
  uniqueEmail,
} from './auth-fixtures';

const navAccount = async (page: Page, isMobile: boolean) => {
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
};

// The identity provider answers refused credentials with HTTP 400, which Chromium logs.
const providerRefusals = ['status of 400'];

test.describe('sign-up', () => {
  test.use({ allowConsoleErrors: providerRefusals });
  test('validates, registers, stores the display name, signs out and returns to login', async ({ page }) => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const form = page.locator('form');
    await expect(form.getByLabel('Name')).toBeVisible();
    await expect(form.getByLabel('Confirm Password')).toBeVisible();

    const email = uniqueEmail('signup');
    // The name becomes the display name that fills booking forms and emails: held to a booking's
    // rules before anything is sent.
    await form.getByLabel('Name').fill('Nadia\u0007Nomad');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('12345');
    await form.getByLabel('Confirm Password').fill('12345');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    const error = form.getByRole('alert');
    await expect(error).toHaveText(
      'Name must not contain control characters (such as line breaks or invisible codes).',
    );
    await form.getByLabel('Name').fill('Nadia Nomad');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(error).toHaveText('Password Must Be 6 Character long');

    await form.getByLabel('Password', { exact: true }).fill('123456');
    await form.getByLabel('Confirm Password').fill('1234567');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(error).toHaveText('Password did not match...!');
    // The error line sits above the submit button.
    const errorBox = (await error.boundingBox())!;
    const submitBox = (await form.getByRole('button', { name: 'Sign Up' }).boundingBox())!;
    expect(errorBox.y).toBeLessThan(submitBox.y);

    await form.getByLabel('Confirm Password').fill('123456');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Register Successful...!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page).toHaveURL('/account');
    await expect(form.getByLabel('Name')).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveText('');

    const stored = await lookupAccount(email);
    expect(stored?.displayName).toBe('Nadia Nomad');
    expect(
      await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('firebase:authUser'))),
    ).toBe(false);
  });

  test('an email that already has an account gets the catalogue message', async ({ page }) => {
    const email = uniqueEmail('taken');
    await createAccount(email, 'secret-pass');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const form = page.locator('form');
    await form.getByLabel('Name').fill('Second Try');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('another1');
    await form.getByLabel('Confirm Password').fill('another1');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByRole('alert')).toHaveText('This email already have an account.');
    await expect(form.getByLabel('Name')).toHaveValue('Second Try');

    // Toggling modes clears the error.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('');
  });

  test('required fields are enforced by the browser', async ({ page }) => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    expect(await form.getByLabel('Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
      true,
    );
    await form.getByLabel('Name').fill('X');
    await form.getByLabel('Email').fill('not-an-email');
    expect(await form.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(
      true,
    );
  });
});

test.describe('login errors', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ allowConsoleErrors: providerRefusals });
  test.afterAll(async () => setEnumerationProtection(false));

  test('the three catalogue messages, then invalid-credential with enumeration protection', async ({
    page,
  }) => {
    await setEnumerationProtection(false);
    const email = uniqueEmail('login');
    await createAccount(email, 'right-pass');
    await page.goto('/account');

    await logIn(page, uniqueEmail('nobody'), 'whatever1');
    await expect(page.locator('form').getByRole('alert')).toHaveText('There is no account with this Email');

    await logIn(page, email, 'wrong-pass');
    await expect(page.locator('form').getByRole('alert')).toHaveText('You have entered wrong Password.');

    await setEnumerationProtection(true);
    await logIn(page, email, 'wrong-pass');
    await expect(page.locator('form').getByRole('alert')).toHaveText('Incorrect email or password.');
    await logIn(page, uniqueEmail('nobody'), 'whatever1');
    await expect(page.locator('form').getByRole('alert')).toHaveText('Incorrect email or password.');
    await setEnumerationProtection(false);
  });
});

test.describe('protected routes', () => {
  test('a visitor is sent to /account and, after login, back to the remembered path', async ({
    page,
    account,
  }) => {
    await page.goto('/package/sahara-desert-caravan?from=grid');
    await expect(page).toHaveURL('/account');
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL('/package/sahara-desert-caravan?from=grid');
    await expect(page.getByRole('heading', { level: 1, name: 'Sahara Desert Caravan' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(account.name);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
  });

  test('login without a remembered path goes home; /account then redirects home', async ({
    signedIn: page,
  }) => {
    await page.goto('/account');
    await expect(page).toHaveURL('/');
  });

  test('the session survives a reload, and Log Out ends it', async ({ signedIn: page, isMobile }) => {
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();

    await navAccount(page, isMobile);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await navAccount(page, isMobile);
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    await page.goto('/bookings');
    await expect(page).toHaveURL('/account');
  });

  test('a spinner shows while the auth state loads', async ({ page }) => {
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await page.goto('/package/kyoto-temples-and-tea', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toBeVisible();
    // Every script is slowed on purpose, so the redirect may take longer than the default wait.
    await expect(page).toHaveURL('/account', { timeout: 20_000 });
  });

  for (const target of [
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
  ]) {
    test(`a remembered path of ${target} cannot send the user off the site`, async ({ page, account }) => {
      // The crafted entry is read by React Router, which a visitor's public page starts only when
      // they reach for a form (docs/decisions/066-no-react-for-a-visitors-first-load.md).
      await page.goto('/account');
      await page.locator('form').getByLabel('Email').focus();
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.evaluate(() => {
        window.history.pushState({ usr: null, key: 'a', idx: 1 }, '', '/about');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      });
      await expect(page.getByRole('heading', { level: 1, name: 'Maya Okafor' })).toBeVisible();
      // A crafted history entry pointing at /account with a hostile "from".
      await page.evaluate((from) => {
        window.history.pushState({ usr: { from }, key: 'x', idx: 2 }, '', '/account');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, target);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await logIn(page, account.email, account.password);
      await expect(page).toHaveURL('/');
    });
  }
});

test.describe('password reset', () => {
  test.use({ allowConsoleErrors: providerRefusals });
  test('sends the emulator a reset link; the new password then signs in', async ({ page, account }) => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const form = page.locator('form');
    await expect(form.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back To Login' })).toBeVisible();
    await form.getByLabel('Email').fill(account.email);
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Check your email.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

    const link = await latestResetLink(account.email);
    expect(link).toBeTruthy();
    const applied = await fetch(`${link}&newPassword=brand-new-pass`);
    expect(applied.ok).toBe(true);

    await logIn(page, account.email, account.password);
    await expect(page.locator('form').getByRole('alert')).not.toHaveText('');
    await logIn(page, account.email, 'brand-new-pass');
    await expect(page).toHaveURL('/');
  });

  test('Back To Login returns to the login mode', async ({ page }) => {
    await page.goto('/account');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('button', { name: 'Back To Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});

test.describe('identity provider out of reach', () => {
  test.use({ allowConsoleErrors: ['net::ERR_FAILED'] });

  test('login says why and the form stays usable; no endless spinner', async ({ page, account }) => {
    await page.goto('/account');
    await page.context().route('http://127.0.0.1:9099/**', (route) => route.abort());
    await logIn(page, account.email, account.password);
    await expect(page.locator('.form-error')).toContainText('auth/network-request-failed', {
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    await expect(page.locator('form').getByLabel('Email')).toHaveValue(account.email);
  });

  test('a signed-in user still gets the page from the stored session, not a spinner', async ({
    signedIn: page,
  }) => {
    await page.context().route('http://127.0.0.1:9099/**', (route) => route.abort());
    await page.goto('/package/kyoto-temples-and-tea');
    await expect(page.getByRole('form', { name: 'Book this trip' })).toBeVisible();
    // No spinner (the form's live total is a status too, and belongs there).
    await expect(page.locator('.spinner')).toHaveCount(0);
    await expect(page.getByRole('radiogroup', { name: 'Departure' })).toBeVisible();
  });
});
