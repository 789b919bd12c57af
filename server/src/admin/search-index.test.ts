// @vitest-environment node
// Migration 48 and the flush of server/src/admin/search-index.ts: a new booking's trigrams wait in
// the search index's pending list, where the console's search already finds it, until a process
// moves the list into the index; processes take turns, and one that finds another at it skips.
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { listAdminBookings } from './bookings-queries.js';
import { flushSearchIndex, startSearchIndexFlush } from './search-index.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach, describeNeeding, missing, testDatabaseUrl } from '../test/services.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import type { Database, Queryable } from '../db/database.js';

async function addBookings(db: Queryable, surname: string, n: number) {
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
         address, phone, travellers, total_cents)
       VALUES ($1, $2, 'ann', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 1000, $3, $4, '1 Road', '123456', 1, 1000)`,
      [
        id,
        `WT-${id.slice(0, 8).toUpperCase()}`,
        `Ada ${surname}`,
        `ada-${i}@${surname.toLowerCase()}.example`,
      ],
    );
  }
}

const found = async (db: Queryable, q: string) =>
  (await listAdminBookings(db, { q }, 50)).bookings.map((b) => b.name);

describeEach(storeCases())('the search index on $name', { timeout: 60_000 }, (store) => {
  // One database for the suite (PGlite holds its folder once), closed and its schema (or folder)
  // dropped with the suite, not left behind on the test server.
  let opened: Database | undefined;
  const open = async () => (opened ??= await store.open());
  afterAll(async () => {
    await opened?.close();
  });

  it('finds new bookings from the pending list, and moves the list in once', async () => {
    const db = await open();
    const { rows } = await db.query<{ options: string[] }>(
      `SELECT reloptions AS options FROM pg_class WHERE oid = 'booking_search_text'::regclass`,
    );
    expect(rows[0]!.options).toEqual(
      expect.arrayContaining(['fastupdate=on', 'gin_pending_list_limit=65536']),
    );

    await flushSearchIndex(db);
    await addBookings(db, 'Quartermaine', 40);
    expect(await found(db, 'quarterm')).toHaveLength(40);
    expect(await flushSearchIndex(db)).toBeGreaterThan(0);
    expect(await flushSearchIndex(db)).toBe(0);
    expect(await found(db, 'quarterm')).toHaveLength(40);
  });

  it('moves new bookings in every interval, in the background, until stopped', async () => {
    const db = await open();
    await flushSearchIndex(db);
    const flush = startSearchIndexFlush({ db, intervalMs: 50 });
    try {
      await addBookings(db, 'Wetherall', 20);
      await new Promise((resolve) => setTimeout(resolve, 600));
    } finally {
      await flush.stop();
    }
    // Nothing left for this call: the scheduler moved it in.
    expect(await flushSearchIndex(db)).toBe(0);
    expect(await found(db, 'wetherall')).toHaveLength(20);
  });
});

// Two connections are two processes' worth; PGlite has one.
describeNeeding(missing.postgres)('the search index flush on PostgreSQL', () => {
  it('skips its turn while another process is at it', async () => {
    const url = await postgresSchemaUrl(testDatabaseUrl!);
    const db = await openDatabase({ url });
    try {
      await migrate(db);
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(7260448)');
        expect(await flushSearchIndex(db)).toBeNull();
      });
      expect(await flushSearchIndex(db)).not.toBeNull();
    } finally {
      await db.close();
      await dropPostgresSchema(url);
    }
  });
});
