// The money of one booking as the people involved meet it (contract v5, manual payments): the
// traveller books and reads what is due and how to pay on the thank-you page and in My bookings;
// the office records the deposit (the booking is confirmed) and later the balance; the traveller
// cancels after reading the fee and the refund; the office finds the refund owed on /admin/money,
// records it, and the booking is settled. Every entry sends the traveller a receipt (MailDev).
// E2E_SHOTS=dir saves screenshots of each screen and email there, by project (1280 and 375 px).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import {
  createAccount,
  expect as baseExpect,
  grantOperator,
  idTokenFor,
  logIn,
  test,
  uniqueEmail,
} from './auth-fixtures';
import { mailDev } from './support/maildev';
import { addDays, todayIso } from '#contracts/iso-dates';
import { formatCents } from '#contracts/money';
import type { Booking } from '#contracts/api';

// Each step waits for a server that shares its machine with other work.
const expect = baseExpect.configure({ timeout: 20_000 });

type MailDevEmail = { id: string; subject: string; to: { address: string }[] };

const shots = process.env.E2E_SHOTS;
async function shot(page: Page | Locator, info: TestInfo, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const path = join(shots, `${info.project.name}-${name}.png`);
  if ('goto' in page) await page.screenshot({ path, fullPage: true });
  else await page.screenshot({ path });
}

// Each width on a package of its own, on a date of its own far ahead: beyond every cancellation
// tier, so a traveller's cancellation keeps the deposit and gives the rest back.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone' ? 'sahara-desert-caravan' : 'swiss-alpine-lakes';

async function operator() {
  const email = uniqueEmail('cashier');
  const password = 'count-the-money';
  const { localId } = await createAccount(email, password, 'Cass Cashier');
  await grantOperator(localId);
  return { email, password, token: await idTokenFor(email, password) };
}

async function farDeparture(request: APIRequestContext, token: string, packageId: string) {
  const res = await request.post('/api/admin/departures', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      packageId,
      startsOn: addDays(todayIso('UTC'), 300 + Math.floor(Math.random() * 300)),
      capacity: 12,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function emailsFor(address: string): Promise<MailDevEmail[]> {
  const res = await fetch(`${mailDev}/api/email`).catch(() => null);
  if (!res?.ok) return [];
  return ((await res.json()) as MailDevEmail[]).filter((e) => e.to.some((t) => t.address === address));
}

// Waits for the email whose subject starts so, and returns it.
async function email(address: string, subjectStart: string) {
  let found: MailDevEmail | undefined;
  await expect
    .poll(async () => (found = (await emailsFor(address)).find((e) => e.subject.startsWith(subjectStart))), {
      timeout: 20_000,
    })
    .toBeTruthy();
  return found!;
}

async function emailShot(browser: Browser, info: TestInfo, id: string, name: string) {
  if (!shots) return;
  const context = await browser.newContext({ viewport: info.project.use.viewport ?? undefined });
  const page = await context.newPage();
  await page.goto(`${mailDev}/api/email/${id}/html`);
  await shot(page, info, name);
  await context.close();
}

// A page of a context of its own, once React has hydrated it (as e2e/fixtures.ts waits for the
// test's own page): typing into a field before then is lost.
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector('html[data-hydrated], html[data-islands]', { state: 'attached' });
}

async function signedInPage(browser: Browser, info: TestInfo, who: { email: string; password: string }) {
  const context = await browser.newContext({
    viewport: info.project.use.viewport ?? undefined,
    isMobile: info.project.use.isMobile,
    hasTouch: info.project.use.hasTouch,
    deviceScaleFactor: info.project.use.deviceScaleFactor,
    baseURL: info.project.use.baseURL,
  });
  const page = await context.newPage();
  await open(page, '/account');
  await logIn(page, who.email, who.password);
  await expect(page).toHaveURL('/');
  return { page, close: () => context.close() };
}

// A long walk through two signed-in browsers; on a machine shared with other work, signing in
// alone has taken more than the default 30 s.
test.describe.configure({ timeout: 360_000 });

test('the money of a booking: due, deposit, balance, cancellation quote, refund, settled; receipts by email', async ({
  signedIn: page,
  account,
  request,
  browser,
}, testInfo) => {
  const desk = await operator();
  const packageId = packageFor(testInfo);
  const departureId = await farDeparture(request, desk.token, packageId);
  const travellerToken = await idTokenFor(account.email, account.password);
  const stored = async (id: string) => {
    const res = await request.get(`/api/bookings/${id}`, {
      headers: { authorization: `Bearer ${travellerToken}` },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as Booking;
  };

  // 1. The traveller books on the date far ahead.
  await page.goto(`/package/${packageId}`);
  const form = page.getByRole('form', { name: 'Book this trip' });
  const date = form.locator(`input[name="departure"][value="${departureId}"]`);
  const more = form.locator('.departures__more');
  if ((await date.count()) === 0 && (await more.isVisible())) await more.click();
  await date.check();
  await form.getByLabel('Address').fill('7 Harbour Road, Bergen');
  await form.getByLabel('Phone').fill('4755512345');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
  const bookingId = new URL(page.url()).searchParams.get('booking')!;
  const booked = await stored(bookingId);
  const p = booked.payment;
  const money = (cents: number) => formatCents(cents, p.currency);
  expect(p).toMatchObject({ state: 'deposit-due', paidCents: 0, dueNowCents: p.depositCents });
  expect(p.depositCents).toBeGreaterThan(0);
  expect(p.depositCents).toBeLessThan(p.totalCents);

  // What is due, by when, and how to pay it, with the reference for the transfer.
  const thanks = page.getByRole('region', { name: 'Payment' });
  await expect(thanks).toContainText('Deposit due');
  await expect(thanks).toContainText(`Deposit due: ${money(p.depositCents)} by`);
  await expect(thanks).toContainText('Paying it confirms your places.');
  await expect(thanks).toContainText('How to pay:');
  await expect(thanks).toContainText(booked.reference);
  await shot(page, testInfo, 'thank-you');

  const myBooking = async () => {
    await page.goto('/bookings');
    return page.getByRole('article', { name: `Booking ${booked.reference}` });
  };
  let card = await myBooking();
  await expect(card.getByRole('region', { name: 'Payment' })).toContainText(
    `Deposit due: ${money(p.depositCents)} by`,
  );
  await expect(card.getByRole('region', { name: 'Payment' })).toContainText('How to pay:');
  await shot(page, testInfo, 'my-bookings-deposit-due');

  // 2. The office records the deposit: the booking is confirmed and a receipt goes out.
  const office = await signedInPage(browser, testInfo, desk);
  const record = async (kind: 'payment' | 'refund', cents: number, method: string) => {
    await open(office.page, `/admin/bookings/${bookingId}`);
    const ledger = office.page.getByRole('region', { name: /^Payments/ });
    await ledger.getByRole('radio', { name: kind === 'payment' ? 'A payment' : 'A refund' }).check();
    await ledger.getByLabel(/^Amount/).fill((cents / 100).toFixed(2));
    await ledger.getByLabel('Method').selectOption({ label: method });
    await ledger.getByLabel('Reference (optional)').fill(`TX-${kind}-${booked.reference}`);
    await ledger
      .getByRole('button', { name: kind === 'payment' ? 'Record payment' : 'Record refund' })
      .click();
    await expect(
      office.page.getByText(`of ${money(cents)} recorded. The traveller gets a receipt.`),
    ).toBeVisible();
    return ledger;
  };
  let ledger = await record('payment', p.depositCents, 'Bank transfer');
  await expect(ledger).toContainText('Balance due');
  await expect(ledger.getByRole('table')).toContainText('Payment · Bank transfer');
  await expect(office.page.locator('.status-badge').first()).toContainText('Confirmed');
  expect(await stored(bookingId)).toMatchObject({
    status: 'confirmed',
    payment: { state: 'balance-due', paidCents: p.depositCents },
  });
  await shot(ledger, testInfo, 'ledger-panel-deposit');
  const receipt = await email(account.email, `Payment of ${money(p.depositCents)} recorded`);
  expect(receipt.subject).toContain(booked.reference);
  await emailShot(browser, testInfo, receipt.id, 'email-receipt');

  // The traveller sees it: confirmed, the deposit paid, the balance and its date.
  card = await myBooking();
  const balance = p.totalCents - p.depositCents;
  await expect(card.getByRole('region', { name: 'Payment' })).toContainText(
    `${money(p.depositCents)} paid of ${money(p.totalCents)}`,
  );
  await expect(card.getByRole('region', { name: 'Payment' })).toContainText(
    `Balance due: ${money(balance)} by`,
  );
  await shot(page, testInfo, 'my-bookings-balance-due');

  // 3. The balance paid early, by card over the phone.
  ledger = await record('payment', balance, 'Card');
  await expect(ledger).toContainText('Paid');

  // 4. The traveller cancels after reading what it costs: the deposit kept, the rest back.
  card = await myBooking();
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(
    `Cancellation fee ${money(p.depositCents)}. You get back ${money(balance)} of the ${money(p.totalCents)} paid.`,
  );
  await shot(page, testInfo, 'cancel-quote');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  const cancelled = page
    .getByRole('region', { name: 'Cancelled' })
    .getByRole('article', { name: `Booking ${booked.reference}` });
  await expect(cancelled.getByRole('region', { name: 'Payment' })).toContainText(
    `We owe you ${money(balance)}`,
  );
  await shot(page, testInfo, 'my-bookings-refund-due');

  // 5. The office finds the refund owed on the money screen and records it.
  await open(office.page, '/admin/money');
  const refunds = office.page.getByRole('region', { name: 'Refunds due' });
  await expect(refunds.getByRole('link', { name: booked.reference })).toBeVisible();
  await expect(refunds.getByRole('row', { name: new RegExp(booked.reference) })).toContainText(
    money(balance),
  );
  await shot(office.page, testInfo, 'admin-money');
  await refunds.getByRole('link', { name: booked.reference }).click();
  await expect(office.page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`));
  ledger = await record('refund', balance, 'Card');
  await expect(ledger).toContainText('Settled');
  await expect(ledger.getByRole('table')).toContainText(`−${money(balance)}`);
  await shot(ledger, testInfo, 'ledger-panel-settled');
  expect((await stored(bookingId)).payment).toMatchObject({
    state: 'settled',
    paidCents: p.depositCents,
    refundedCents: balance,
    refundDueCents: 0,
  });
  const refundReceipt = await email(account.email, `Refund of ${money(balance)} recorded`);
  await emailShot(browser, testInfo, refundReceipt.id, 'email-refund');
  // The money screen no longer lists it.
  await open(office.page, '/admin/money');
  await expect(office.page.getByRole('region', { name: 'Refunds due' })).not.toContainText(booked.reference);

  // 6. The traveller's card reads settled: nothing owed either way.
  card = page
    .getByRole('region', { name: 'Cancelled' })
    .getByRole('article', { name: `Booking ${booked.reference}` });
  await page.goto('/bookings');
  await expect(card.getByRole('region', { name: 'Payment' })).toContainText('Settled');
  await expect(card.getByRole('region', { name: 'Payment' })).not.toContainText('We owe you');
  await shot(page, testInfo, 'my-bookings-settled');
  await office.close();
});
