// @vitest-environment node
// Migration 58 (docs/decisions/064-companions-in-search.md): the stored bookings' companions join
// their search text once, and their trigger keeps it as names are saved, changed or erased; the
// lead's name changing keeps the companions. A search finds a booking by a companion's name.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import type { Queryable } from './database.js';
import { likePattern } from '../admin/bookings-queries.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

const insert = async (db: Queryable, name: string, companion: string) => {
  const id = randomUUID();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, status)
     VALUES ($1, $2, 'm58-user', 'swiss-alpine-lakes', 'A package', 1000, $3, 'm58@example.com', '1 Road',
       '123456', 2, 2000, 'requested')`,
    [id, `WT-${randomUUID().slice(0, 8).toUpperCase()}`, name],
  );
  await db.query(
    `INSERT INTO booking_guests (booking_id, position, full_name) VALUES ($1, 0, $2), ($1, 1, $3)`,
    [id, name, companion],
  );
  return id;
};

// The search text as the console's search reads it (server/src/admin/bookings-queries.ts), read
// directly: the console's own read selects every booking column of the latest schema (migration 60
// added some), which a database stopped at version 57 does not have yet.
const found = async (db: Queryable, q: string) =>
  (
    await db.query<{ id: string }>(`SELECT s.id FROM booking_search s WHERE s.text LIKE lower($1) LIMIT 50`, [
      likePattern(q),
    ])
  ).rows
    .map((r) => r.id)
    .sort();

describeEach(storeCases())(
  'migration 58 (companions in the search) on $name',
  { timeout: 180_000 },
  (store) => {
    it('fills the stored bookings’ companions, then follows their names', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 57);
        const tag = randomUUID().replaceAll('-', '').slice(0, 8);
        const before = await insert(db, `Ada Lead${tag}`, `Bo Fellow${tag}`);
        expect(await found(db, `fellow${tag}`)).toEqual([]);
        expect(await migrate(db, 58)).toEqual([58]);
        expect(await found(db, `fellow${tag}`)).toEqual([before]);

        const after = await insert(db, `Cy Lead${tag}`, '');
        await db.query(`UPDATE booking_guests SET full_name = $2 WHERE booking_id = $1 AND position = 1`, [
          after,
          `Di Walker${tag}`,
        ]);
        expect(await found(db, `walker${tag}`)).toEqual([after]);
        // The lead's name changes (an erasure): the companion stays findable.
        await db.query(`UPDATE bookings SET name = 'Deleted account' WHERE id = $1`, [after]);
        expect(await found(db, `walker${tag}`)).toEqual([after]);
        // The companion's name erased or the traveller removed: no longer found.
        await db.query(`UPDATE booking_guests SET full_name = '' WHERE booking_id = $1`, [after]);
        expect(await found(db, `walker${tag}`)).toEqual([]);
        await db.query(`DELETE FROM booking_guests WHERE booking_id = $1 AND position = 1`, [before]);
        expect(await found(db, `fellow${tag}`)).toEqual([]);
        expect(await found(db, `ada lead${tag}`)).toEqual([before]);
      } finally {
        await db.close();
      }
    });
  },
);
