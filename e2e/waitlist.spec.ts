import type { Page } from '@playwright/test';
import { formatTripDate } from '#contracts/format';
import { expect, idTokenFor, openNavLink, test } from './auth-fixtures';
import {
  auth,
  bookViaApi,
  bookingsOf,
  cancelViaApi,
  departuresOf,
  escapeRegExp,
  sellOut,
  tokenForNewAccount,
} from './support/booking-api';
import { expectEmail } from './support/maildev';
import type { Departure, WaitlistEntry } from '#contracts/api';

// A package no other spec books, so its seats are this spec's alone.
const packageId = 'sahara-desert-caravan';
const packageName = 'Sahara Desert Caravan';

// Untouched dates among the first six the package page shows (the rest fold behind "Show more").
async function freshDates(request: Parameters<typeof departuresOf>[0], count: number) {
  const shown = (await departuresOf(request, packageId)).slice(0, 6);
  const fresh = shown.filter((d) => d.status === 'open' && d.seatsLeft === d.capacity);
  expect(fresh.length, 'untouched dates of the package').toBeGreaterThanOrEqual(count);
  return fresh.slice(0, count);
}

const card = (page: Page, reference: string) =>
  page.getByRole('region', { name: 'Upcoming trips' }).getByRole('article', { name: `Booking ${reference}` });

test.describe('changes and the waiting list', () => {
  test.setTimeout(90_000);
  test('change the date and the party of a booking from My bookings, seats and total shown first', async ({
    signedIn: page,
    account,
    request,
  }) => {
    const token = await idTokenFor(account.email, account.password);
    const [from, to] = (await freshDates(request, 2)) as [Departure, Departure];
    const made = await bookViaApi(request, token, { packageId, departureId: from.id, travellers: 2 });
    expect(made.status).toBe(201);
    const booking = made.body;
    try {
      await openNavLink(page, 'My bookings');
      await expect(card(page, booking.reference)).toContainText(formatTripDate(from.startsOn));
      await card(page, booking.reference).getByRole('button', { name: 'Change' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change this booking' });
      await expect(dialog).toBeVisible();
      const date = dialog.getByLabel('Departure date');
      await expect(date.locator(`option[value="${to.id}"]`)).toHaveText(
        `${formatTripDate(to.startsOn)} — ${to.seatsLeft} seats left`,
      );
      await date.selectOption(to.id);
      await dialog.getByLabel('Travellers').fill('3');
      // What the change costs and whether it fits, before confirming.
      await expect(dialog.getByText('Seats for you on that date')).toBeVisible();
      await expect(dialog.locator('.change-form__summary')).toContainText(String(to.seatsLeft));
      await expect(dialog.locator('.change-form__summary')).toContainText('3 × $1,320 = $3,960');
      await dialog.getByRole('button', { name: 'Confirm change' }).click();
      await expect(dialog).toBeHidden();
      const changed = card(page, booking.reference);
      await expect(changed).toContainText(formatTripDate(to.startsOn));
      await expect(changed).toContainText('$3,960');
      await expect(changed.getByRole('status')).toContainText('Changed.');

      const [stored] = (await bookingsOf(request, token)).filter((b) => b.id === booking.id);
      expect(stored).toMatchObject({ departureId: to.id, travellers: 3, total: 3960, status: 'requested' });
      const seats = await departuresOf(request, packageId);
      expect(seats.find((d) => d.id === from.id)!.seatsLeft).toBe(from.capacity);
      expect(seats.find((d) => d.id === to.id)!.seatsLeft).toBe(to.seatsLeft - 3);
      // To the account that booked (the typed contact is for staff).
      await expectEmail(account.email, booking.reference, 'Your booking has changed');

      // Back to one traveller on the first date, the same way.
      await changed.getByRole('button', { name: 'Change' }).click();
      await dialog.getByLabel('Departure date').selectOption(from.id);
      await dialog.getByLabel('Travellers').fill('1');
      await expect(dialog.locator('.change-form__summary')).toContainText('1 × $1,320 = $1,320');
      await dialog.getByRole('button', { name: 'Confirm change' }).click();
      await expect(card(page, booking.reference)).toContainText(formatTripDate(from.startsOn));
    } finally {
      await cancelViaApi(request, token, booking.id);
    }
  });

  test('join the waiting list of a full date, get the offer by email after a cancellation, accept it', async ({
    signedIn: page,
    account,
    request,
  }) => {
    const token = await idTokenFor(account.email, account.password);
    const other = await tokenForNewAccount('seller');
    // The third untouched date, never one of the two the change test above takes: the two tests run
    // at once (fullyParallel), and selling out the date it moves to made it read "sold out".
    const full = (await freshDates(request, 3))[2]!;
    const [taken] = await sellOut(request, other, full);
    const cleanup: (() => Promise<unknown>)[] = [];
    try {
      await page.goto(`/package/${packageId}`);
      const when = formatTripDate(full.startsOn);
      const date = page.getByRole('radio', { name: `${when}, sold out · waiting list` });
      await page.locator('label.date-card').filter({ has: date }).click();
      await expect(date).toBeChecked();
      await page.getByRole('button', { name: 'Add a traveller' }).click();
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'We hold seats for your party of 2' }),
      ).toContainText(when);

      const res = await request.get('/api/waitlist', { headers: auth(token) });
      const [entry] = ((await res.json()) as { entries: WaitlistEntry[] }).entries;
      expect(entry).toMatchObject({ departureId: full.id, travellers: 2, status: 'waiting' });
      cleanup.push(() => request.delete(`/api/waitlist/${entry!.id}`, { headers: auth(token) }));

      // The other traveller cancels: the seats are offered to the party waiting, and emailed.
      expect((await cancelViaApi(request, other, taken!.id)).status).toBe(200);
      await expectEmail(account.email, packageName, `Seats are free on ${packageName}`);

      await openNavLink(page, 'My bookings');
      const lists = page.getByRole('region', { name: 'Waiting lists' });
      const offer = lists.getByRole('article').filter({ hasText: packageName });
      await expect(offer).toContainText('Seats held for you');
      await expect(offer).toContainText('Seats are held for you until');
      await offer.getByRole('button', { name: 'Accept' }).click();
      const form = offer.getByRole('form', { name: 'Accept the offer' });
      // Prefilled from the account.
      await expect(form.getByLabel('Email')).toHaveValue(account.email);
      await form.getByLabel('Name').fill('Tess Traveller');
      await form.getByLabel('Address').fill('4 Dune Road, Merzouga');
      await form.getByLabel('Phone').fill('+212 5 35 57 00 00');
      await form.getByRole('button', { name: 'Book 2 travellers' }).click();
      await expect(offer).toContainText('Booked');

      const upcoming = page.getByRole('region', { name: 'Upcoming trips' });
      const booked = upcoming.getByRole('article').filter({ hasText: new RegExp(escapeRegExp(when)) });
      await expect(booked).toContainText('2 travellers');
      const [booking] = (await bookingsOf(request, token)).filter((b) => b.departureId === full.id);
      expect(booking).toMatchObject({ travellers: 2, status: 'requested' });
      cleanup.push(() => cancelViaApi(request, token, booking!.id));
      await expectEmail(account.email, booking!.reference, `Booking ${booking!.reference} received`);
    } finally {
      for (const step of cleanup.reverse()) await step();
    }
  });
});
