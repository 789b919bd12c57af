import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnApiServer, type ApiServer } from '../scripts/api-server';
import { startFakeStripe, type FakeStripe } from '../server/src/test/fake-stripe';
import { expect, idTokenFor, test, uniqueEmail } from './auth-fixtures';
import { auth, bookViaApi, departuresOf } from './support/booking-api';
import { personalLinkFor } from './support/maildev';

// Purchase to a recorded deposit by card, with PAYMENT_PROVIDER=stripe: a second site (the same
// build as the suite's) whose Stripe SDK talks to a fake Stripe on loopback
// (server/src/test/fake-stripe.ts); its checkout page stands in for Stripe's, completes the
// session, signs the event to the site's webhook and goes back to My bookings.
// Beside the suite's site, out of the range other engineers' servers use (E2E_STRIPE_PORT overrides),
// one per worker running at once: the desktop and phone projects run this file side by side.
const port =
  Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 4310) + 1000) +
  Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const site = `http://localhost:${port}`;

let fake: FakeStripe;
let server: ApiServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: site });

test.beforeAll(async () => {
  // A server of its own starts (migrations, catalogue) while the machine runs other work.
  test.setTimeout(300_000);
  fake = await startFakeStripe({ webhookUrls: [`http://127.0.0.1:${port}/api/payments/stripe/webhook`] });
  dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-stripe-e2e-'));
  server = await spawnApiServer({
    port,
    emulatorHost: '127.0.0.1:9099',
    timeoutMs: 280_000,
    env: {
      CLIENT_DIR: 'build/client',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: site,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Wayfarer Tours <bookings@wayfarer.example>',
    },
  });
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

test('Purchase, “Pay the deposit”, Stripe’s page, back to My bookings with the deposit recorded and the booking confirmed', async ({
  signedIn: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/package/swiss-alpine-lakes');
  const form = page.getByRole('form', { name: 'Book this trip' });
  // The last date shown (months ahead): a deposit of 20% now, the balance later.
  await form.getByRole('radio').last().check();
  await form.getByLabel('Address').fill('7 Harbour Road, Bergen');
  await form.getByLabel('Phone').fill('4755512345');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible({ timeout: 20_000 });
  const payment = page.getByRole('region', { name: 'Payment' });
  const pay = payment.getByRole('button', { name: 'Pay the deposit ($490.00)' });
  await expect(pay).toBeVisible();
  await pay.click();

  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('USD 490.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay USD 490.00' }).click();

  await expect(page).toHaveURL(/\/bookings\?payment=done&booking=[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your payment is recorded.' })).toBeVisible();
  const summary = page.locator('article.summary').first();
  await expect(summary.locator('.status-badge')).toHaveText('Status: Confirmed');
  await expect(summary.getByRole('region', { name: 'Payment' })).toContainText('$490.00 paid of $2,450.00');
  // The balance is next, by card too.
  await expect(summary.getByRole('button', { name: 'Pay the balance ($1,960.00)' })).toBeVisible();
  expect([...fake.sessions.values()].map((s) => s.payment_status)).toEqual(['paid']);
});

test('a companion pays their own share through their personal link; the lead sees who paid', async ({
  signedIn: page,
  account,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const token = await idTokenFor(account.email, account.password);
  const departure = (await departuresOf(request, 'swiss-alpine-lakes'))
    .filter((d) => d.status === 'open' && d.seatsLeft >= 2)
    .at(-1);
  expect(departure, 'an open date with two seats').toBeTruthy();
  const booked = await bookViaApi(request, token, {
    packageId: 'swiss-alpine-lakes',
    departureId: departure!.id,
    travellers: 2,
  });
  expect(booked.status).toBe(201);
  const companion = uniqueEmail('share');
  const invited = await request.post(`/api/bookings/${booked.body.id}/guests/1/invite`, {
    headers: auth(token),
    data: { email: companion },
  });
  expect(invited.status()).toBe(202);
  let path: string | undefined;
  await expect.poll(async () => (path = await personalLinkFor(companion)), { timeout: 30_000 }).toBeTruthy();

  // The companion, with no account, on their link.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await context.newPage();
  await guest.goto(path!);
  const share = guest.getByRole('region', { name: 'Your share of the trip' });
  await expect(share).toContainText('Your share is $2,450.00; you have paid $0.00.', { timeout: 20_000 });
  await guest.screenshot({ path: `/tmp/shots-stripe/share-${info.project.name}.png`, fullPage: true });
  await share.getByRole('button', { name: 'Pay my share ($2,450.00)' }).click();
  await expect(guest.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await guest.getByRole('button', { name: 'Pay USD 2450.00' }).click();
  await expect(guest).toHaveURL(/\/travellers\/[A-Za-z0-9_-]{43}\?payment=done$/);
  // The webhook stores the event and the server records it; the page reads the share again by
  // itself until it shows.
  await expect(guest.getByRole('region', { name: 'Your share of the trip' })).toContainText(
    'Nothing more to pay.',
    { timeout: 20_000 },
  );
  await context.close();

  // The lead sees who paid, and what is left.
  await page.goto('/bookings');
  const summary = page.locator('article.summary').filter({ hasText: booked.body.reference });
  const payment = summary.getByRole('region', { name: 'Payment' });
  await expect(payment).toContainText('$2,450.00 paid of $4,900.00', { timeout: 20_000 });
  await expect(payment.getByRole('list', { name: 'Paid their own share' })).toHaveText(
    '✓ Traveller 2 paid their share: $2,450.00',
  );
  await expect(payment).toContainText('Or by bank transfer:');
});
