import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, expect, idTokenFor, openNavLink, test, uniqueEmail } from './auth-fixtures';

type StoredBooking = {
  id: string;
  reference: string;
  packageId: string;
  packageName: string;
  departureId: string | null;
  startsOn: string | null;
  travellers: number;
  price: number;
  total: number;
  status: string;
  name: string;
  address: string;
  phone: string;
};

async function bookingsOf(request: APIRequestContext, email: string, password: string) {
  const token = await idTokenFor(email, password);
  const res = await request.get('/api/bookings', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { bookings: StoredBooking[] }).bookings;
}

const form = (page: Page) => page.getByRole('form', { name: 'Book this trip' });

test.describe('booking a package', () => {
  test('book in the browser, get a reference, find it under My bookings and through the API for this user only', async ({
    signedIn: page,
    account,
    request,
  }) => {
    await page.goto('/package/swiss-alpine-lakes');
    await expect(page.getByRole('heading', { level: 1, name: 'Swiss Alpine Lakes' })).toBeVisible();
    await expect(page.getByText('$2,450').first()).toBeVisible();
    await expect(form(page).getByLabel('Name')).toHaveValue(account.name);
    await expect(form(page).getByLabel('Email')).toHaveValue(account.email);

    await form(page).getByLabel('Address').fill('7 Harbour Road, Bergen');
    await form(page).getByLabel('Phone').fill('4755512345');
    await form(page).getByRole('button', { name: 'Book Now' }).click();

    await expect(page).toHaveURL(/\/checkout\/swiss-alpine-lakes\?booking=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    // The reference is in the summary and again in the Payment panel (the transfer's reference).
    const reference = (await page.locator('.summary__ref').first().textContent())!;
    expect(reference).toMatch(/^WT-[0-9A-Z]{8}$/);
    await expect(page.getByRole('article', { name: `Booking ${reference}` })).toContainText(
      '7 Harbour Road, Bergen',
    );

    const stored = await bookingsOf(request, account.email, account.password);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      reference,
      packageId: 'swiss-alpine-lakes',
      packageName: 'Swiss Alpine Lakes',
      price: 2450,
      name: account.name,
      address: '7 Harbour Road, Bergen',
      phone: '4755512345',
      // The plain flow (docs/product.md#bookings): nothing but the four fields, so one traveller on the date the form chose.
      travellers: 1,
      total: 2450,
      status: 'requested',
    });
    expect(stored[0]!.startsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const summary = page.getByRole('article', { name: `Booking ${reference}` });
    await expect(summary.locator('.status-badge')).toHaveText('Status: Requested');
    await expect(summary).toContainText('1 traveller × $2,450');
    await expect(summary.locator('time').first()).toHaveAttribute('datetime', stored[0]!.startsOn!);

    const stranger = { email: uniqueEmail('stranger'), password: 'strangers' };
    await createAccount(stranger.email, stranger.password);
    expect(await bookingsOf(request, stranger.email, stranger.password)).toEqual([]);

    // A reload of the thanks page fetches the booking by its id.
    await page.reload();
    await expect(page.locator('.summary__ref').first()).toHaveText(reference);

    await openNavLink(page, 'My bookings');
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    const card = page.getByRole('article', { name: `Booking ${reference}` });
    await expect(card).toContainText('Swiss Alpine Lakes');
    await expect(card.locator('.status-badge')).toHaveText('Status: Requested');
    await expect(card.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  });

  test('a double click stores one booking', async ({ signedIn: page, account, request }) => {
    await page.goto('/package/kyoto-temples-and-tea');
    await form(page).getByLabel('Address').fill('1 Gion, Kyoto');
    await form(page).getByLabel('Phone').fill('81755551234');
    await form(page).getByRole('button', { name: 'Book Now' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    expect(await bookingsOf(request, account.email, account.password)).toHaveLength(1);
  });

  test('bad input gets a message beside the field, and nothing typed is lost', async ({ signedIn: page }) => {
    await page.goto('/package/sahara-desert-caravan');
    await form(page).getByLabel('Name').fill('');
    await form(page).getByLabel('Address').fill('Rue 5, Merzouga');
    await form(page).getByLabel('Phone').fill('123');
    await form(page).getByRole('button', { name: 'Book Now' }).click();
    await expect(form(page).getByLabel('Name')).toHaveAccessibleDescription('Please enter your name.');
    await expect(form(page).getByLabel('Phone')).toHaveAccessibleDescription(
      'A phone number needs at least 6 digits.',
    );
    await expect(form(page).getByLabel('Name')).toBeFocused();
    await expect(form(page).getByLabel('Address')).toHaveValue('Rue 5, Merzouga');
    await expect(page).toHaveURL('/package/sahara-desert-caravan');
  });

  test.describe('when the booking cannot be stored', () => {
    test.use({ allowConsoleErrors: ['503', 'net::ERR_INTERNET_DISCONNECTED', 'Failed to fetch'] });

    test('offline, then the server unavailable: the form keeps every value and says why; then it books', async ({
      signedIn: page,
      account,
      request,
    }) => {
      await page.goto('/package/tromso-northern-lights');
      await form(page).getByLabel('Address').fill('Storgata 1, Tromsø');
      await form(page).getByLabel('Phone').fill('4777000000');

      await page.context().setOffline(true);
      await form(page).getByRole('button', { name: 'Book Now' }).click();
      await expect(form(page).getByRole('alert')).toContainText(/offline|could not reach/);
      await page.context().setOffline(false);

      await page.route('**/api/bookings', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Bookings are unavailable right now. Nothing was lost: please try again in a moment.',
          }),
        }),
      );
      await form(page).getByRole('button', { name: 'Book Now' }).click();
      await expect(form(page).getByRole('alert')).toHaveText(
        'Bookings are unavailable right now. Nothing was lost: please try again in a moment.',
      );
      await expect(form(page).getByLabel('Name')).toHaveValue(account.name);
      await expect(form(page).getByLabel('Address')).toHaveValue('Storgata 1, Tromsø');
      await expect(form(page).getByLabel('Phone')).toHaveValue('4777000000');
      expect(await bookingsOf(request, account.email, account.password)).toEqual([]);

      await page.unroute('**/api/bookings');
      await form(page).getByRole('button', { name: 'Book Now' }).click();
      await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
      expect(await bookingsOf(request, account.email, account.password)).toHaveLength(1);
    });
  });

  test('script in a field renders as text on the checkout and My bookings pages', async ({
    signedIn: page,
  }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    await page.goto('/package/amazon-rainforest-expedition');
    await form(page).getByLabel('Name').fill(payload);
    await form(page).getByLabel('Address').fill(payload);
    await form(page).getByLabel('Phone').fill('5592555123');
    await form(page).getByRole('button', { name: 'Book Now' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    await expect(page.locator('.summary dd').filter({ hasText: payload })).toHaveCount(2);
    await page.goto('/bookings');
    await expect(page.locator('.summary dd').filter({ hasText: payload })).toHaveCount(2);
    expect(dialogs).toBe(0);
  });
});

test.describe('my bookings', () => {
  test('a new user sees an empty state with a way to the packages', async ({ signedIn: page }) => {
    await openNavLink(page, 'My bookings');
    await expect(page.getByRole('heading', { name: 'No trips booked yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse packages' }).click();
    await expect(page).toHaveURL('/');
  });

  test('signed out, /bookings asks for a login first', async ({ page }) => {
    await page.goto('/bookings');
    await expect(page).toHaveURL('/account');
  });
});

test('an unknown package id shows "Package not found" with a way home', async ({ signedIn: page }) => {
  await page.goto('/package/atlantis-by-submarine');
  await expect(page.getByRole('heading', { name: 'Package not found' })).toBeVisible();
  await page.getByRole('link', { name: 'See all packages' }).click();
  await expect(page).toHaveURL('/');
});
