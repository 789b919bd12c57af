// @vitest-environment node
// Bookings stored before payments were recorded (migration 60 gave them the default terms and no
// deposit deadline) read as they were made, when no payment was taken: no deposit, no cancellation
// fee, the total due by the balance date (docs/decisions/069-bookings-before-payments.md), in the
// database's state (the console's filter, the money screen) and the payload's alike; migration 61
// adds only indexes and keeps every stored value. Bookings made since keep their terms.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import type { Queryable } from './database.js';
import { cancellationQuote, computePayment, type PaymentFacts } from '#contracts/payment';
import { addDays, todayIso } from '#contracts/iso-dates';
import { paymentStateCaseSql } from '../money/sql.js';
import { storeCases } from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { describeEach } from '../test/services.js';

const departure = (db: Queryable, startsOn: string) =>
  addTestDeparture(db, { packageId: 'swiss-alpine-lakes', startsOn, capacity: 40 });

// Booked 90 days before the departure (or today, if that is later), as a release before payments
// stored it: none of migration 60's columns.
const oldBooking = async (db: Queryable, departureId: string, startsOn: string, status = 'confirmed') => {
  const id = randomUUID();
  const made =
    addDays(startsOn, -90) < todayIso('UTC')
      ? `${addDays(startsOn, -90)}T10:00:00Z`
      : new Date().toISOString();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, status, departure_id, created_at)
     VALUES ($1, $2, 'm61-user', 'swiss-alpine-lakes', 'A package', 100000, 'Ada Lovelace', 'm61@example.com',
       '1 Road', '123456', 2, 200000, $3, $4, $5)`,
    [id, `WT-${randomUUID().slice(0, 8).toUpperCase()}`, status, departureId, made],
  );
  return id;
};

type Row = {
  deposit_percent: number;
  balance_due_days: number;
  cancellation_fees: PaymentFacts['cancellationFees'];
  total_cents: number;
  status: PaymentFacts['status'];
  paid_cents: number;
  starts_on: string;
  created_at: Date;
  deposit_due_at: Date | null;
  deposit_waived: boolean;
  state: string;
};

// The database's state and the payload's (contracts/payment.ts), and a traveller's cancellation
// quote today.
const read = async (db: Queryable, id: string) => {
  const r = (
    await db.query<Row>(
      `SELECT b.deposit_percent, b.balance_due_days, b.cancellation_fees, b.total_cents, b.status, b.paid_cents,
         to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on, b.created_at, b.deposit_due_at, b.deposit_waived,
         ${paymentStateCaseSql} AS state
       FROM bookings b LEFT JOIN departures d ON d.id = b.departure_id WHERE b.id = $1`,
      [id],
    )
  ).rows[0]!;
  const facts: PaymentFacts = {
    depositPercent: r.deposit_percent,
    balanceDueDays: r.balance_due_days,
    cancellationFees: r.cancellation_fees,
    totalCents: r.total_cents,
    status: r.status,
    startsOn: r.starts_on,
    createdAt: new Date(r.created_at).toISOString(),
    depositDueAt: r.deposit_due_at ? new Date(r.deposit_due_at).toISOString() : null,
    depositWaived: r.deposit_waived,
    paidCents: r.paid_cents,
    refundedCents: 0,
    cancellationFeeCents: null,
    entries: [],
  };
  const payment = computePayment(facts, new Date());
  expect(payment.state, 'the payload agrees with the database').toBe(r.state);
  return {
    ...r,
    depositCents: payment.depositCents,
    dueNowCents: payment.dueNowCents,
    feeCents: cancellationQuote(facts, todayIso('UTC'), 'traveller').feeCents,
  };
};

describeEach(storeCases())(
  'bookings made before payments, through migration 61, on $name',
  { timeout: 180_000 },
  (store) => {
    it('owe no deposit and no fee, their total by the balance date; bookings made since keep their terms', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 59);
        const today = todayIso('UTC');
        const on = { far: addDays(today, 200), near: addDays(today, 40), past: addDays(today, -30) };
        const ids = {
          far: await departure(db, on.far),
          near: await departure(db, on.near),
          past: await departure(db, on.past),
        };
        const old = {
          far: await oldBooking(db, ids.far, on.far),
          near: await oldBooking(db, ids.near, on.near, 'requested'),
          past: await oldBooking(db, ids.past, on.past),
          cancelled: await oldBooking(db, ids.far, on.far, 'cancelled'),
        };
        await migrate(db, 60);
        // Made since payments: a deadline a week on, or a deposit staff waived.
        const since = randomUUID();
        const waived = randomUUID();
        for (const [id, deadline, isWaived] of [
          [since, new Date(Date.now() + 7 * 86_400_000).toISOString(), false],
          [waived, null, true],
        ] as const)
          await db.query(
            `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
               address, phone, travellers, total_cents, status, departure_id, deposit_due_at, deposit_waived)
             VALUES ($1, $2, 'm61-user', 'swiss-alpine-lakes', 'A package', 100000, 'Ada Lovelace',
               'm61@example.com', '1 Road', '123456', 2, 200000, 'requested', $3, $4, $5)`,
            [id, `WT-${randomUUID().slice(0, 8).toUpperCase()}`, ids.far, deadline, isWaived],
          );
        const stored = async () =>
          (await db.query(`SELECT * FROM bookings ORDER BY id`)).rows.map((r) => JSON.stringify(r));
        const before = await stored();
        // Up to 61 only: later migrations may add columns, which this comparison would count.
        expect(await migrate(db, 61)).toEqual([61]);
        expect(await stored(), 'migration 61 keeps every stored value').toEqual(before);
        await migrate(db);

        const none = { depositCents: 0, feeCents: 0 };
        expect(await read(db, old.far)).toMatchObject({ ...none, state: 'balance-due', dueNowCents: 200000 });
        // Its balance date (60 days before) has passed, a trip that left long ago too: overdue.
        expect(await read(db, old.near)).toMatchObject({ ...none, status: 'requested', state: 'overdue' });
        expect(await read(db, old.past)).toMatchObject({ ...none, state: 'overdue' });
        expect(await read(db, old.cancelled)).toMatchObject({ status: 'cancelled', state: 'settled' });

        expect(await read(db, since)).toMatchObject({ depositCents: 40000, state: 'deposit-due' });
        // Far beyond every tier: a traveller's cancellation keeps the deposit.
        expect((await read(db, since)).feeCents).toBe(40000);
        expect(await read(db, waived)).toMatchObject({ depositCents: 40000, state: 'balance-due' });
      } finally {
        await db.close();
      }
    });
  },
);
