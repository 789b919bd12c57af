// @vitest-environment node
// Contract v5 on PGlite and (TEST_DATABASE_URL) PostgreSQL: staff record payments and refunds,
// never beyond what is owed or paid (409 with the amount allowed), each with its audit row and a
// receipt; paying the deposit confirms a requested booking; the ledger is never edited and
// bookings.paid_cents is held to its sum by the database; the cancellation quote, the fee a
// traveller's cancellation keeps and the refund a brand's owes; hostile input stores nothing.
import { describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { createUser, setEmulatorClaims, signInUser, storeCases, type TestUser } from '../test/fixtures.js';
import { readCsv, useAdminApp } from '../test/console-kit.js';
import type { AdminBooking, Booking } from '#contracts/api';
import { paymentStates } from '#contracts/payment';
import { runMoneyJobs } from './jobs.js';

describeEach(storeCases())('money on $name', { timeout: 90_000 }, (store) => {
  // The identity account's deletion is firebase-admin's (server/src/me): not what is tested here.
  const ctx = useAdminApp(store, { deleteIdentity: async () => {} });

  // A booking far ahead (the deposit phase), of `travellers` at the package's price.
  const bookFar = async (travellers = 2, user?: TestUser) => {
    const departureId = await ctx.addDeparture();
    return ctx.book(user ?? ctx.traveller, { departureId, travellers });
  };
  const pay = (id: string, body: Record<string, unknown>, user: TestUser | null = ctx.operator) =>
    ctx.call(user, 'POST', `/api/admin/bookings/${id}/payments`, body);
  const entries = async (id: string) =>
    (await ctx.db.query('SELECT * FROM payment_entries WHERE booking_id = $1', [id])).rows.length;
  const outbox = async (id: string) =>
    (
      await ctx.db.query<{ kind: string; payload: Record<string, unknown> }>(
        'SELECT kind, payload FROM outbox WHERE booking_id = $1 ORDER BY created_at, kind',
        [id],
      )
    ).rows;

  it('every booking carries its payment: 20% deposit due within DEPOSIT_DUE_HOURS, the balance 60 days before', async () => {
    const booking = await bookFar(2);
    expect(booking.payment).toMatchObject({
      currency: 'USD',
      totalCents: 2450 * 2 * 100,
      depositCents: 98_000,
      paidCents: 0,
      dueNowCents: 98_000,
      state: 'deposit-due',
      entries: [],
    });
    const hours = (Date.parse(booking.payment.depositDueAt!) - Date.parse(booking.createdAt)) / 3_600_000;
    expect(Math.round(hours)).toBe(168);
    const read = (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
    expect(read.payment).toEqual(booking.payment);
    const admin = (
      await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${booking.id}`)
    ).json() as AdminBooking;
    expect(admin.payment.state).toBe('deposit-due');
    // The "received" email says what is due and how to pay.
    const received = (await outbox(booking.id)).find((m) => m.kind === 'booking-received')!;
    expect(received.payload.money).toMatchObject({ dueNowCents: 98_000, state: 'deposit-due' });
  });

  it('the deposit recorded by staff confirms the booking, with its audit row, a receipt and the confirmation', async () => {
    const booking = await bookFar(2);
    const res = await pay(booking.id, {
      kind: 'payment',
      method: 'bank-transfer',
      amountCents: 98_000,
      reference: 'TRX-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = res.json() as AdminBooking;
    expect(after.status).toBe('confirmed');
    expect(after.payment).toMatchObject({ paidCents: 98_000, state: 'balance-due', dueNowCents: 392_000 });
    expect(after.payment.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        method: 'bank-transfer',
        amountCents: 98_000,
        reference: 'TRX-1',
      }),
    ]);
    const audit = await ctx.audit({ bookingId: booking.id });
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'payment.recorded',
        actor: ctx.operator.email,
        to_value: 'USD 980.00 (bank-transfer)',
      }),
    );
    expect(audit.map((a) => a.action)).toContain('booking.confirmed');
    const kinds = (await outbox(booking.id)).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['payment-receipt', 'booking-confirmed']));

    // The balance, then a mistake undone by a refund with a note.
    expect(
      (await pay(booking.id, { kind: 'payment', method: 'card', amountCents: 392_000 })).json(),
    ).toMatchObject({
      payment: { state: 'paid', paidCents: 490_000, dueNowCents: 0 },
    });
    const undone = await pay(booking.id, {
      kind: 'refund',
      method: 'card',
      amountCents: 392_000,
      note: 'Charged twice',
    });
    expect(undone.json()).toMatchObject({
      payment: { paidCents: 98_000, refundedCents: 392_000, state: 'balance-due' },
    });
    // Each receipt (and the confirmation) speaks of the booking as stored after its entry: the
    // ledger works it out from the entry instead of reading the row again (withEntry, ./ledger.ts).
    const receipts = (await outbox(booking.id)).filter((m) =>
      ['payment-receipt', 'booking-confirmed'].includes(m.kind),
    );
    expect(receipts.map((m) => (m.payload.money as { paidCents: number }).paidCents).sort()).toEqual(
      [98_000, 98_000, 490_000, 98_000].sort(),
    );
    const stored = (
      await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${booking.id}`)
    ).json() as AdminBooking;
    const last = receipts.at(-1)!.payload.money as Record<string, unknown>;
    expect(last).toMatchObject({
      paidCents: stored.payment.paidCents,
      dueNowCents: stored.payment.dueNowCents,
      refundDueCents: stored.payment.refundDueCents,
      state: stored.payment.state,
    });
  });

  it('a payment above what is owed or a refund above what is paid is 409 with the amount allowed, nothing stored', async () => {
    const booking = await bookFar(1);
    const never = await pay(booking.id, { kind: 'refund', method: 'cash', amountCents: 1 });
    expect(never.statusCode).toBe(409);
    expect(never.json()).toEqual({ message: expect.stringMatching(/nothing to refund/), allowedCents: 0 });
    const over = await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 245_001 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      allowedCents: 245_000,
      message: 'At most USD 2450.00 is still owed on this booking.',
    });
    await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 10_000 });
    const refund = await pay(booking.id, { kind: 'refund', method: 'cash', amountCents: 10_001 });
    expect(refund.json()).toMatchObject({ allowedCents: 10_000 });
    expect(await entries(booking.id)).toBe(1);
    // A cancelled booking takes no more money; what it holds can only go back.
    const cancelled = await bookFar(1);
    await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${cancelled.id}/cancel`, { reason: 'Storm' });
    const late = await pay(cancelled.id, { kind: 'payment', method: 'cash', amountCents: 100 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: expect.any(String), allowedCents: 0 });
    expect(await entries(cancelled.id)).toBe(0);
  });

  it('hostile input is a 4xx with a message and stores nothing; guides and travellers may not record money', async () => {
    const booking = await bookFar(1);
    const bad: unknown[] = [
      { kind: 'payment', method: 'cash', amountCents: 100.5 },
      { kind: 'payment', method: 'cash', amountCents: -100 },
      { kind: 'payment', method: 'cash', amountCents: 0 },
      { kind: 'payment', method: 'cash', amountCents: 1e15 },
      { kind: 'payment', method: 'cash', amountCents: '100' },
      { kind: 'payment', method: 'cash', amountCents: 'NaN' },
      { kind: 'gift', method: 'cash', amountCents: 100 },
      { kind: 'payment', method: 'bitcoin', amountCents: 100 },
      { kind: 'payment', method: 'cash', amountCents: 100, reference: 'a\u0000b' },
      { kind: 'payment', method: 'cash', amountCents: 100, note: 'x'.repeat(501) },
      { kind: 'payment', method: 'cash', amountCents: 100, paidCents: 0 },
      '[1,2]',
    ];
    for (const body of bad) {
      const res = await pay(booking.id, body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const guide = await createUser('guide');
    await setEmulatorClaims(guide.uid, { role: 'guide' });
    const guideUser = { ...guide, idToken: await signInUser(guide.email) };
    expect(
      (await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 100 }, guideUser)).statusCode,
    ).toBe(403);
    expect(
      (await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 100 }, ctx.traveller))
        .statusCode,
    ).toBe(403);
    expect(
      (await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 100 }, null)).statusCode,
    ).toBe(401);
    // Another booking id that is none of ours, or not an id at all.
    expect(
      (await pay(crypto.randomUUID(), { kind: 'payment', method: 'cash', amountCents: 100 })).statusCode,
    ).toBe(404);
    expect((await pay('not-an-id', { kind: 'payment', method: 'cash', amountCents: 100 })).statusCode).toBe(
      404,
    );
    expect(await entries(booking.id)).toBe(0);
  });

  it('the database keeps the ledger: entries never change, paid_cents equals their sum and is never negative', async () => {
    const booking = await bookFar(1);
    await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 5_000 });
    await expect(
      ctx.db.query('UPDATE payment_entries SET amount_cents = 1 WHERE booking_id = $1', [booking.id]),
    ).rejects.toThrow(/never edited/);
    await expect(
      ctx.db.query('DELETE FROM payment_entries WHERE booking_id = $1', [booking.id]),
    ).rejects.toThrow(/never edited/);
    await expect(
      ctx.db.query('UPDATE bookings SET paid_cents = 6000 WHERE id = $1', [booking.id]),
    ).rejects.toThrow(/differs from the ledger/);
    await expect(
      ctx.db.query(
        `INSERT INTO payment_entries (id, booking_id, kind, method, amount_cents, currency) VALUES ($1, $2, 'refund', 'cash', 5001, 'USD')`,
        [crypto.randomUUID(), booking.id],
      ),
    ).rejects.toThrow(/bookings_paid_not_negative/);
    const { rows } = await ctx.db.query<{ paid_cents: number }>(
      'SELECT paid_cents FROM bookings WHERE id = $1',
      [booking.id],
    );
    expect(rows[0]!.paid_cents).toBe(5_000);
  });

  it('the cancellation quote: a traveller’s cancellation keeps the fee, a brand’s owes everything back', async () => {
    const booking = await bookFar(2);
    await pay(booking.id, { kind: 'payment', method: 'bank-transfer', amountCents: 150_000 });
    const quote = await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}/cancellation`);
    expect(quote.statusCode, quote.body).toBe(200);
    // Far from the departure: the deposit is kept.
    expect(quote.json()).toEqual({
      feeCents: 98_000,
      refundCents: 52_000,
      paidCents: 150_000,
      currency: 'USD',
    });
    const stranger = await createUser('stranger');
    expect((await ctx.call(stranger, 'GET', `/api/bookings/${booking.id}/cancellation`)).statusCode).toBe(
      404,
    );

    const cancelled = (
      await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/cancel`)
    ).json() as Booking;
    expect(cancelled.payment).toMatchObject({ state: 'refund-due', refundDueCents: 52_000, dueNowCents: 0 });
    expect(
      (await outbox(booking.id)).find((m) => m.kind === 'booking-cancelled')!.payload.money,
    ).toMatchObject({
      refundDueCents: 52_000,
    });
    // No payment on a cancelled booking; the refund settles it.
    expect((await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 1 })).statusCode).toBe(409);
    const refunded = await pay(booking.id, { kind: 'refund', method: 'bank-transfer', amountCents: 52_000 });
    expect(refunded.json()).toMatchObject({ payment: { state: 'settled', paidCents: 98_000 } });

    const other = await bookFar(1);
    await pay(other.id, { kind: 'payment', method: 'cash', amountCents: 49_000 });
    const byBrand = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${other.id}/cancel`, {
      reason: 'Storm',
    });
    expect(byBrand.json()).toMatchObject({ payment: { state: 'refund-due', refundDueCents: 49_000 } });
  });

  it('a change that lowers the total below what is paid owes the difference back', async () => {
    const booking = await bookFar(3);
    await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 3 * 245_000 });
    const changed = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/change`, {
      travellers: 2,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ payment: { state: 'refund-due', refundDueCents: 245_000 } });
  });

  it('the deposit deadline cancels an unpaid request as the brand, offers its seats to the waiting list; waived and paid ones stay', async () => {
    const departureId = await ctx.addDeparture({ capacity: 2 });
    const unpaid = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    const waiter = await createUser('waiter');
    expect(
      (await ctx.call(waiter, 'POST', `/api/departures/${departureId}/waitlist`, { travellers: 1 }))
        .statusCode,
    ).toBe(201);
    const staffMade = await ctx.call(ctx.operator, 'POST', '/api/admin/bookings', {
      packageId: 'swiss-alpine-lakes',
      departureId: await ctx.addDeparture(),
      travellers: 1,
      name: 'Phone Caller',
      email: 'caller@example.com',
      address: '1 Road',
      phone: '442079460000',
      status: 'requested',
      depositWaived: true,
    });
    expect(staffMade.statusCode, staffMade.body).toBe(201);
    const paid = await bookFar(1);
    await pay(paid.id, { kind: 'payment', method: 'cash', amountCents: 49_000 });
    await ctx.db.query(
      `UPDATE bookings SET deposit_due_at = now() - interval '1 hour' WHERE id = ANY($1::uuid[])`,
      [[unpaid.id, paid.id]],
    );
    const offers = () => ({
      now: new Date(),
      offerHours: 24,
      maxHeldSeats: 24,
      packageName: (id: string) => id,
    });
    const first = await runMoneyJobs(ctx.db, new Date(), offers);
    expect(first.lapsed).toBe(1);
    expect((await runMoneyJobs(ctx.db, new Date(), offers)).lapsed).toBe(0);
    const after = (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${unpaid.id}`)).json() as Booking;
    expect(after).toMatchObject({ status: 'cancelled', payment: { state: 'settled' } });
    expect(await ctx.audit({ bookingId: unpaid.id })).toContainEqual(
      expect.objectContaining({
        action: 'booking.cancelled',
        actor_type: 'system',
        reason: 'The deposit was not paid',
      }),
    );
    const entry = (await ctx.call(waiter, 'GET', '/api/waitlist')).json() as {
      entries: { status: string }[];
    };
    expect(entry.entries[0]!.status).toBe('offered');
    expect(
      (
        (
          await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${(staffMade.json() as Booking).id}`)
        ).json() as Booking
      ).status,
    ).toBe('requested');
  });

  it('balance reminders 14 and 3 days before and the overdue notice, once each, none once paid', async () => {
    // The balance is due 60 days before: a departure 72 days ahead is 12 days from its balance date.
    const departureId = await ctx.addDeparture({ daysAhead: 72 });
    const booking = await ctx.book(ctx.traveller, { departureId, travellers: 1 });
    const paidUp = await ctx.book(ctx.traveller, {
      departureId: await ctx.addDeparture({ daysAhead: 73 }),
      travellers: 1,
    });
    await pay(booking.id, { kind: 'payment', method: 'cash', amountCents: 49_000 });
    await pay(paidUp.id, { kind: 'payment', method: 'cash', amountCents: 245_000 });
    const offers = () => ({
      now: new Date(),
      offerHours: 24,
      maxHeldSeats: 24,
      packageName: (id: string) => id,
    });
    const kinds = async (id: string) =>
      (await outbox(id)).filter((m) => m.kind.startsWith('balance-')).map((m) => m.kind);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000);
    await runMoneyJobs(ctx.db, day(0), offers);
    await runMoneyJobs(ctx.db, day(0), offers);
    expect(await kinds(booking.id)).toEqual(['balance-reminder']);
    await runMoneyJobs(ctx.db, day(10), offers);
    await runMoneyJobs(ctx.db, day(11), offers);
    expect(await kinds(booking.id)).toEqual(['balance-reminder', 'balance-reminder']);
    await runMoneyJobs(ctx.db, day(13), offers);
    await runMoneyJobs(ctx.db, day(14), offers);
    expect(await kinds(booking.id)).toEqual(['balance-reminder', 'balance-reminder', 'balance-overdue']);
    expect(await kinds(paidUp.id)).toEqual([]);
    const reminder = (await outbox(booking.id)).find((m) => m.kind === 'balance-reminder')!;
    expect(reminder.payload).toMatchObject({
      daysLeft: 12,
      money: { dueNowCents: 196_000, state: 'balance-due' },
    });
  });

  it('DELETE /api/me keeps the ledger without the person; the export lists the entries', async () => {
    const leaver = await createUser('leaver');
    const booking = await bookFar(1, leaver);
    await pay(booking.id, {
      kind: 'payment',
      method: 'bank-transfer',
      amountCents: 49_000,
      reference: 'TRX-9',
      note: 'Paid by their aunt Jane Leaver',
    });
    const exported = await ctx.call(leaver, 'GET', '/api/me/export');
    expect(exported.json().bookings[0].payment.entries).toEqual([
      expect.objectContaining({ amountCents: 49_000, reference: 'TRX-9', kind: 'payment' }),
    ]);
    const deleted = await ctx.call(leaver, 'DELETE', '/api/me');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { rows } = await ctx.db.query<{
      amount_cents: number;
      reference: string;
      note: string | null;
      name: string;
      paid_cents: number;
    }>(
      `SELECT e.amount_cents, e.reference, e.note, b.name, b.paid_cents FROM payment_entries e JOIN bookings b ON b.id = e.booking_id WHERE b.id = $1`,
      [booking.id],
    );
    expect(rows).toEqual([
      { amount_cents: 49_000, reference: 'TRX-9', note: null, name: 'Deleted account', paid_cents: 49_000 },
    ]);
  });

  it('the money screen and the ledger CSV: due, overdue, refunds due, received; amounts as 1234.50, formulas neutralised', async () => {
    const booking = await bookFar(1);
    await pay(booking.id, {
      kind: 'payment',
      method: 'bank-transfer',
      amountCents: 49_050,
      reference: '=HYPERLINK("x")',
    });
    const screen = await ctx.call(ctx.operator, 'GET', '/api/admin/money');
    expect(screen.statusCode, screen.body).toBe(200);
    const body = screen.json();
    expect(body.received).toContainEqual(
      expect.objectContaining({ reference: booking.reference, amountCents: 49_050 }),
    );
    expect(body.receivedPerWeek).toHaveLength(12);
    expect(body.outstandingPerMonth).toHaveLength(6);
    const csv = await ctx.call(
      ctx.operator,
      'GET',
      `/api/admin/payments.csv?from=2000-01-01&to=${ctx.today}`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = readCsv(csv.body);
    expect(rows[0]).toEqual([
      'at (UTC)',
      'reference',
      'traveller',
      'package',
      'departure',
      'kind',
      'method',
      'amount',
      'currency',
      'provider reference',
      'staff',
    ]);
    const mine = rows.find((r) => r[1] === `="${booking.reference}"`)!;
    expect(mine.slice(5, 9)).toEqual(['payment', 'bank-transfer', '490.50', 'USD']);
    expect((await ctx.call(ctx.operator, 'GET', '/api/admin/payments.csv?from=tomorrow')).statusCode).toBe(
      400,
    );
    // The payment= filter agrees with each booking's own state.
    for (const state of paymentStates) {
      const page = (
        await ctx.call(ctx.operator, 'GET', `/api/admin/bookings?payment=${state}&limit=100`)
      ).json() as { bookings: AdminBooking[] };
      for (const b of page.bookings) expect(b.payment.state, `${b.reference} in ${state}`).toBe(state);
    }
    expect((await ctx.call(ctx.operator, 'GET', '/api/admin/bookings?payment=rich')).statusCode).toBe(400);
  });

  describe('payment terms in the catalogue', () => {
    const patch = (body: unknown) =>
      ctx.call(ctx.operator, 'PATCH', '/api/admin/packages/swiss-alpine-lakes', body);
    const termsNow = async () =>
      (
        await ctx.db.query<{ deposit_percent: number; cancellation_fees: unknown }>(
          `SELECT deposit_percent, cancellation_fees FROM packages WHERE id = 'swiss-alpine-lakes'`,
        )
      ).rows[0]!;

    it('the seeded packages have the defaults, and the public package shows them', async () => {
      const res = await ctx.call(null, 'GET', '/api/packages/swiss-alpine-lakes');
      expect(res.json()).toMatchObject({
        depositPercent: 20,
        balanceDueDays: 60,
        cancellationFees: [
          { daysBefore: 60, percent: 50 },
          { daysBefore: 30, percent: 100 },
        ],
      });
    });

    it('refuses terms out of range or tiers that do not increase, with a message, storing nothing', async () => {
      const before = await termsNow();
      for (const body of [
        { depositPercent: 101 },
        { depositPercent: 10.5 },
        { balanceDueDays: -1 },
        {
          cancellationFees: [
            { daysBefore: 30, percent: 50 },
            { daysBefore: 60, percent: 100 },
          ],
        },
        {
          cancellationFees: [
            { daysBefore: 60, percent: 50 },
            { daysBefore: 30, percent: 40 },
          ],
        },
        { cancellationFees: Array.from({ length: 7 }, (_, i) => ({ daysBefore: 70 - i, percent: i * 10 })) },
        { cancellationFees: [{ daysBefore: 60 }] },
        // Tiers of the same day, a percent beyond the total, a day before booking can happen.
        {
          cancellationFees: [
            { daysBefore: 30, percent: 50 },
            { daysBefore: 30, percent: 100 },
          ],
        },
        { cancellationFees: [{ daysBefore: 30, percent: 101 }] },
        { cancellationFees: [{ daysBefore: -1, percent: 50 }] },
        { cancellationFees: [{ daysBefore: 30.5, percent: 50 }] },
        { depositPercent: '20' },
      ]) {
        const res = await patch(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect(await termsNow()).toEqual(before);
    });

    it('a booking keeps the terms it was made with', async () => {
      const before = await bookFar(1);
      const res = await patch({ depositPercent: 50, cancellationFees: [{ daysBefore: 90, percent: 60 }] });
      expect(res.statusCode, res.body).toBe(200);
      const after = await bookFar(1);
      expect(after.payment.depositCents).toBe(122_500);
      const again = (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${before.id}`)).json() as Booking;
      expect(again.payment.depositCents).toBe(49_000);
      await patch({
        depositPercent: 20,
        cancellationFees: [
          { daysBefore: 60, percent: 50 },
          { daysBefore: 30, percent: 100 },
        ],
      });
    });
  });
});
