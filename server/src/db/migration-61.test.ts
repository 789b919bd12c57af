// @vitest-environment node
// Migration 61 (docs/decisions/069-bookings-before-payments.md): the bookings stored before
// payments were recorded get the terms they were made under (no deposit, no cancellation fee) and
// at least 14 days' notice of their balance; they no longer read "Deposit due". Bookings made since
// (a deposit deadline, or a waived deposit) keep their terms; totals, statuses and the ledger stay.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import type { Queryable } from './database.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { paymentStateCaseSql } from '../money/sql.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

const departure = async (db: Queryable, startsOn: string) => {
  const id = randomUUID();
  await db.query(
    `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, 'swiss-alpine-lakes', $2, 40)`,
    [id, startsOn],
  );
  return id;
};

const booking = async (
  db: Queryable,
  departureId: string,
  {
    status = 'confirmed',
    depositDueAt = null as string | null,
    waived = false,
    createdAt = new Date().toISOString(),
  } = {},
) => {
  const id = randomUUID();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, status, departure_id, deposit_due_at, deposit_waived,
       created_at)
     VALUES ($1, $2, 'm61-user', 'swiss-alpine-lakes', 'A package', 100000, 'Ada Lovelace', 'm61@example.com',
       '1 Road', '123456', 2, 200000, $3, $4, $5, $6, $7)`,
    [id, `WT-${randomUUID().slice(0, 8).toUpperCase()}`, status, departureId, depositDueAt, waived, createdAt],
  );
  return id;
};

type Stored = {
  deposit_percent: number;
  balance_due_days: number;
  cancellation_fees: unknown;
  total_cents: number;
  status: string;
  paid_cents: number;
  state: string;
};
const read = async (db: Queryable, id: string) =>
  (
    await db.query<Stored>(
      `SELECT b.deposit_percent, b.balance_due_days, b.cancellation_fees, b.total_cents, b.status, b.paid_cents,
         ${paymentStateCaseSql} AS state
       FROM bookings b LEFT JOIN departures d ON d.id = b.departure_id WHERE b.id = $1`,
      [id],
    )
  ).rows[0]!;

describeEach(storeCases())(
  'migration 61 (bookings made before payments) on $name',
  { timeout: 180_000 },
  (store) => {
    it('gives the bookings made before payments no deposit and no fee, and keeps the rest', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 60);
        const today = todayIso('UTC');
        const far = await departure(db, addDays(today, 200));
        const near = await departure(db, addDays(today, 40));
        const soon = await departure(db, addDays(today, 5));
        const past = await departure(db, addDays(today, -30));
        const old = {
          far: await booking(db, far),
          near: await booking(db, near, { status: 'requested' }),
          soon: await booking(db, soon),
          // Booked 90 days before its departure, a month ago.
          past: await booking(db, past, { createdAt: `${addDays(today, -120)}T10:00:00Z` }),
          cancelled: await booking(db, far, { status: 'cancelled' }),
        };
        // Made since migration 60: a deadline, or a waived deposit.
        const deadline = new Date(Date.now() + 86_400_000).toISOString();
        const since = await booking(db, far, { status: 'requested', depositDueAt: deadline });
        const waived = await booking(db, far, { waived: true });
        // What migration 60 left: every old booking with a deposit due, for ever.
        for (const id of [old.far, old.near, old.soon, old.past])
          expect((await read(db, id)).state).toBe('deposit-due');

        expect(await migrate(db, 61)).toEqual([61]);

        const noTerms = { deposit_percent: 0, cancellation_fees: [] };
        // The default 60 days where the departure leaves room; else at least 14 days from today.
        expect(await read(db, old.far)).toMatchObject({ ...noTerms, balance_due_days: 60, state: 'balance-due' });
        expect(await read(db, old.near)).toMatchObject({
          ...noTerms,
          balance_due_days: 26,
          status: 'requested',
          state: 'balance-due',
        });
        // A departure nearer than 14 days: due on the day; one already gone: overdue (staff decide).
        expect(await read(db, old.soon)).toMatchObject({ ...noTerms, balance_due_days: 0, state: 'balance-due' });
        expect(await read(db, old.past)).toMatchObject({ ...noTerms, balance_due_days: 0, state: 'overdue' });
        expect(await read(db, old.cancelled)).toMatchObject({ ...noTerms, status: 'cancelled', state: 'settled' });
        for (const id of Object.values(old))
          expect(await read(db, id)).toMatchObject({ total_cents: 200000, paid_cents: 0 });

        const defaults = {
          deposit_percent: 20,
          balance_due_days: 60,
          cancellation_fees: [
            { daysBefore: 60, percent: 50 },
            { daysBefore: 30, percent: 100 },
          ],
        };
        expect(await read(db, since)).toMatchObject({ ...defaults, state: 'deposit-due' });
        expect(await read(db, waived)).toMatchObject({ ...defaults, state: 'balance-due' });
      } finally {
        await db.close();
      }
    });
  },
);
