import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnApiServer, type ApiServer } from '../scripts/api-server';
import { startFakeStripe, type FakeStripe } from '../server/src/test/fake-stripe';
import { expect, test } from './auth-fixtures';

// Purchase to a recorded deposit by card, with PAYMENT_PROVIDER=stripe: a second site (the same
// build as the suite's) whose Stripe SDK talks to a fake Stripe on loopback
// (server/src/test/fake-stripe.ts); its checkout page stands in for Stripe's, completes the
// session, signs the event to the site's webhook and goes back to My bookings.
const port = Number(process.env.E2E_PORT ?? 4310) + 50;
const site = `http://localhost:${port}`;

let fake: FakeStripe;
let server: ApiServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: site });

test.beforeAll(async () => {
  // A server of its own starts (migrations, catalogue) while the machine runs other work.
  test.setTimeout(150_000);
  fake = await startFakeStripe({ webhookUrls: [`http://127.0.0.1:${port}/api/payments/stripe/webhook`] });
  dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-stripe-e2e-'));
  server = await spawnApiServer({
    port,
    emulatorHost: '127.0.0.1:9099',
    timeoutMs: 120_000,
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
  await form.getByLabel('Address').fill('7 Harbour Road, Bergen');
  await form.getByLabel('Phone').fill('4755512345');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment' });
  const pay = payment.getByRole('button', { name: 'Pay the deposit ($490.00)' });
  await expect(pay).toBeVisible();
  await pay.click();

  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText('USD 490.00')).toBeVisible();
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
