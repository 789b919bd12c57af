import type { Page, TestInfo } from '@playwright/test';
import { isBookable } from '#contracts/departure';
import { formatTripDate } from '#contracts/format';
import { expect, idTokenFor, openNavLink, test } from './auth-fixtures';
import {
  bookingsOf,
  cancelViaApi,
  departuresOf,
  escapeRegExp,
  sellOut,
  tokenForNewAccount,
} from './support/booking-api';
import type { Departure } from '#contracts/api';

const form = (page: Page) => page.getByRole('form', { name: 'Book this trip' });
const dateRadio = (page: Page, d: Departure) =>
  form(page).getByRole('radio', { name: new RegExp(`^${escapeRegExp(formatTripDate(d.startsOn))},`) });

// The form shows six dates first; the ones these tests want may be further on.
async function showAllDates(page: Page) {
  const more = form(page).getByRole('button', { name: /^Show \d+ more dates?$/ });
  if (await more.isVisible()) await more.click();
}

// Both projects run at once on one database: each takes its own departure, so neither sells out
// the other's. The earliest dates are left to the other specs, which book without choosing.
const slot = (info: TestInfo) => (info.project.name === 'phone' ? 1 : 0);

test.describe('departures and travellers', () => {
  test('choose a date and 3 travellers, see the total, book; checkout and My bookings show date, travellers, total and status', async ({
    signedIn: page,
    account,
    request,
  }, testInfo) => {
    const bookable = (await departuresOf(request, 'swiss-alpine-lakes')).filter(
      (d) => isBookable(d) && d.seatsLeft >= 3,
    );
    // Not the date the form preselects: the traveller really chooses one.
    const chosen = bookable[2 + slot(testInfo)]!;
    const when = formatTripDate(chosen.startsOn);

    await page.goto('/package/swiss-alpine-lakes');
    await expect(form(page).getByRole('radiogroup', { name: 'Departure' })).toBeVisible();
    await expect(form(page).getByRole('radio', { checked: true })).toHaveCount(1);
    await showAllDates(page);
    await expect(dateRadio(page, chosen)).not.toBeChecked();
    await dateRadio(page, chosen).check();
    await expect(dateRadio(page, chosen)).toBeChecked();

    const total = form(page).getByRole('status', { name: 'Total' });
    await expect(total).toHaveText('1 traveller × $2,450 = $2,450');
    await form(page).getByLabel('Travellers', { exact: true }).fill('3');
    await expect(total).toHaveText('3 travellers × $2,450 = $7,350');

    await form(page).getByLabel('Address').fill('7 Harbour Road, Bergen');
    await form(page).getByLabel('Phone').fill('4755512345');
    await form(page).getByRole('button', { name: 'Book Now' }).click();

    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    const summary = page.getByRole('article', { name: /^Booking WT-/ });
    await expect(summary).toContainText(when);
    await expect(summary.getByRole('definition').filter({ hasText: /^3$/ })).toBeVisible();
    await expect(summary).toContainText('$7,350');
    await expect(summary).toContainText('3 travellers × $2,450');
    await expect(summary.locator('.status-badge')).toHaveText('Status: Requested');

    const token = await idTokenFor(account.email, account.password);
    const [stored] = await bookingsOf(request, token);
    try {
      expect(stored).toMatchObject({
        packageId: 'swiss-alpine-lakes',
        departureId: chosen.id,
        startsOn: chosen.startsOn,
        travellers: 3,
        price: 2450,
        total: 7350,
        status: 'requested',
      });
      const after = (await departuresOf(request, 'swiss-alpine-lakes')).find((d) => d.id === chosen.id)!;
      expect(after.seatsLeft).toBeLessThanOrEqual(chosen.seatsLeft - 3);

      await openNavLink(page, 'My bookings');
      const card = page
        .getByRole('region', { name: 'Upcoming trips' })
        .getByRole('article', { name: `Booking ${stored!.reference}` });
      await expect(card).toContainText(when);
      await expect(card).toContainText('$7,350');
      await expect(card).toContainText('3 travellers × $2,450');
      await expect(card.locator('.status-badge')).toHaveText('Status: Requested');
    } finally {
      // Seats back to the schedule: runs on one database do not wear it down.
      if (stored) await cancelViaApi(request, token, stored.id);
    }
  });

  test('a sold-out date is shown, and choosing it offers its waiting list instead of a booking', async ({
    signedIn: page,
    request,
  }, testInfo) => {
    const all = await departuresOf(request, 'santorini-sunset-sail');
    const target = all[all.length - 1 - slot(testInfo)]!;
    const other = await tokenForNewAccount('seat-taker');
    const taken = await sellOut(request, other, target);
    try {
      await page.goto('/package/santorini-sunset-sail');
      await expect(form(page).getByRole('radiogroup', { name: 'Departure' })).toBeVisible();
      await showAllDates(page);
      const radio = page.getByRole('radio', {
        name: `${formatTripDate(target.startsOn)}, sold out · waiting list`,
      });
      const card = form(page).locator('label.date-card').filter({ has: radio });
      await expect(card).toContainText('Sold out');
      // Before it is chosen, the form offers no waiting list: the earliest date with room is chosen.
      await expect(form(page).getByRole('button', { name: 'Join the waiting list' })).toHaveCount(0);
      await card.click();
      await expect(radio).toBeChecked();
      // A full date is not booked: its waiting list is offered for the party instead.
      await expect(form(page).getByText(`${formatTripDate(target.startsOn)} is sold out.`)).toBeVisible();
      await expect(form(page).getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
    } finally {
      for (const b of taken) await cancelViaApi(request, other, b.id);
    }
  });

  test.describe('when the seats go while the form is open', () => {
    // Chromium logs the 409 answer as a failed resource load.
    test.use({ allowConsoleErrors: ['409'] });

    test('the 409 message shows by the button, the dates are reloaded and nothing typed is lost', async ({
      signedIn: page,
      request,
    }, testInfo) => {
      const all = (await departuresOf(request, 'santorini-sunset-sail')).filter(isBookable);
      const target = all[all.length - 3 - slot(testInfo)]!;
      await page.goto('/package/santorini-sunset-sail');
      await expect(form(page).getByRole('radiogroup', { name: 'Departure' })).toBeVisible();
      await showAllDates(page);
      await dateRadio(page, target).check();
      await form(page).getByLabel('Travellers', { exact: true }).fill('2');
      await form(page).getByLabel('Address').fill('Oia 12, Santorini');
      await form(page).getByLabel('Phone').fill('302286071234');

      const other = await tokenForNewAccount('seat-taker');
      const taken = await sellOut(request, other, target);
      try {
        const answer = page.waitForResponse(
          (r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST',
        );
        const reloaded = page.waitForResponse((r) => r.url().includes('/departures'), { timeout: 10_000 });
        await form(page).getByRole('button', { name: 'Book Now' }).click();
        const res = await answer;
        expect(res.status()).toBe(409);
        const conflict = (await res.json()) as { message: string; seatsLeft: number };
        expect(conflict.seatsLeft).toBe(0);
        await reloaded;

        await expect(form(page).getByRole('alert')).toHaveText(conflict.message);
        await expect(dateRadio(page, target)).toHaveAccessibleName(
          `${formatTripDate(target.startsOn)}, sold out · waiting list`,
        );
        await expect(form(page).getByRole('radiogroup', { name: 'Departure' })).toContainText(
          `${formatTripDate(target.startsOn)} is sold out now. Join its waiting list below, or choose another date.`,
        );
        await expect(form(page).getByLabel('Travellers', { exact: true })).toHaveValue('2');
        await expect(form(page).getByLabel('Address')).toHaveValue('Oia 12, Santorini');
        await expect(form(page).getByLabel('Phone')).toHaveValue('302286071234');
        await expect(page).toHaveURL('/package/santorini-sunset-sail');
      } finally {
        for (const b of taken) await cancelViaApi(request, other, b.id);
      }
    });
  });

  test.describe('when the dates cannot be loaded', () => {
    test.use({ allowConsoleErrors: ['503'] });

    test('the form says so with Retry, and still books: the server picks the earliest open date', async ({
      signedIn: page,
      account,
      request,
    }) => {
      // Without the session cookie the page is rendered in the browser, which asks for the dates
      // itself (with it, the server renders them into the page: e2e/server-rendered.spec.ts).
      await page.context().clearCookies();
      await page.route('**/api/packages/*/departures', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Departures are unavailable right now.' }),
        }),
      );
      await page.goto('/package/tromso-northern-lights');
      await expect(form(page)).toContainText('Departures are unavailable right now.');
      await expect(form(page).getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(form(page).getByRole('radio')).toHaveCount(0);

      await form(page).getByLabel('Address').fill('Storgata 1, Tromsø');
      await form(page).getByLabel('Phone').fill('4777000000');
      await form(page).getByRole('button', { name: 'Book Now' }).click();
      await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();

      const token = await idTokenFor(account.email, account.password);
      const [stored] = await bookingsOf(request, token);
      try {
        expect(stored).toMatchObject({
          packageId: 'tromso-northern-lights',
          travellers: 1,
          status: 'requested',
        });
        expect(stored!.startsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        await expect(page.getByRole('article', { name: `Booking ${stored!.reference}` })).toContainText(
          formatTripDate(stored!.startsOn!),
        );
      } finally {
        if (stored) await cancelViaApi(request, token, stored.id);
      }
    });
  });
});
