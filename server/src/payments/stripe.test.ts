// @vitest-environment node
// PAYMENT_PROVIDER=stripe on PGlite and (TEST_DATABASE_URL) PostgreSQL, through the real `stripe`
// SDK pointed at a fake Stripe API on loopback (server/src/test/fake-stripe.ts), with events
// signed by stripe.webhooks.generateTestHeaderString: Checkout Sessions for the amount the server
// computes, one per booking, purpose and amount (the idempotency key); the webhook's signature
// checked on the raw body, each event recorded once with its audit row and receipt; a payment for
// a cancelled booking made due back and refunded to the card once; a companion's share; and the
// hostile cases (forged or stale signatures, replays, other travellers' bookings, unknown types).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#contracts/api';
import { travellerShareCents } from '#contracts/payment';
import { registerCatalogue, translator } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { useAdminApp } from '../test/console-kit.js';
import { createUser, storeCases, type TestUser } from '../test/fixtures.js';
import { startFakeStripe, stripeEventsRecorded, type FakeStripe } from '../test/fake-stripe.js';
import { describeEach } from '../test/services.js';
import { hashGuestToken, newGuestToken } from '../guest-links/tokens.js';
import { configurePayments } from '../money/settings.js';
import { createStripeProvider, type StripeProvider } from './stripe-client.js';
import { sendCardRefunds } from './stripe-refunds.js';

const webhook = '/api/payments/stripe/webhook';

describeEach(storeCases())('card payments through Stripe on $name', { timeout: 90_000 }, (store) => {
  let fake: FakeStripe;
  const provider = {} as StripeProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(
      provider,
      createStripeProvider({
        secretKey: fake.secretKey,
        webhookSecret: fake.webhookSecret,
        siteUrl: 'https://tours.example',
        apiUrl: fake.url,
      }),
    );
    configurePayments({ provider: 'stripe' });
  });
  afterAll(async () => {
    configurePayments({ provider: 'manual' });
    await fake?.close();
  });
  const ctx = useAdminApp(store, { stripe: provider, deleteIdentity: async () => {} });
  let stranger: TestUser;
  beforeAll(async () => {
    stranger = await createUser('stranger');
  }, 60_000);

  const bookFar = async (travellers = 2) =>
    ctx.book(ctx.traveller, { departureId: await ctx.addDeparture(), travellers });
  const checkout = (id: string, body: unknown, user: TestUser | null = ctx.traveller) =>
    ctx.call(user, 'POST', `/api/bookings/${id}/checkout`, body);
  const sessionOf = (url: string) => fake.sessions.get(url.split('/pay/')[1]!)!;
  // A delivery, and then whatever it stored recorded (the recorder runs after the answer).
  const post = async (payload: string, header?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: webhook,
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      payload,
    });
    await stripeEventsRecorded(ctx.db);
    return res;
  };
  // The browser's part: a session paid on the fake's page, its event sent to the webhook.
  const payAndNotify = async (url: string) => {
    const paid = fake.pay(sessionOf(url).id as string);
    const event = fake.event('checkout.session.completed', paid);
    return { event, res: await post(event.payload, event.header) };
  };
  const entries = async (id: string) =>
    (
      await ctx.db.query<{
        kind: string;
        method: string;
        amount_cents: number;
        provider_reference: string | null;
        staff: string | null;
      }>(
        'SELECT kind, method, amount_cents, provider_reference, staff FROM payment_entries WHERE booking_id = $1 ORDER BY at, id',
        [id],
      )
    ).rows;
  const read = async (id: string) =>
    (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${id}`)).json() as Booking;
  const outboxKinds = async (id: string) =>
    (
      await ctx.db.query<{ kind: string }>(
        'SELECT kind FROM outbox WHERE booking_id = $1 ORDER BY created_at, id',
        [id],
      )
    ).rows.map((r) => r.kind);

  it('the deposit: a Checkout Session for the server’s amount, paid, recorded once with its audit row, receipt and confirmation', async () => {
    const booking = await bookFar(2);
    expect((await ctx.call(null, 'GET', '/api/payments/instructions')).json()).toMatchObject({
      provider: 'stripe',
    });
    const res = await checkout(booking.id, { purpose: 'deposit' });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const session = sessionOf(url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 98_000,
      currency: 'usd',
      client_reference_id: booking.id,
      metadata: {
        booking_id: booking.id,
        purpose: 'deposit',
        reference: booking.reference,
        amount_cents: '98000',
      },
      success_url: `https://tours.example/bookings?payment=done&booking=${booking.id}`,
      cancel_url: 'https://tours.example/bookings?payment=cancelled',
      customer_email: ctx.traveller.email,
    });
    // A second click (or a retried request) gets the same session: one idempotency key per
    // booking, purpose and amount.
    const again = await checkout(booking.id, { purpose: 'deposit' });
    expect((again.json() as { url: string }).url).toBe(url);
    const keys = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').map((r) => r.idempotencyKey);
    expect(keys.at(-1)).toBe(keys.at(-2));
    expect(keys.at(-1)).toMatch(new RegExp(`^checkout:${booking.id}:deposit:-:98000:\\d{4}-\\d{2}-\\d{2}$`));

    const { event, res: hook } = await payAndNotify(url);
    expect(hook.statusCode, hook.body).toBe(200);
    const after = await read(booking.id);
    expect(after.status).toBe('confirmed');
    expect(after.payment).toMatchObject({ paidCents: 98_000, state: 'balance-due' });
    expect(after.payment.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        method: 'card',
        amountCents: 98_000,
        reference: session.payment_intent,
      }),
    ]);
    expect(await entries(booking.id)).toEqual([
      expect.objectContaining({ provider_reference: session.id, staff: null }),
    ]);
    const audit = await ctx.audit({ bookingId: booking.id });
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'payment.recorded',
        actor_type: 'system',
        actor: 'stripe',
        to_value: 'USD 980.00 (card)',
      }),
    );
    expect(await outboxKinds(booking.id)).toEqual(
      expect.arrayContaining(['payment-receipt', 'booking-confirmed']),
    );

    // The same event again, and the same event under another id (Stripe's async success of the
    // same session): 200, nothing more recorded.
    expect((await post(event.payload, event.header)).statusCode).toBe(200);
    const other = fake.event('checkout.session.async_payment_succeeded', sessionOf(url));
    expect((await post(other.payload, other.header)).statusCode).toBe(200);
    expect(await entries(booking.id)).toHaveLength(1);
    expect((await read(booking.id)).payment.paidCents).toBe(98_000);
    expect((await outboxKinds(booking.id)).filter((k) => k === 'payment-receipt')).toHaveLength(1);
    const stored = await ctx.db.query<{ outcome: string }>(
      'SELECT outcome FROM stripe_events WHERE id = $1',
      [event.id],
    );
    expect(stored.rows).toEqual([{ outcome: 'recorded' }]);

    // Now the deposit is paid: no deposit to pay, the balance is the rest.
    const noDeposit = await checkout(booking.id, { purpose: 'deposit' });
    expect(noDeposit.statusCode).toBe(409);
    expect(noDeposit.json()).toEqual({ message: 'The deposit is paid: there is no deposit to pay.' });
    const balance = await checkout(booking.id, { purpose: 'balance' });
    expect(sessionOf((balance.json() as { url: string }).url).amount_total).toBe(392_000);
  });

  it('a booking made on the Spanish site: its Checkout returns to its Spanish page', async () => {
    const spanish = await ctx.book(ctx.traveller, {
      departureId: await ctx.addDeparture(),
      travellers: 1,
      language: 'es',
    });
    const spanishUrl = ((await checkout(spanish.id, { purpose: 'deposit' })).json() as { url: string }).url;
    expect(sessionOf(spanishUrl)).toMatchObject({
      success_url: `https://tours.example/es/bookings?payment=done&booking=${spanish.id}`,
      cancel_url: 'https://tours.example/es/bookings?payment=cancelled',
    });
  });

  it('hostile checkouts: another traveller’s booking 404, an amount or unknown purpose 400, no token 401; nothing sent to Stripe', async () => {
    const booking = await bookFar(1);
    const before = fake.requests.length;
    expect((await checkout(booking.id, { purpose: 'deposit' }, stranger)).statusCode).toBe(404);
    expect((await checkout(randomUUID(), { purpose: 'deposit' })).statusCode).toBe(404);
    expect((await checkout('not-a-uuid', { purpose: 'deposit' })).statusCode).toBe(404);
    const amount = await checkout(booking.id, { purpose: 'deposit', amountCents: 1 });
    expect(amount.statusCode).toBe(400);
    expect((await checkout(booking.id, { purpose: 'everything' })).statusCode).toBe(400);
    expect((await checkout(booking.id, 'purpose=deposit')).statusCode).toBe(400);
    expect((await checkout(booking.id, { purpose: 'deposit' }, null)).statusCode).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  it('forged, stale, unsigned and unknown webhooks: 400 (or 200 ignored), never a 5xx, nothing recorded', async () => {
    const booking = await bookFar(1);
    const { url } = (await checkout(booking.id, { purpose: 'deposit' })).json() as { url: string };
    const paid = fake.pay(sessionOf(url).id as string);
    const good = fake.event('checkout.session.completed', paid);
    // Signed with another secret.
    const forged = startFakeStripe({ webhookSecret: 'whsec_someoneelsesecret' });
    const other = await forged;
    const forgedEvent = other.event('checkout.session.completed', paid);
    await other.close();
    const answers = [
      await post(good.payload),
      await post(good.payload, 'garbage'),
      await post(good.payload, forgedEvent.header),
      await post(good.payload.replace('"amount_total": 49000', '"amount_total": 1'), good.header),
      // Signed more than 300 s ago.
      await post(
        fake.event('checkout.session.completed', paid, { timestamp: Math.floor(Date.now() / 1000) - 301 })
          .payload,
        fake.event('checkout.session.completed', paid, { timestamp: Math.floor(Date.now() / 1000) - 301 })
          .header,
      ),
    ];
    for (const a of answers) expect(a.statusCode, a.body).toBe(400);
    expect(answers[2]!.json()).toEqual({
      message: 'The Stripe-Signature does not match this body, or it is too old.',
    });
    expect(await entries(booking.id)).toEqual([]);
    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: webhook,
      headers: { 'content-type': 'text/plain', 'stripe-signature': good.header },
      payload: good.payload,
    });
    expect(wrongType.statusCode).toBe(415);
    // An event type the site does not handle: acknowledged, ignored.
    const unknown = fake.event('customer.created', { id: 'cus_test_1', object: 'customer' });
    const ignored = await post(unknown.payload, unknown.header);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ received: true });
    // A session naming no booking of ours, or one that is not paid: 200, nothing recorded.
    for (const object of [
      { ...paid, metadata: { booking_id: randomUUID() }, client_reference_id: null },
      { ...paid, metadata: { booking_id: 'x' }, client_reference_id: 'x' },
      { ...paid, payment_status: 'unpaid' },
      { ...paid, currency: 'eur' },
    ]) {
      const e = fake.event('checkout.session.completed', object);
      expect((await post(e.payload, e.header)).statusCode).toBe(200);
    }
    expect(await entries(booking.id)).toEqual([]);
    // The good one still records.
    expect((await post(good.payload, good.header)).statusCode).toBe(200);
    expect((await entries(booking.id)).map((e) => e.amount_cents)).toEqual([49_000]);
  });

  it('a payment for a cancelled booking is recorded and made due back; the refund goes to the card once and is recorded when Stripe confirms it', async () => {
    const booking = await bookFar(1);
    const { url } = (await checkout(booking.id, { purpose: 'deposit' })).json() as { url: string };
    // The brand cancels while the traveller is on the Checkout page.
    expect(
      (await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/cancel`, { reason: 'Storm' }))
        .statusCode,
    ).toBe(200);
    // Cancelled: no new session.
    const refused = (await checkout(booking.id, { purpose: 'balance' })).json() as { message: string };
    expect(refused).toEqual({ message: 'This booking is cancelled: there is nothing to pay.' });
    // A Spanish page reads it in Spanish (the message is in the catalogue).
    registerCatalogue(es);
    expect(translator('es').known(refused.message)).toBe(
      'Esta reserva está cancelada: no hay nada que pagar.',
    );
    const { res } = await payAndNotify(url);
    expect(res.statusCode).toBe(200);
    const cancelled = await read(booking.id);
    expect(cancelled.payment).toMatchObject({
      paidCents: 49_000,
      state: 'refund-due',
      refundDueCents: 49_000,
    });

    // Two processes' schedulers at once: one refund at Stripe.
    const offers = () => ({ now: new Date(), offerHours: 24, packageName: (id: string) => id });
    const runs = await Promise.all([
      sendCardRefunds(ctx.db, provider, offers),
      sendCardRefunds(ctx.db, provider, offers),
    ]);
    expect(runs.reduce((n, r) => n + r.claimed, 0)).toBe(1);
    const mine = [...fake.refunds.values()].filter(
      (r) => (r.metadata as Record<string, string>).booking_id === booking.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      amount: 49_000,
      status: 'succeeded',
      payment_intent: sessionOf(url).payment_intent,
    });
    const refundKeys = fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(refundKeys.every((k) => k?.startsWith(`refund:${booking.id}:`))).toBe(true);
    const settled = await read(booking.id);
    expect(settled.payment).toMatchObject({ paidCents: 0, refundedCents: 49_000, state: 'settled' });
    // Stripe's own refund.created webhook for the same refund: recorded already, nothing more.
    const created = fake.event('refund.created', mine[0]!);
    expect((await post(created.payload, created.header)).statusCode).toBe(200);
    expect((await entries(booking.id)).map((e) => [e.kind, e.method, e.amount_cents])).toEqual([
      ['payment', 'card', 49_000],
      ['refund', 'card', 49_000],
    ]);
    // Nothing is sent again.
    expect((await sendCardRefunds(ctx.db, provider, offers)).claimed).toBe(0);
    expect(await outboxKinds(booking.id)).toEqual(
      expect.arrayContaining(['booking-cancelled', 'payment-receipt']),
    );
  });

  it('a traveller who cancelled and then pays in an old tab: the payment is recorded against the fee the cancellation keeps', async () => {
    const booking = await bookFar(1);
    const { url } = (await checkout(booking.id, { purpose: 'balance' })).json() as { url: string };
    expect((await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/cancel`)).statusCode).toBe(
      200,
    );
    await payAndNotify(url);
    // The fee far ahead is the deposit ($490.00): the rest of the $2,450.00 is due back.
    expect((await read(booking.id)).payment).toMatchObject({
      paidCents: 245_000,
      state: 'refund-due',
      refundDueCents: 245_000 - 49_000,
    });
  });

  it('a refund Stripe has not confirmed yet is recorded by its webhook; staff still record bank transfers, and the ledger tells them apart', async () => {
    const booking = await bookFar(1);
    const { url } = (await checkout(booking.id, { purpose: 'balance' })).json() as { url: string };
    await payAndNotify(url);
    expect(
      (await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/cancel`, { reason: 'Storm' }))
        .statusCode,
    ).toBe(200);
    fake.refundStatus = 'pending';
    const offers = () => ({ now: new Date(), offerHours: 24, packageName: (id: string) => id });
    const refundsOf = () =>
      [...fake.refunds.values()].filter(
        (r) => (r.metadata as Record<string, string>).booking_id === booking.id,
      );
    try {
      await sendCardRefunds(ctx.db, provider, offers);
    } finally {
      fake.refundStatus = 'succeeded';
    }
    expect(refundsOf()).toHaveLength(1);
    expect((await read(booking.id)).payment.state).toBe('refund-due');
    // Still pending: nothing asked twice.
    await sendCardRefunds(ctx.db, provider, offers);
    expect(refundsOf()).toHaveLength(1);
    const refund = [...fake.refunds.values()].find(
      (r) => (r.metadata as Record<string, string>).booking_id === booking.id,
    )!;
    refund.status = 'succeeded';
    const updated = fake.event('refund.updated', refund);
    expect((await post(updated.payload, updated.header)).statusCode).toBe(200);
    expect((await read(booking.id)).payment).toMatchObject({ state: 'settled', refundedCents: 245_000 });

    // A bank transfer recorded by staff on another booking: method and staff tell it from a card.
    const other = await bookFar(1);
    await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${other.id}/payments`, {
      kind: 'payment',
      method: 'bank-transfer',
      amountCents: 10_000,
    });
    expect(await entries(other.id)).toEqual([
      expect.objectContaining({
        method: 'bank-transfer',
        staff: ctx.operator.email,
        provider_reference: null,
      }),
    ]);
  });

  it('“Pay my share”: a companion pays their part through their personal link, without an account; the lead sees who paid', async () => {
    const booking = await bookFar(3);
    const token = newGuestToken();
    await ctx.db.query(
      `INSERT INTO guest_links (booking_id, position, token_hash, email) VALUES ($1, 2, $2, 'companion@example.com')`,
      [booking.id, hashGuestToken(token)],
    );
    const total = 2450 * 3 * 100;
    expect(travellerShareCents(total, 3, 2)).toBe(total - 2 * Math.floor(total / 3));
    const share = await ctx.call(null, 'GET', `/api/guest-links/${token}/share`);
    expect(share.json()).toEqual({
      currency: 'USD',
      shareCents: travellerShareCents(total, 3, 2),
      paidCents: 0,
      dueCents: travellerShareCents(total, 3, 2),
      cardPayments: true,
    });
    const res = await ctx.call(null, 'POST', `/api/guest-links/${token}/checkout`);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(sessionOf(url)).toMatchObject({
      amount_total: travellerShareCents(total, 3, 2),
      metadata: { purpose: 'share', traveller_position: '2', booking_id: booking.id },
      success_url: `https://tours.example/travellers/${token}?payment=done`,
      customer_email: 'companion@example.com',
    });
    await payAndNotify(url);
    const lead = await read(booking.id);
    expect(lead.payment.entries).toEqual([
      expect.objectContaining({
        method: 'card',
        amountCents: travellerShareCents(total, 3, 2),
        travellerPosition: 2,
      }),
    ]);
    expect((await ctx.call(null, 'GET', `/api/guest-links/${token}/share`)).json()).toMatchObject({
      dueCents: 0,
    });
    expect((await ctx.call(null, 'POST', `/api/guest-links/${token}/checkout`)).json()).toEqual({
      message: 'Your share is paid: there is nothing more to pay.',
    });
    // The receipt goes to the companion, not the lead.
    const receipt = await ctx.db.query<{ recipient: string }>(
      `SELECT recipient FROM outbox WHERE booking_id = $1 AND kind = 'payment-receipt'`,
      [booking.id],
    );
    expect(receipt.rows).toEqual([{ recipient: 'companion@example.com' }]);
    // A forged or unknown token: 404, nothing sent to Stripe.
    expect((await ctx.call(null, 'POST', `/api/guest-links/${newGuestToken()}/checkout`)).statusCode).toBe(
      404,
    );
    expect((await ctx.call(null, 'GET', '/api/guest-links/short/share')).statusCode).toBe(404);
  });
});

// The default provider: no Stripe in the context, the card routes shut.
describe('PAYMENT_PROVIDER=manual keeps the card routes shut', { timeout: 90_000 }, () => {
  const [pglite] = storeCases();
  const ctx = useAdminApp(pglite!);
  it('checkout is 409 with the way to pay, the webhook 404; nothing recorded', async () => {
    const booking = await ctx.book(ctx.traveller, { departureId: await ctx.addDeparture(), travellers: 1 });
    const res = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/checkout`, {
      purpose: 'deposit',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Card payments are not offered: please pay by bank transfer as shown with your booking.',
    });
    expect((await ctx.call(null, 'GET', '/api/payments/instructions')).json()).toMatchObject({
      provider: 'manual',
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    expect(
      (await ctx.db.query('SELECT 1 FROM payment_entries WHERE booking_id = $1', [booking.id])).rows,
    ).toEqual([]);
  });
});
