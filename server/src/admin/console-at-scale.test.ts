// @vitest-environment node
// What keeps the console fast on a million bookings (docs/decisions/031-console-at-scale.md),
// on PGlite and (TEST_DATABASE_URL) PostgreSQL: the CSV read page by page as it is sent, keyset
// pages under a filter, the one-text search that never matches across two fields, the active
// bookings counted on departures by triggers, and the console's own pool with its timeout.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { describeEach } from '../test/services.js';
import { storeCases } from '../test/fixtures.js';
import { readCsv, useAdminApp } from '../test/console-kit.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { csvPages } from './csv.js';
import type { AdminBookingsPage } from '#contracts/api';

const tagged = (tag: string) => `${tag}${randomUUID().replaceAll('-', '').slice(0, 8)}`;

describe('csvPages', () => {
  it('reads the next page only when the chunk after the last one is asked for', async () => {
    const reads: number[] = [];
    const pages = [[1, 2], [3, 4], [5]];
    const chunks = csvPages(
      'head\n',
      { rows: pages[0]!, next: 1 },
      (n) => `${n}\n`,
      async (after) => {
        reads.push(after);
        return { rows: pages[after]!, next: after + 1 < pages.length ? after + 1 : null };
      },
    );
    expect((await chunks.next()).value!.toString()).toBe('head\n');
    expect((await chunks.next()).value!.toString()).toBe('1\n2\n');
    // Two chunks out: nothing read beyond the first page yet.
    expect(reads).toEqual([]);
    expect((await chunks.next()).value!.toString()).toBe('3\n4\n');
    expect(reads).toEqual([1]);
    expect((await chunks.next()).value!.toString()).toBe('5\n');
    expect(reads).toEqual([1, 2]);
    expect((await chunks.next()).done).toBe(true);
  });
});

describeEach(storeCases())('the console at scale on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store, { exportPageSize: 7 });

  const list = async (query: string) => {
    const res = await ctx.call(ctx.operator, 'GET', `/api/admin/bookings${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminBookingsPage;
  };

  const bulk = async (tag: string, n: number, packageId = 'swiss-alpine-lakes') => {
    await ctx.db.query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
         address, phone, travellers, total_cents, status, created_at)
       SELECT gen_random_uuid(), 'S' || upper(substr(md5($1::text || i), 1, 9)), 'bulk', $3, 'A package', 1000,
         $1::text || ' ' || i, 'bulk@example.com', 'Bulk Street', '123456', 1, 1000,
         CASE WHEN i % 3 = 0 THEN 'cancelled' ELSE 'requested' END,
         -- Pairs share a moment: the id breaks the tie.
         now() - (i / 2) * interval '1 second'
       FROM generate_series(1, $2::int) AS i`,
      [tag, n, packageId],
    );
  };

  it('writes the CSV from pages read as it is sent: every row once, in pages of the export size', async () => {
    const tag = tagged('Stream');
    await bulk(tag, 30);
    const spy = vi.spyOn(ctx.db.consoleReads, 'query');
    try {
      const res = await ctx.call(ctx.operator, 'GET', `/api/admin/bookings.csv?q=${tag}`);
      expect(res.statusCode).toBe(200);
      // A stream: no length known up front.
      expect(res.headers['content-length']).toBeUndefined();
      const [, ...records] = readCsv(res.body);
      expect(records).toHaveLength(30);
      expect(new Set(records.map((r) => r[0])).size).toBe(30);
      // 30 rows in pages of 7: five reads, none of them the travellers' JSON.
      const reads = spy.mock.calls.map(([text]) => String(text));
      expect(reads).toHaveLength(5);
      expect(reads.every((text) => !text.includes('booking_guests'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('pages a filter by keyset: every row once, in the order of (created_at, id) descending', async () => {
    const tag = tagged('Keyset');
    await bulk(tag, 23, 'kyoto-temples-and-tea');
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT id FROM bookings WHERE name LIKE $1 AND status = 'requested' AND package_id = 'kyoto-temples-and-tea'
       ORDER BY created_at DESC, id DESC`,
      [`${tag} %`],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AdminBookingsPage = await list(
        `?q=${tag}&status=requested&packageId=kyoto-temples-and-tea&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.bookings.map((b) => b.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(rows.length).toBeGreaterThan(12);
    expect(seen).toEqual(rows.map((r) => r.id));
    expect(pages).toBe(Math.ceil(rows.length / 4));
  });

  it('pages each status alone by keyset, cancelled ones from their own index: every row once, newest first', async () => {
    await bulk(tagged('Status'), 25);
    for (const status of ['cancelled', 'requested'] as const) {
      const { rows } = await ctx.db.query<{ id: string }>(
        'SELECT id FROM bookings WHERE status = $1 ORDER BY created_at DESC, id DESC',
        [status],
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: AdminBookingsPage = await list(
          `?status=${status}&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.bookings.every((b) => b.status === status)).toBe(true);
        seen.push(...page.bookings.map((b) => b.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(rows.length).toBeGreaterThan(5);
      expect(seen).toEqual(rows.map((r) => r.id));
    }
  });

  it('searches each of reference, name and email, never across two of them', async () => {
    const end = tagged('ne');
    const start = tagged('ma');
    const booking = await ctx.book(ctx.traveller, {
      name: `Span ${end}`,
      email: `${start}@example.org`,
    });
    expect((await list(`?q=${end}`)).bookings.map((b) => b.id)).toEqual([booking.id]);
    expect((await list(`?q=${start}`)).bookings.map((b) => b.id)).toEqual([booking.id]);
    // The end of the name run into the start of the email, and the reference into the name.
    expect((await list(`?q=${end.slice(-4)}${start.slice(0, 4)}`)).bookings).toEqual([]);
    expect((await list(`?q=${booking.reference.slice(-3)}Spa`)).bookings).toEqual([]);
  });

  it('reads the console through its own pool on PostgreSQL, where a statement is cut off after 5 s and plans without parallel workers, and neither pool compiles with JIT (PGlite: its one connection)', async () => {
    const setting = async (q: { query: typeof ctx.db.query }, name: string) =>
      Object.values((await q.query<Record<string, string>>(`SHOW ${name}`)).rows[0]!)[0];
    const timeout = (q: { query: typeof ctx.db.query }) => setting(q, 'statement_timeout');
    if (store.name === 'PostgreSQL') {
      expect(await timeout(ctx.db.consoleReads)).toBe('5s');
      expect(await timeout(ctx.db)).toBe('0');
      expect(await setting(ctx.db.consoleReads, 'max_parallel_workers_per_gather')).toBe('0');
      expect(await setting(ctx.db, 'max_parallel_workers_per_gather')).not.toBe('0');
      // No JIT compile on either (server/src/db/database.ts).
      expect(await setting(ctx.db.consoleReads, 'jit')).toBe('off');
      expect(await setting(ctx.db, 'jit')).toBe('off');
      // Still in the schema the URL names (the test's own), not the database's default one.
      expect(await setting(ctx.db.consoleReads, 'search_path')).toBe(await setting(ctx.db, 'search_path'));
    } else {
      // One connection in one process: the console's reads take turns with everything else's.
      expect(await timeout(ctx.db.consoleReads)).toBe(await timeout(ctx.db));
    }
  });
});

describe('active bookings on departures (migration 26)', { timeout: 60_000 }, () => {
  it('are counted from the stored bookings, then follow inserts, status changes, moves and deletes', async () => {
    const db = await openDatabase({});
    try {
      await migrate(db, 25);
      const [a, b] = [randomUUID(), randomUUID()];
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, 'p', '2030-01-01', 50), ($2, 'p', '2030-02-01', 50)`,
        [a, b],
      );
      const insert = (departure: string, status: string) =>
        db.query(
          `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
             address, phone, travellers, total_cents, status, departure_id)
           VALUES ($1, $2, 'u', 'p', 'P', 100, 'N', 'e@example.com', 'A', '1', 1, 100, $3, $4)`,
          [randomUUID(), randomUUID().slice(0, 10), status, departure],
        );
      await insert(a, 'requested');
      await insert(a, 'confirmed');
      await insert(a, 'cancelled');
      const counts = async () =>
        (
          await db.query<{ id: string; active_bookings: number }>(
            'SELECT id, active_bookings FROM departures ORDER BY starts_on',
          )
        ).rows.map((r) => r.active_bookings);
      expect(await migrate(db)).toContain(26);
      expect(await counts()).toEqual([2, 0]);
      await insert(b, 'requested');
      expect(await counts()).toEqual([2, 1]);
      await db.query(
        `UPDATE bookings SET status = 'cancelled' WHERE departure_id = $1 AND status = 'requested'`,
        [a],
      );
      expect(await counts()).toEqual([1, 1]);
      await db.query(`UPDATE bookings SET departure_id = $2 WHERE departure_id = $1`, [a, b]);
      expect(await counts()).toEqual([0, 2]);
      // A change that moves no count (a name) leaves them as they are.
      await db.query(`UPDATE bookings SET name = 'M'`);
      expect(await counts()).toEqual([0, 2]);
      await db.query(`DELETE FROM bookings WHERE status = 'cancelled'`);
      expect(await counts()).toEqual([0, 2]);
      await db.query(`DELETE FROM bookings`);
      expect(await counts()).toEqual([0, 0]);
    } finally {
      await db.close();
    }
  });
});
