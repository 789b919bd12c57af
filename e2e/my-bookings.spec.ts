import { isBookable } from '#contracts/departure';
import { formatTripDate } from '#contracts/format';
import { expect, idTokenFor, openNavLink, test } from './auth-fixtures';
import { bookViaApi, bookingsOf, cancelViaApi, departuresOf } from './support/booking-api';
import { expectEmail, subjectsFor } from './support/maildev';

test.describe('my bookings: self-service', () => {
  test('cancel a booking from My bookings: a dialog asks first, then the status reads Cancelled', async ({
    signedIn: page,
    account,
    request,
  }) => {
    const token = await idTokenFor(account.email, account.password);
    // The seeded schedule starts at least 21 days ahead: outside the 14-day cutoff.
    const departure = (await departuresOf(request, 'kyoto-temples-and-tea')).find(
      (d) => isBookable(d) && d.seatsLeft >= 2,
    )!;
    const made = await bookViaApi(request, token, {
      packageId: 'kyoto-temples-and-tea',
      departureId: departure.id,
      travellers: 2,
    });
    expect(made.status).toBe(201);
    const booking = made.body;
    // The "received" email reaches the signed-in account's address (MailDev, README "Email"), not
    // the Email typed in the form: that one is the booking's contact for staff only.
    expect(booking.email).not.toBe(account.email);
    await expectEmail(account.email, booking.reference, `Booking ${booking.reference} received`);
    expect(await subjectsFor(booking.email, booking.reference)).toEqual([]);

    try {
      await openNavLink(page, 'My bookings');
      const upcoming = page.getByRole('region', { name: 'Upcoming trips' });
      const card = upcoming.getByRole('article', { name: `Booking ${booking.reference}` });
      await expect(card).toContainText(formatTripDate(departure.startsOn));
      await expect(card).toContainText('2 travellers × $2,980');
      await expect(card).toContainText('$5,960');
      await expect(card.locator('.status-badge')).toHaveText('Status: Requested');

      // Escape closes the dialog and nothing changes; focus goes back to the button.
      const cancelButton = card.getByRole('button', { name: 'Cancel booking' });
      await cancelButton.click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(booking.reference);
      await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(cancelButton).toBeFocused();

      await cancelButton.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Keep booking' }).click();
      await expect(dialog).toBeHidden();
      await expect(card.locator('.status-badge')).toHaveText('Status: Requested');

      await cancelButton.click();
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(dialog).toBeHidden();
      const cancelled = page
        .getByRole('region', { name: 'Cancelled' })
        .getByRole('article', { name: `Booking ${booking.reference}` });
      await expect(cancelled.locator('.status-badge')).toHaveText('Status: Cancelled');
      await expect(cancelled.getByRole('status')).toContainText('Cancelled.');
      await expect(cancelled.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
      await expect(cancelled).toBeFocused();

      const [stored] = await bookingsOf(request, token);
      expect(stored).toMatchObject({ id: booking.id, status: 'cancelled' });
      await expectEmail(account.email, booking.reference, `Booking ${booking.reference} cancelled`);
      expect(await subjectsFor(booking.email, booking.reference)).toEqual([]);

      await page.reload();
      await expect(
        page
          .getByRole('region', { name: 'Cancelled' })
          .getByRole('article', { name: `Booking ${booking.reference}` }),
      ).toBeVisible();
    } finally {
      await cancelViaApi(request, token, booking.id);
    }
  });

  test('cancelling twice through the API answers the same cancelled booking', async ({
    account,
    request,
  }) => {
    const token = await idTokenFor(account.email, account.password);
    const made = await bookViaApi(request, token, { packageId: 'amazon-rainforest-expedition' });
    expect(made.status).toBe(201);
    expect(made.body.travellers).toBe(1);
    const first = await cancelViaApi(request, token, made.body.id);
    const second = await cancelViaApi(request, token, made.body.id);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.status).toBe('cancelled');
  });
});
