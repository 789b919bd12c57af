// @vitest-environment node
// Migration 53 (docs/decisions/058-search-within-a-package.md): the search table is built again
// with each booking's package, from the bookings stored before it, and its trigger writes the
// package of every booking stored after. A search within a package reads the package there: it
// finds that package's bookings only, those stored before the migration and after it alike.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import type { Queryable } from './database.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { likePattern } from '../admin/bookings-queries.js';

const insert = (db: Queryable, packageId: string, name: string) =>
  db
    .query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, status)
     VALUES ($1, $2, 'm53-user', $3, 'A package', 1000, $4, 'm53@example.com', '1 Road', '123456', 1, 1000,
       'requested')
     RETURNING id`,
      [randomUUID(), `WT-${randomUUID().slice(0, 8).toUpperCase()}`, packageId, name],
    )
    .then((r) => (r.rows[0] as { id: string }).id);

// The search within a package as the console's search reads it (server/src/admin/bookings-queries.ts),
// read directly: the console's own read selects every booking column of the latest schema
// (migration 60 added some), which a database stopped at version 53 does not have yet.
const found = async (db: Queryable, q: string, packageId?: string) =>
  (
    await db.query<{ id: string }>(
      `SELECT s.id FROM booking_search s WHERE s.text LIKE lower($1) AND ($2::text IS NULL OR s.package_id = $2) LIMIT 50`,
      [likePattern(q), packageId ?? null],
    )
  ).rows
    .map((r) => r.id)
    .sort();

describeEach(storeCases())(
  'migration 53 (a search within a package) on $name',
  { timeout: 180_000 },
  (store) => {
    it('fills the package of the stored bookings, writes it for new ones, and searches within it', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 52);
        const tag = randomUUID().replaceAll('-', '').slice(0, 8);
        const lakesBefore = await insert(db, 'swiss-alpine-lakes', `Ada Lake${tag}`);
        const amazonBefore = await insert(db, 'amazon-rainforest-expedition', `Ada River${tag}`);
        expect(await migrate(db, 53)).toEqual([53]);

        const { rows: indexes } = await db.query<{ indexname: string }>(
          `SELECT indexname FROM pg_indexes WHERE tablename = 'booking_search' AND schemaname = current_schema()
         ORDER BY 1`,
        );
        expect(indexes.map((r) => r.indexname)).toEqual([
          'booking_search_created',
          'booking_search_package',
          'booking_search_pkey',
          'booking_search_text',
        ]);
        const { rows: stored } = await db.query<{ id: string; package_id: string }>(
          'SELECT id, package_id FROM booking_search WHERE id = ANY($1::uuid[]) ORDER BY package_id',
          [[lakesBefore, amazonBefore]],
        );
        expect(stored).toEqual([
          { id: amazonBefore, package_id: 'amazon-rainforest-expedition' },
          { id: lakesBefore, package_id: 'swiss-alpine-lakes' },
        ]);

        const lakesAfter = await insert(db, 'swiss-alpine-lakes', `Bo Lake${tag}`);
        const amazonAfter = await insert(db, 'amazon-rainforest-expedition', `Bo River${tag}`);
        expect(await found(db, tag)).toEqual([lakesBefore, amazonBefore, lakesAfter, amazonAfter].sort());
        expect(await found(db, tag, 'swiss-alpine-lakes')).toEqual([lakesBefore, lakesAfter].sort());
        expect(await found(db, tag, 'amazon-rainforest-expedition')).toEqual(
          [amazonBefore, amazonAfter].sort(),
        );
        expect(await found(db, `lake${tag}`, 'amazon-rainforest-expedition')).toEqual([]);
        expect(await found(db, tag, 'no-such-package')).toEqual([]);

        // Erasure and deletes follow the rebuilt table as they followed the old one.
        await db.query(`UPDATE bookings SET name = $2 WHERE id = $1`, [lakesAfter, `Cy Hill${tag}`]);
        expect(await found(db, `hill${tag}`, 'swiss-alpine-lakes')).toEqual([lakesAfter]);
        await db.query('DELETE FROM bookings WHERE id = $1', [lakesBefore]);
        expect(await found(db, tag, 'swiss-alpine-lakes')).toEqual([lakesAfter]);
      } finally {
        await db.close();
      }
    });
  },
);
