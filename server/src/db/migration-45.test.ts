// @vitest-environment node
// Migration 45 (docs/decisions/045-search-on-a-million-bookings.md): the console's trigram index
// takes each booking's trigrams straight in (no pending list for one booking to flush inside its
// request), and the search text keeps 1,000 histogram entries for the planner; bookings stored
// before are still found.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { listAdminBookings } from '../admin/bookings-queries.js';

describeEach(storeCases())('migration 45 (the search index) on $name', { timeout: 180_000 }, (store) => {
  it('turns the pending list off, keeps 1,000 statistics entries, and finds what was stored before', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 41);
      const tag = `Mig${randomUUID().replaceAll('-', '').slice(0, 8)}`;
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           address, phone, travellers, total_cents, status)
         SELECT gen_random_uuid(), 'M' || upper(substr(md5($1::text || i), 1, 9)), 'm45', 'swiss-alpine-lakes',
           'A package', 1000, 'Ada ' || $1::text, 'ada' || i || '@example.com', '1 Road', '123456', 1, 1000, 'requested'
         FROM generate_series(1, 3) AS i`,
        [tag],
      );
      expect(await migrate(db, 45)).toEqual([45]);
      const { rows } = await db.query<{ reloptions: string[] | null; attstattarget: number }>(
        `SELECT c.reloptions, a.attstattarget FROM pg_class c
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = 1
          WHERE c.oid = 'bookings_search'::regclass`,
      );
      expect(rows[0]!.reloptions).toContain('fastupdate=off');
      expect(rows[0]!.attstattarget).toBe(1000);
      // Stored before, searched after: by part of the name, in either case (the search reads the
      // table of migration 50, filled then from the bookings: ./migration-50.test.ts).
      await migrate(db);
      const page = await listAdminBookings(db, { q: tag.toLowerCase() }, 50);
      expect(page.bookings).toHaveLength(3);
      expect(page.bookings.every((b) => b.name === `Ada ${tag}`)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
