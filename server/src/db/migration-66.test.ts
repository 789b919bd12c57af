// @vitest-environment node
// Migration 66 builds the overdue and due-soon indexes again, each over its phase word for word
// and holding the creation time, so that a page of the console's payment=overdue list reads its
// ids from the indexes alone (server/src/admin/bookings-queries.ts overdueNewest): the pages,
// walked by cursor with and without the list's other filters, hold exactly the overdue bookings
// newest first, and the page's plan reads both indexes without visiting the table.
import { expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { describeEach } from '../test/services.js';
import type { PreparedStatement, Queryable } from './database.js';
import { paymentStateSql } from '../money/sql.js';
import { listAdminBookings } from '../admin/bookings-queries.js';
import type { BookingFilters } from '../admin/filters.js';

describeEach(storeCases())('migration 66 (owing indexes) on $name', { timeout: 120_000 }, (store) => {
  it('pages through the overdue bookings from the indexes alone, filters and cursor included', async () => {
    const db = await store.reopen();
    try {
      expect(await migrate(db)).toContain(66);
      const packages = ['swiss-alpine-lakes', 'kyoto-temples'];
      const today = todayIso('UTC');
      // In 30 days: its balance (60 days before) is a month late. In 2031: nothing is late.
      const near = await Promise.all(
        packages.map((packageId) => addTestDeparture(db, { packageId, startsOn: addDays(today, 30), capacity: 999 })),
      );
      const far = await Promise.all(
        packages.map((packageId) => addTestDeparture(db, { packageId, fromDay: 1500, spanDays: 400, capacity: 999 })),
      );
      // 400 bookings a minute apart, in five kinds: a deposit past its deadline, a balance past
      // its date (the deposit waived), a deposit due next week, a balance due in years, and a
      // cancelled booking whose deposit had lapsed (not overdue: nothing is owed).
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           address, phone, travellers, total_cents, departure_id, status, deposit_due_at, deposit_waived, created_at)
         SELECT gen_random_uuid(), 'WT-M66' || lpad(g::text, 5, '0'), 'm66', ($1::text[])[g % 2 + 1], 'A package',
           100000, 'Ada Lovelace', 'm66@example.com', '1 Road', '123456', 1, 100000,
           CASE WHEN g % 5 = 1 THEN ($2::uuid[])[g % 2 + 1] ELSE ($3::uuid[])[g % 2 + 1] END,
           CASE WHEN g % 5 = 4 THEN 'cancelled' WHEN g % 3 = 0 THEN 'confirmed' ELSE 'requested' END,
           CASE WHEN g % 5 IN (0, 4) THEN now() - interval '1 day' WHEN g % 5 = 2 THEN now() + interval '7 days' END,
           g % 5 IN (1, 3), now() - g * interval '1 minute'
         FROM generate_series(1, 400) g`,
        [packages, near, far],
      );
      await db.exec('VACUUM ANALYZE bookings');

      const expected = async (where: string, params: unknown[] = []) =>
        (
          await db.query<{ id: string }>(
            `SELECT b.id FROM bookings b WHERE ${paymentStateSql.overdue} ${where}
             ORDER BY b.created_at DESC, b.id DESC`,
            params,
          )
        ).rows.map((r) => r.id);
      const paged = async (filters: BookingFilters) => {
        const ids: string[] = [];
        let page = await listAdminBookings(db, filters, 7);
        for (;;) {
          ids.push(...page.bookings.map((b) => b.id));
          expect(page.bookings.every((b) => b.payment.state === 'overdue')).toBe(true);
          if (!page.next) return ids;
          page = await listAdminBookings(db, filters, 7, page.next);
        }
      };
      const all = await expected('');
      expect(all.length).toBe(160);
      expect(await paged({ payment: 'overdue' })).toEqual(all);
      expect(await paged({ payment: 'overdue', status: 'confirmed' })).toEqual(
        await expected(`AND b.status = 'confirmed'`),
      );
      expect(await paged({ payment: 'overdue', packageId: packages[1]! })).toEqual(
        await expected('AND b.package_id = $1', [packages[1]]),
      );
      expect(await paged({ payment: 'overdue', departureId: near[0]! })).toEqual(
        await expected('AND b.departure_id = $1', [near[0]]),
      );
      // A search keeps the filter that reads every overdue booking: the same answer.
      expect(await paged({ payment: 'overdue', q: 'lovelace' })).toEqual(all);
      const one = (await db.query<{ reference: string }>('SELECT reference FROM bookings WHERE id = $1', [all[3]]))
        .rows[0]!.reference;
      expect(await paged({ payment: 'overdue', q: one })).toEqual([all[3]]);

      // The plan of a page after a cursor: each half a range of its own index.
      const statements: { text: string; params: unknown[] }[] = [];
      const capture = {
        query: async (sql: string | PreparedStatement, params: unknown[] = []) => {
          statements.push({ text: typeof sql === 'string' ? sql : sql.text, params });
          return { rows: [] };
        },
      } as unknown as Queryable;
      const first = await listAdminBookings(db, { payment: 'overdue' }, 7);
      await listAdminBookings(capture, { payment: 'overdue' }, 7, first.next!);
      const plan = (
        await db.query<Record<string, unknown>>(`EXPLAIN ${statements[0]!.text}`, statements[0]!.params)
      ).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan).toContain('bookings_deposit_owing');
      expect(plan).toContain('bookings_balance_owing');
      // PostgreSQL, where the brand's data lives, reads them without the table. (PGlite's planner
      // takes these few hundred rows through a bitmap of the same indexes.)
      if (store.name === 'PostgreSQL') {
        expect(plan).toMatch(/Index Only Scan using bookings_deposit_owing/);
        expect(plan).toMatch(/Index Only Scan using bookings_balance_owing/);
      }
    } finally {
      await db.close();
    }
  });
});

