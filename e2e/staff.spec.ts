import type { APIRequestContext } from '@playwright/test';
import { createAccount, expect, grantOperator, idTokenFor, logIn, test, uniqueEmail } from './auth-fixtures';
import { addDays, todayIso } from '#contracts/iso-dates';

// An owner adds a guide from the Team screen and gives them a departure; the guide, on their
// phone, finds it at /guide and checks a traveller in.
// Sign-in and the console's token refresh wait on the shared Auth Emulator: on a loaded machine
// more than the default 5 s.
const expectSoon = expect.configure({ timeout: 30_000 });

async function departureWithTraveller(request: APIRequestContext, token: string) {
  const res = await request.post('/api/admin/departures', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      packageId: 'santorini-sunset-sail',
      startsOn: addDays(todayIso('UTC'), 400 + Math.floor(Math.random() * 600)),
      capacity: 12,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const departureId = ((await res.json()) as { id: string }).id;
  const booker = uniqueEmail('t35-booker');
  await createAccount(booker, 'wander-far', 'Bea Booker');
  const booked = await request.post('/api/bookings', {
    headers: { authorization: `Bearer ${await idTokenFor(booker, 'wander-far')}` },
    data: {
      packageId: 'santorini-sunset-sail',
      departureId,
      travellers: 2,
      name: 'Bea Booker',
      email: booker,
      address: '1 Quay Street, Bergen',
      phone: '4755512345',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return departureId;
}

test('an owner adds a guide, who sees their departure at /guide and checks a traveller in', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail('t35-owner');
  const { localId } = await createAccount(ownerEmail, 'run-the-desk', 'Owen Owner');
  // The first release's claim: read as an owner.
  await grantOperator(localId);
  const guideEmail = uniqueEmail('t35-guide');
  await createAccount(guideEmail, 'lead-the-way', 'Gail Guide');
  const departureId = await departureWithTraveller(request, await idTokenFor(ownerEmail, 'run-the-desk'));

  await page.goto('/account');
  await logIn(page, ownerEmail, 'run-the-desk');
  await expectSoon(page).toHaveURL('/');
  await page.goto('/admin/staff');
  await page.getByLabel('Email of their account').fill(guideEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('guide');
  await page.getByRole('button', { name: 'Add to the team' }).click();
  await expectSoon(page.getByRole('status').filter({ hasText: 'is now a guide' })).toBeVisible();
  await expectSoon(page.getByRole('list', { name: 'The team' })).toContainText(guideEmail);

  await page.goto(`/admin/departures/${departureId}`);
  await page.getByRole('checkbox', { name: guideEmail }).check();
  await page.getByRole('button', { name: 'Save guides' }).click();
  await expectSoon(page.getByText('Guides saved.')).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const guidePage = await phone.newPage();
  await guidePage.goto('/account');
  await logIn(guidePage, guideEmail, 'lead-the-way');
  await expectSoon(guidePage).toHaveURL('/');
  // A guide sent to the console lands on their own screen.
  await guidePage.goto('/admin');
  await expectSoon(guidePage).toHaveURL('/guide');
  await expectSoon(guidePage.getByRole('heading', { name: 'Your departures' })).toBeVisible();
  await guidePage.getByRole('link', { name: /Santorini/ }).click();
  await expectSoon(guidePage.getByText('0 of 2 present')).toBeVisible();
  const present = guidePage
    .getByRole('group', { name: 'Check-in of Bea Booker' })
    .getByRole('button', { name: 'Present' });
  const box = await present.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(48);
  await present.click();
  await expectSoon(present).toHaveAttribute('aria-pressed', 'true');
  await expectSoon(guidePage.getByText('1 of 2 present')).toBeVisible();
  await guidePage.screenshot({ path: test.info().outputPath('guide-list.png'), fullPage: true });
  await phone.close();
});
