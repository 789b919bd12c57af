// @vitest-environment node
// Migration 50 (docs/decisions/051-search-table.md): the console's search reads booking_search,
// filled from the bookings stored before it and then kept by triggers: a new booking is found at
// once, a changed or erased name or email is found by its new text only, a status change leaves
// the row alone, and a deleted booking takes its row with it.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import type { Queryable } from './database.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { likePattern } from '../admin/bookings-queries.js';
import { eraseAccountData } from '../me/repository.js';

const insert = (db: Queryable, user: string, name: string, email: string) =>
  db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, status)
     VALUES ($1, $2, $3, 'swiss-alpine-lakes', 'A package', 1000, $4, $5, '1 Road', '123456', 1, 1000, 'requested')
     RETURNING id, reference`,
    [randomUUID(), `WT-${randomUUID().slice(0, 8).toUpperCase()}`, user, name, email],
  ) as Promise<{ rows: { id: string; reference: string }[] }>;

// The search text as the console's search reads it (server/src/admin/bookings-queries.ts), read
// directly: the console's own read selects every booking column of the latest schema (migration 60
// added some), which a database stopped at version 50 does not have yet.
const found = async (db: Queryable, q: string) =>
  (
    await db.query<{ id: string }>(
      `SELECT s.id FROM booking_search s JOIN bookings b ON b.id = s.id WHERE s.text LIKE lower($1) LIMIT 50`,
      [likePattern(q)],
    )
  ).rows
    .map((r) => r.id)
    .sort();

describeEach(storeCases())('migration 50 (the search table) on $name', { timeout: 180_000 }, (store) => {
  it('fills the table from the stored bookings, then follows inserts, changes, erasure and deletes', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 49);
      const tag = randomUUID().replaceAll('-', '').slice(0, 8);
      const user = `m50-${tag}`;
      // Stored before: upper case and letters outside ASCII, found by part of them in lower case.
      const {
        rows: [before],
      } = await insert(db, user, `ÅSA ÖBERG${tag}`, `asa.${tag}@Example.COM`);
      expect(await migrate(db, 50)).toEqual([50]);
      const { rows: index } = await db.query(`SELECT 1 FROM pg_class WHERE relname = 'bookings_search'`);
      expect(index).toEqual([]);

      expect(await found(db, `öberg${tag}`)).toEqual([before!.id]);
      expect(await found(db, `ÅSA ö`)).toContain(before!.id);
      expect(await found(db, `${tag}@example.com`)).toEqual([before!.id]);
      expect(await found(db, before!.reference.toLowerCase())).toEqual([before!.id]);

      // The triggers as the latest migrations left them (51 rewrote the text's one home) from here.
      await migrate(db);

      // Stored after: found at once, in the same transaction's statement.
      const {
        rows: [after],
      } = await insert(db, user, `Bea Lindqvist${tag}`, `bea.${tag}@example.org`);
      expect(await found(db, `lindqvist${tag}`)).toEqual([after!.id]);

      // A status change writes nothing to the search table; a name change rewrites its text.
      const text = async () =>
        (await db.query<{ text: string }>('SELECT text FROM booking_search WHERE id = $1', [after!.id]))
          .rows[0]?.text;
      await db.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [after!.id]);
      expect(await text()).toBe(
        `${after!.reference.toLowerCase()}\x1fbea lindqvist${tag}\x1fbea.${tag}@example.org`,
      );
      await db.query(`UPDATE bookings SET name = $2 WHERE id = $1`, [after!.id, `Bea Sandberg${tag}`]);
      expect(await found(db, `lindqvist${tag}`)).toEqual([]);
      expect(await found(db, `sandberg${tag}`)).toEqual([after!.id]);

      // The account erased: its name and email are no longer found, in the console's search either.
      await eraseAccountData(db, user, `asa.${tag}@example.com`);
      expect(await found(db, tag)).toEqual([]);
      expect(await found(db, `${tag}@example`)).toEqual([]);
      expect(await found(db, before!.reference.toLowerCase())).toEqual([before!.id]);

      await db.query('DELETE FROM bookings WHERE id = $1', [before!.id]);
      const { rows: left } = await db.query('SELECT 1 FROM booking_search WHERE id = $1', [before!.id]);
      expect(left).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
