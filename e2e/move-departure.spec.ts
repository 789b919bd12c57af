import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { formatTripDate } from '#contracts/format';
import { addDays, todayIso } from '#contracts/iso-dates';
import {
  createAccount,
  expect,
  grantOperator,
  idTokenFor,
  logIn,
  test as base,
  uniqueEmail,
} from './auth-fixtures';
import { formatPrice } from '#contracts/price';
import { expectAccessible } from './support/axe';
import { auth, bookingsOf, bookViaApi } from './support/booking-api';

// "Will it run": a departure below its minimum is marked at risk in the console and moved to
// another date; in My bookings one party accepts the new date and the other declines.

// Each width works on its own package, so the two projects never share a schedule.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone' ? 'tromso-northern-lights' : 'kyoto-temples-and-tea';

async function person(tag: string) {
  const p = { email: uniqueEmail(tag), password: 'wander-far', name: `Mo ${tag}` };
  const { localId } = await createAccount(p.email, p.password, p.name);
  return { ...p, localId, token: await idTokenFor(p.email, p.password) };
}

async function signedInPage(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/account');
  await logIn(page, who.email, who.password);
  await expect(page).toHaveURL('/', { timeout: 30_000 });
  return page;
}

// Two dates of the package's own a week apart, far ahead: the one that will not run (with
// `extra`) and the new one. Runs on one database may have taken a date: then another pair.
async function twoDates(
  request: APIRequestContext,
  opToken: string,
  packageId: string,
  extra: Record<string, unknown> = {},
) {
  const add = (days: number, more: Record<string, unknown>) =>
    request.post('/api/admin/departures', {
      headers: auth(opToken),
      data: { packageId, startsOn: addDays(todayIso('UTC'), days), capacity: 12, ...more },
    });
  for (let tries = 0; tries < 10; tries++) {
    const base = 400 + Math.floor(Math.random() * 680);
    const first = await add(base, extra);
    if (first.status() === 409) continue;
    expect(first.status(), await first.text()).toBe(201);
    const second = await add(base + 7, {});
    if (second.status() === 409) continue;
    expect(second.status(), await second.text()).toBe(201);
    type Created = { id: string; startsOn: string };
    return { source: (await first.json()) as Created, target: (await second.json()) as Created };
  }
  throw new Error('no two free dates found');
}

// The personal link in the move email MailDev received for `to` (a party without an account).
async function moveLinkFor(request: APIRequestContext, to: string) {
  for (let tries = 0; tries < 60; tries++) {
    const res = await request.get('http://127.0.0.1:1080/api/email');
    const emails = (await res.json()) as { to: { address: string }[]; subject: string; text: string }[];
    const mail = emails.find(
      (e) => e.to.some((t) => t.address === to) && e.subject.startsWith('New date for your trip'),
    );
    const url = mail && /https?:\/\/\S+\/moves\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    if (url) return new URL(url).pathname;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no move email for ${to}`);
}

type Fixtures = { operatorPage: Page };
const test = base.extend<Fixtures>({
  operatorPage: async ({ page }, use) => {
    const op = await person('mover');
    await grantOperator(op.localId);
    await page.goto('/account');
    await logIn(page, op.email, op.password);
    await expect(page).toHaveURL('/', { timeout: 30_000 });
    await use(page);
  },
});

// Four sign-ins and a move: slow on a busy machine, the operator's sign-in (a fixture) included.
test.describe.configure({ timeout: 180_000 });

test('a departure below its minimum is marked at risk, moved to another date; one party accepts, one declines', async ({
  operatorPage: page,
  request,
  browser,
}, testInfo) => {
  const packageId = packageFor(testInfo);
  const op = await person('desk');
  await grantOperator(op.localId);
  const opToken = await idTokenFor(op.email, op.password);
  // The date that will not run (at least 8 travellers, decide in 5 days) and the new one.
  const { source, target } = await twoDates(request, opToken, packageId, {
    minTravellers: 8,
    decideBy: addDays(todayIso('UTC'), 5),
  });
  const ana = await person('ana');
  const ben = await person('ben');
  for (const [who, travellers] of [
    [ana, 2],
    [ben, 3],
  ] as const) {
    const { status, body } = await bookViaApi(request, who.token, {
      packageId,
      departureId: source.id,
      travellers,
    });
    expect(status, JSON.stringify(body)).toBe(201);
  }
  // A party booked by phone (no account): it answers through a personal link.
  const phoneEmail = uniqueEmail('phone');
  const made = await request.post('/api/admin/bookings', {
    headers: auth(opToken),
    data: {
      packageId,
      name: 'Cy Phone',
      email: phoneEmail,
      address: '1 Harbour Road',
      phone: '442079460000',
      departureId: source.id,
      travellers: 1,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const phoneBooking = (await made.json()) as { id: string; price: number; reference: string };
  // The new date costs more than the parties booked at: a move by the brand never raises the price.
  const booked = (await bookingsOf(request, ana.token))[0]!.price;
  const dearer = await request.patch(`/api/admin/departures/${target.id}`, {
    headers: auth(opToken),
    data: { price: booked + 300 },
  });
  expect(dearer.status(), await dearer.text()).toBe(200);
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: `/tmp/look-a-shots/${name}-${testInfo.project.name}.png`, fullPage: true });

  // The console marks the date in words: at risk, what is missing, how long is left.
  await page.goto(`/admin/departures?packageId=${packageId}`);
  const row = page.locator('tr').filter({ has: page.locator(`a[href="/admin/departures/${source.id}"]`) });
  await expect(row.getByText('At risk')).toBeVisible();
  await expect(row).toContainText('2 more travellers needed, 5 days left');
  await expectAccessible(page, '/admin/departures with a date at risk');

  // Move it: the new date (it has seats for both parties), a note, the preview, then send.
  await row.getByRole('button', { name: `Move ${formatTripDate(source.startsOn)} to another date` }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${formatTripDate(source.startsOn)}` });
  await expect(dialog).toBeVisible();
  const option = dialog.getByRole('radio', { name: new RegExp(formatTripDate(target.startsOn)) });
  await option.check();
  await expect(option).toHaveAccessibleName(/Seats for every party: 12 seats left$/);
  await dialog
    .getByLabel('Message to the travellers (optional)')
    .fill('Too few travellers booked this date.');
  await expect(dialog).toContainText('No party pays more for the move');
  await dialog.getByRole('button', { name: 'Preview email' }).click();
  await expect(dialog.getByText(/New date for your trip/)).toBeVisible();
  await expect(dialog.locator('pre')).toContainText('Too few travellers booked this date.');
  await expect(dialog.locator('pre')).toContainText('Your price stays the same');
  await expectAccessible(page, 'the move dialog with its preview');
  await dialog.screenshot({ path: `/tmp/look-a-shots/move-dialog-${testInfo.project.name}.png` });
  await dialog.getByRole('button', { name: 'Send to 3 parties' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 parties offered' })).toBeVisible();
  await expect(row).toContainText('Closed');

  // Ana accepts in My bookings.
  const anaPage = await signedInPage(browser, ana);
  await anaPage.goto('/bookings');
  const offer = anaPage.getByRole('region', { name: /will not run: a new date for you/ });
  await expect(offer).toContainText(formatTripDate(target.startsOn));
  await expect(offer).toContainText(`Your price stays the same: ${formatPrice(booked)} per person`);
  await expectAccessible(anaPage, '/bookings with a move offer');
  await shot(anaPage, 'bookings-move-offer');
  await offer.getByRole('button', { name: `Accept ${formatTripDate(target.startsOn)}` }).click();
  await expect(anaPage.getByRole('status').filter({ hasText: 'Moved to' })).toBeVisible();
  const [anaBooking] = await bookingsOf(request, ana.token);
  expect(anaBooking).toMatchObject({ departureId: target.id, travellers: 2, moveOffer: null, price: booked });
  await anaPage.context().close();

  // Ben declines, after confirming.
  const benPage = await signedInPage(browser, ben);
  await benPage.goto('/bookings');
  const benOffer = benPage.getByRole('region', { name: /will not run: a new date for you/ });
  await benOffer.getByRole('button', { name: 'Decline' }).click();
  await expect(benOffer.getByText(/cancel this booking\?/)).toBeVisible();
  await benOffer.getByRole('button', { name: 'Yes, decline and cancel' }).click();
  await expect(benPage.getByRole('status').filter({ hasText: 'Declined' })).toBeVisible();
  const [benBooking] = await bookingsOf(request, ben.token);
  expect(benBooking).toMatchObject({ status: 'cancelled', departureId: source.id, moveOffer: null });
  await benPage.context().close();

  // The console's booking page offers to give the party's answer for them; its history writes the
  // offer's deadline in the brand's zone.
  await page.goto(`/admin/bookings/${phoneBooking.id}`);
  const forThem = page.getByRole('region', { name: /Offered another date/ });
  await expect(forThem.getByRole('button', { name: 'Decline for them' })).toBeVisible();
  await expect(page.getByText(/held until .*(PST|PDT)/)).toBeVisible();
  await expect(page.getByText(/held until \d{4}-/)).toHaveCount(0);
  await expectAccessible(page, '/admin/bookings/{id} with a move offer');
  await shot(page, 'admin-booking-move-offer');

  // The phone party opens its personal link from the email (MailDev) and accepts.
  const link = await moveLinkFor(request, phoneEmail);
  const phonePage = await (await browser.newContext()).newPage();
  await phonePage.goto(link);
  await expect(phonePage.getByRole('heading', { name: /will not run: a new date for you/ })).toBeVisible();
  await expect(phonePage.getByText(`Your price stays the same: ${formatPrice(phoneBooking.price)} per person`)).toBeVisible();
  await expectAccessible(phonePage, '/moves/{token}');
  await shot(phonePage, 'move-link');
  await phonePage.getByRole('button', { name: `Accept ${formatTripDate(target.startsOn)}` }).click();
  await expect(phonePage.getByRole('status')).toContainText(`Your booking is moved to ${formatTripDate(target.startsOn)}`);
  await shot(phonePage, 'move-link-accepted');
  await phonePage.context().close();

  // The new date holds Ana's party; Ben's seats are free again.
  const res = await request.get(`/api/admin/departures?packageId=${packageId}`, { headers: auth(opToken) });
  const after = ((await res.json()) as { departures: { id: string; seatsTaken: number; offered: number }[] })
    .departures;
  expect(after.find((d) => d.id === target.id)).toMatchObject({ seatsTaken: 3, offered: 0 });
  expect(after.find((d) => d.id === source.id)).toMatchObject({ seatsTaken: 0 });
});

// A press on Decline made while My bookings hydrates must be heard once. React listens from the
// start of hydration: a press before it can hydrate the button it drops, and the page's loader
// (server/src/pages/defer-hydration.ts) presses again once React is there; a press once React has
// hydrated the button it handles itself. The loader used to replay that one too, on the same node,
// by then "Yes, decline and cancel": the booking was declined on one press (seen on a phone, half a
// second after the page loaded).
const moments = {
  // The task in which React starts listening (it adds its click listener in hydrateRoot).
  'as React starts listening': () => {
    const add = EventTarget.prototype.addEventListener;
    let armed = true;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      ...args: Parameters<EventTarget['addEventListener']>
    ) {
      if (this === document && args[0] === 'click' && armed) {
        armed = false;
        queueMicrotask(() => {
          const decline = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Decline');
          if (decline && !document.documentElement.dataset.hydrated) {
            decline.click();
            (window as { pressedEarly?: boolean }).pressedEarly = true;
          }
        });
      }
      return add.apply(this, args);
    };
  },
  // The first task in which React has hydrated the button (the page was not yet marked hydrated
  // then, when the mark was set in an effect after the commit).
  'once React has hydrated the button': () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const decline = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Decline');
      if (decline && Object.keys(decline).some((k) => k.startsWith('__reactProps'))) {
        decline.click();
        (window as { pressedEarly?: boolean }).pressedEarly = true;
        return;
      }
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  },
};
for (const [moment, pressDecline] of Object.entries(moments)) {
  test(`Decline pressed ${moment} asks first, and declines nothing`, async ({ page, request }, testInfo) => {
    const packageId = packageFor(testInfo);
    const op = await person('mover');
    await grantOperator(op.localId);
    const opToken = await idTokenFor(op.email, op.password);
    const { source, target } = await twoDates(request, opToken, packageId);
    const cy = await person('cy');
    const booked = await bookViaApi(request, cy.token, { packageId, departureId: source.id, travellers: 2 });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const moved = await request.post(`/api/admin/departures/${source.id}/move`, {
      headers: auth(opToken),
      data: { toDepartureId: target.id },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await page.goto('/account');
    await logIn(page, cy.email, cy.password);
    await expect(page).toHaveURL('/', { timeout: 30_000 });
    const declines: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/move/decline')) declines.push(r.url());
    });
    await page.addInitScript(pressDecline);
    await page.goto('/bookings');
    expect(await page.evaluate(() => (window as { pressedEarly?: boolean }).pressedEarly)).toBe(true);
    const offer = page.getByRole('region', { name: /will not run: a new date for you/ });
    await expect(offer.getByText(/cancel this booking\?/)).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Yes, decline and cancel' })).toBeFocused();
    // Time for a second press to arrive, were one coming.
    await page.waitForTimeout(500);
    expect(declines, 'declined without the confirming press').toEqual([]);
    const [still] = await bookingsOf(request, cy.token);
    expect(still).toMatchObject({ status: booked.body.status, departureId: source.id });
    expect(still?.moveOffer).toMatchObject({ toDepartureId: target.id });
  });
}
