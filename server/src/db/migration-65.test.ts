// @vitest-environment node
// Migration 65 stores each booking's balance date (bookings.balance_due_on: its departure's date
// less its balance_due_days, null without a departure): filled for the bookings stored before it,
// and kept in step by the database through every write that could move it (a booking made, moved
// to another date or to none, its days changed, a value written by hand, its departure's date
// changed); and the console's overdue and due-soon reads (server/src/money/sql.ts) are served by
// the migration's indexes, which they are only while their conditions match.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { describeEach } from '../test/services.js';
import type { Queryable } from './database.js';
import { paymentFilterSql } from '../money/sql.js';
import { moneyReads } from '../admin/money-routes.js';

const departure = (db: Queryable, startsOn: string) =>
  addTestDeparture(db, { packageId: 'swiss-alpine-lakes', startsOn, capacity: 40 });

const booking = async (db: Queryable, departureId: string | null) => {
  const id = randomUUID();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, departure_id)
     VALUES ($1, $2, 'm65', 'swiss-alpine-lakes', 'A package', 100000, 'Ada Lovelace', 'm65@example.com',
       '1 Road', '123456', 1, 100000, $3)`,
    [id, `WT-${randomUUID().slice(0, 8).toUpperCase()}`, departureId],
  );
  return id;
};

const stored = async (db: Queryable, id: string) =>
  (
    await db.query<{ on: string | null }>(
      `SELECT to_char(balance_due_on, 'YYYY-MM-DD') AS on FROM bookings WHERE id = $1`,
      [id],
    )
  ).rows[0]!.on;

// Every booking whose stored date is not its departure's less its days.
const drifted = async (db: Queryable) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings b LEFT JOIN departures d ON d.id = b.departure_id
       WHERE b.balance_due_on IS DISTINCT FROM d.starts_on - b.balance_due_days`,
    )
  ).rows[0]!.n;

describeEach(storeCases())('migration 65 (stored balance date) on $name', { timeout: 120_000 }, (store) => {
  it('fills the date of stored bookings and keeps it in step through every write', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 64);
      const june = await departure(db, '2031-06-01');
      const july = await departure(db, '2031-07-01');
      const a = await booking(db, june);
      const c = await booking(db, june);
      await db.query('UPDATE bookings SET balance_due_days = 30 WHERE id = $1', [c]);
      const none = await booking(db, null);

      expect(await migrate(db)).toContain(65);
      expect(await stored(db, a)).toBe('2031-04-02');
      expect(await stored(db, c)).toBe('2031-05-02');
      expect(await stored(db, none)).toBeNull();

      // Made, moved, its days changed, written by hand, moved to no date.
      const d = await booking(db, july);
      expect(await stored(db, d)).toBe('2031-05-02');
      await db.query('UPDATE bookings SET departure_id = $2 WHERE id = $1', [d, june]);
      expect(await stored(db, d)).toBe('2031-04-02');
      await db.query('UPDATE bookings SET balance_due_days = 10 WHERE id = $1', [d]);
      expect(await stored(db, d)).toBe('2031-05-22');
      await db.query(`UPDATE bookings SET balance_due_on = '2000-01-01' WHERE id = $1`, [d]);
      expect(await stored(db, d)).toBe('2031-05-22');
      await db.query('UPDATE bookings SET departure_id = NULL WHERE id = $1', [d]);
      expect(await stored(db, d)).toBeNull();
      await db.query('UPDATE bookings SET departure_id = $2 WHERE id = $1', [none, july]);
      expect(await stored(db, none)).toBe('2031-05-02');

      // A departure's date changed: its bookings' dates follow.
      await db.query(`UPDATE departures SET starts_on = '2031-06-15' WHERE id = $1`, [june]);
      expect(await stored(db, a)).toBe('2031-04-16');
      expect(await stored(db, c)).toBe('2031-05-16');
      expect(await drifted(db)).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('serves the overdue and due-soon reads from its indexes', async () => {
    const db = await store.reopen();
    try {
      await migrate(db);
      // 4,000 bookings still owing, none overdue: half owe their deposit by next week, half owe
      // the balance by 2031. What an overdue or due-soon read finds is a range of one of the two
      // indexes; the walk of every booking still owing (bookings_owing, migration 61) would read them all.
      const later = await departure(db, '2031-06-01');
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           address, phone, travellers, total_cents, departure_id, deposit_due_at)
         SELECT gen_random_uuid(), 'WT-M65' || lpad(g::text, 5, '0'), 'm65', 'swiss-alpine-lakes', 'A package',
           100000, 'Ada', 'm65@example.com', '1 Road', '123456', 1, 100000, $1,
           CASE WHEN g % 2 = 0 THEN now() + interval '7 days' END
         FROM generate_series(1, 4000) g`,
        [later],
      );
      await db.query('ANALYZE bookings');
      const plan = async (query: string) =>
        (await db.query<Record<string, unknown>>(`EXPLAIN ${query}`)).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      const overdueFilter = await plan(`SELECT b.id FROM bookings b WHERE ${paymentFilterSql.overdue}`);
      expect(overdueFilter).toContain('bookings_deposit_owing');
      expect(overdueFilter).toContain('bookings_balance_owing');
      for (const read of [moneyReads.overdue, moneyReads.dueSoon]) {
        const statements: string[] = [];
        await read({
          query: async (text: string) => {
            statements.push(text);
            return { rows: [] };
          },
        } as unknown as Queryable);
        const text = await plan(statements[0]!);
        expect(text).toContain('bookings_deposit_owing');
        expect(text).toContain('bookings_balance_owing');
      }
    } finally {
      await db.close();
    }
  });
});
