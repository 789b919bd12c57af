import type { Page, TestInfo } from '@playwright/test';
import {
  createAccount,
  expect,
  grantOperator,
  idTokenFor,
  logIn,
  openNavLink,
  test,
  uniqueEmail,
} from './auth-fixtures';
import { expectAccessible } from './support/axe';
import { auth, bookingsOf } from './support/booking-api';

// Each width books its own package, so the two projects never share a departure.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone'
    ? { id: 'kyoto-temples-and-tea', name: 'Kyoto Temples and Tea' }
    : { id: 'tromso-northern-lights', name: 'Tromso Northern Lights' };

const traveller = (page: Page, n: number) =>
  page.getByRole('group', { name: new RegExp(`^Traveller ${n}\\b`) });

async function fill(page: Page, n: number, values: Record<string, string>) {
  const group = traveller(page, n);
  for (const [label, value] of Object.entries(values))
    await group.getByLabel(label, { exact: true }).fill(value);
}

test.describe("travellers' details", () => {
  test('book for 3, fill two travellers now and the third later; the operator sees all three and checks two in', async ({
    signedIn: page,
    account,
    request,
    browser,
  }, info) => {
    test.setTimeout(150_000);
    const pkg = packageFor(info);
    await page.goto(`/package/${pkg.id}`);
    const form = page.getByRole('form', { name: 'Book this trip' });
    await form.getByLabel('Travellers', { exact: true }).fill('3');
    await form.getByLabel('Address').fill('7 Harbour Road, Bergen');
    await form.getByLabel('Phone').fill('+47 555 12 345');
    await form.getByRole('button', { name: 'Book Now' }).click();

    // The checkout invites the traveller to add the details.
    await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who is coming?' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-guests/checkout-${info.project.name}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Add travellers’ details' }).click();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}\/travellers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Travellers’ details' })).toBeVisible();
    await expect(page.getByText('0 of 3 travellers complete')).toBeVisible();

    // Three fieldsets, every label visible; the lead's name is already there.
    for (const n of [1, 2, 3]) {
      const group = traveller(page, n);
      for (const label of [
        'Full name',
        'Date of birth',
        'Dietary needs',
        'Medical or accessibility notes',
        'Emergency contact name',
        'Emergency contact phone',
      ]) {
        await expect(group.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(group.getByLabel('Emergency contact phone')).toHaveAttribute('type', 'tel');
    }
    await expect(traveller(page, 1).getByLabel('Full name')).toHaveValue(account.name);
    await expectAccessible(page, 'the travellers form');

    await fill(page, 1, {
      'Date of birth': '1984-03-09',
      'Dietary needs': 'Vegetarian',
      'Emergency contact name': 'Sam Traveller',
      'Emergency contact phone': '+44 20 7946 0000',
    });
    await fill(page, 2, {
      'Full name': 'Charles Babbage',
      'Date of birth': '1979-12-26',
      'Medical or accessibility notes': 'Asthma: carries an inhaler',
      'Emergency contact name': 'Georgiana Babbage',
      // A mistake: the save fails and nothing typed is lost.
      'Emergency contact phone': '12ab',
    });
    await page.getByRole('button', { name: 'Save details' }).click();
    const phone2 = traveller(page, 2).getByLabel('Emergency contact phone');
    await expect(phone2).toHaveAttribute('aria-invalid', 'true');
    await expect(phone2).toHaveAccessibleDescription(/Use digits, spaces/);
    await expect(phone2).toBeFocused();
    await phone2.screenshot({ path: `/tmp/shots-guests/phone-error-${info.project.name}.png` });
    await expect(traveller(page, 2).getByLabel('Full name')).toHaveValue('Charles Babbage');
    await expect(traveller(page, 1).getByLabel('Dietary needs')).toHaveValue('Vegetarian');

    await phone2.fill('+44 (20) 7946-0001');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved. 2 of 3 travellers complete' }),
    ).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-guests/travellers-${info.project.name}.png`, fullPage: true });

    // My bookings says how far along it is.
    await openNavLink(page, 'My bookings');
    const token = await idTokenFor(account.email, account.password);
    const [booking] = await bookingsOf(request, token);
    const card = page.getByRole('article', { name: `Booking ${booking!.reference}` });
    await expect(card).toContainText('2 of 3 travellers complete');

    // Later: the third traveller.
    await card.getByRole('link', { name: /Add travellers’ details/ }).click();
    await expect(traveller(page, 2).getByLabel('Full name')).toHaveValue('Charles Babbage');
    await fill(page, 3, {
      'Full name': 'Mary Somerville',
      'Date of birth': '2010-12-26',
      'Dietary needs': 'No nuts',
      'Emergency contact name': 'William Somerville',
      'Emergency contact phone': '020 7946 0002',
    });
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'complete: thank you' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to my bookings' }).click();
    await expect(page.getByRole('article', { name: `Booking ${booking!.reference}` })).toContainText(
      '3 of 3 travellers complete',
    );
    await page.screenshot({ path: `/tmp/shots-guests/my-bookings-${info.project.name}.png`, fullPage: true });

    // The operator, at the meeting point (the phone project is the phone-sized screen).
    const context = await browser.newContext({
      viewport: info.project.use.viewport ?? undefined,
      isMobile: info.project.use.isMobile,
      hasTouch: info.project.use.hasTouch,
      deviceScaleFactor: info.project.use.deviceScaleFactor,
    });
    const guide = await context.newPage();
    const email = uniqueEmail('guide');
    const { localId } = await createAccount(email, 'run-the-desk', 'Gus Guide');
    await grantOperator(localId);
    await guide.goto('/account');
    await logIn(guide, email, 'run-the-desk');
    await expect(guide).toHaveURL('/');
    const guideToken = await idTokenFor(email, 'run-the-desk');
    const note = await request.post(`/api/admin/bookings/${booking!.id}/notes`, {
      headers: auth(guideToken),
      data: { text: 'Arriving on the night train: meet at the station.' },
    });
    expect(note.status()).toBe(201);

    await guide.goto(`/admin/departures/${booking!.departureId}`);
    const people = guide.getByRole('list', { name: `Travellers of ${booking!.reference}` });
    for (const name of [account.name, 'Charles Babbage', 'Mary Somerville']) {
      await expect(people.getByText(name, { exact: false })).toBeVisible();
    }
    await expect(people).toContainText('Asthma: carries an inhaler');
    await expect(people).toContainText('No nuts');
    // Earlier runs may have put other parties on this departure: look inside this one.
    const party = guide.locator('.manifest-party').filter({ has: people });
    await expect(party.getByText('Arriving on the night train: meet at the station.')).toBeVisible();

    const check = (name: string) => party.getByRole('group', { name: `Check-in of ${name}` });
    await check(account.name).getByRole('button', { name: 'Present' }).click();
    await expect(check(account.name).getByRole('button', { name: 'Present' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The keyboard works too: Tab to the next toggle, Space presses it.
    await check('Charles Babbage').getByRole('button', { name: 'Present' }).focus();
    await guide.keyboard.press('Space');
    await expect(check('Charles Babbage').getByRole('button', { name: 'Present' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await check('Mary Somerville').getByRole('button', { name: 'No-show' }).click();
    await expect(check('Mary Somerville').getByRole('button', { name: 'No-show' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(guide.getByRole('status').filter({ hasText: 'Mary Somerville: no-show.' })).toBeVisible();
    await expectAccessible(guide, 'the manifest');
    await guide.screenshot({ path: `/tmp/shots-guests/manifest-${info.project.name}.png`, fullPage: true });

    // Stored: two present, one no-show; a reload shows the same.
    await guide.reload();
    await expect(check(account.name).getByRole('button', { name: 'Present' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const manifest = await request.get(`/api/admin/departures/${booking!.departureId}/manifest`, {
      headers: auth(guideToken),
    });
    const mine = (
      (await manifest.json()) as { bookings: { id: string; guests: { checkIn: string | null }[] }[] }
    ).bookings.find((b) => b.id === booking!.id)!;
    expect(mine.guests.map((g) => g.checkIn)).toEqual(['present', 'present', 'no-show']);

    // The print view (A4) lists every traveller.
    await guide.emulateMedia({ media: 'print' });
    await expect(people).toContainText('Mary Somerville');
    await guide.screenshot({
      path: `/tmp/shots-guests/manifest-print-${info.project.name}.png`,
      fullPage: true,
    });
    await context.close();

    // The traveller never sees the internal note.
    const mineAgain = await request.get(`/api/bookings/${booking!.id}`, { headers: auth(token) });
    expect(await mineAgain.text()).not.toContain('night train');
  });
});
