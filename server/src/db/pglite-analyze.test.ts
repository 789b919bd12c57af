// @vitest-environment node
// server/src/db/pglite-analyze.ts: PGlite's tables are analyzed as they grow, as autovacuum would,
// so that a plan cached while a table was small is made again for its size.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { migrate } from './migrations.js';
import { analyzeGrownTables, analyzeStatisticsTarget, startPgliteAnalyze } from './pglite-analyze.js';

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function freshPglite(upTo = Infinity) {
  db = await openDatabase({});
  await migrate(db, upTo);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO departures (id, package_id, starts_on, capacity)
     VALUES (gen_random_uuid(), 'swiss-alpine-lakes', '2027-06-01', 500) RETURNING id`,
  );
  return { db, departureId: rows[0]!.id };
}

// `n` bookings on the departure, in one statement.
const addBookings = (db: Database, departureId: string, n: number) =>
  db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, travellers, total_cents, departure_id)
     SELECT gen_random_uuid(), 'WT-' || i || '-' || substr(md5(random()::text), 1, 6), 'ann',
       'swiss-alpine-lakes', 'Swiss Alpine Lakes', 1000, 'Ada ' || i, 'ada' || i || '@example.com',
       '1 Road', '123456', 1, 1000, $1
     FROM generate_series(1, $2::int) i`,
    [departureId, n],
  );

// A traveller for each of the newest `n` bookings in one statement, as the booking writer adds
// them (server/src/bookings/writer.ts), and the time PostgreSQL itself measured for the guests'
// statement trigger (migration 46), which looks up each traveller's booking.
let position = 0;
async function guestsTriggerMs(db: Database, n: number) {
  position += 1;
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE) INSERT INTO booking_guests (booking_id, position, full_name)
     SELECT id, ${position}, '' FROM bookings ORDER BY created_at DESC, id LIMIT ${n}`,
  );
  const line = rows.map((r) => r['QUERY PLAN']).find((l) => l.includes('booking_guests_travellers_insert'));
  return Number(/time=([\d.]+)/.exec(line ?? '')?.[1]);
}

const reltuples = async (db: Database, table: string) =>
  Number(
    (await db.query<{ n: number }>(`SELECT reltuples AS n FROM pg_class WHERE oid = $1::regclass`, [table]))
      .rows[0]!.n,
  );

describe('PGlite: tables analyzed as they grow', { timeout: 60_000 }, () => {
  it('makes a trigger plan again once bookings has grown, where the cached one read them all', async () => {
    // The travellers' trigger as it was before migration 52, which made its plan a nested loop on
    // the key at any size: here it is the example of a kept plan that a table's growth makes wrong.
    const { db, departureId } = await freshPglite(51);
    // The first batch, into a nearly empty table: the trigger's plan is made (and kept) for that
    // size, reading every booking to find the batch's.
    await addBookings(db, departureId, 40);
    await guestsTriggerMs(db, 40);
    await addBookings(db, departureId, 30_000);
    const cached = Math.min(await guestsTriggerMs(db, 5), await guestsTriggerMs(db, 5));

    const analyze = startPgliteAnalyze({ db, intervalMs: 20 });
    try {
      await expect.poll(() => reltuples(db, 'bookings'), { timeout: 10_000 }).toBeGreaterThan(30_000);
    } finally {
      await analyze.stop();
    }
    const remade = Math.min(await guestsTriggerMs(db, 5), await guestsTriggerMs(db, 5));
    // 18-21 ms against 0.3-0.9 ms here: the old plan read 30,040 bookings for five.
    expect(remade * 5).toBeLessThan(cached);
  });

  it('analyzes a table when it has doubled since it was last analyzed, not before', async () => {
    const { db, departureId } = await freshPglite();
    await analyzeGrownTables(db);
    expect(await analyzeGrownTables(db)).toEqual([]);

    await addBookings(db, departureId, 2_000);
    expect(await analyzeGrownTables(db)).toEqual(expect.arrayContaining(['bookings', 'booking_search']));
    expect(await reltuples(db, 'bookings')).toBe(2_000);
    expect(await analyzeGrownTables(db)).toEqual([]);

    // A tenth more: the plans made for 2,000 still fit.
    await addBookings(db, departureId, 200);
    expect(await analyzeGrownTables(db)).not.toContain('bookings');
    await addBookings(db, departureId, 2_000);
    expect(await analyzeGrownTables(db)).toContain('bookings');
    expect(await reltuples(db, 'bookings')).toBe(4_200);
  });

  it("samples at a statistics target of 10, keeps a column's own target, and leaves the session's as it was", async () => {
    const { db, departureId } = await freshPglite();
    await addBookings(db, departureId, 2_000);
    expect(await analyzeGrownTables(db)).toEqual(expect.arrayContaining(['bookings', 'booking_search']));
    const bounds = async (table: string, column: string) =>
      Number(
        (
          await db.query<{ n: number }>(
            `SELECT array_length(histogram_bounds::text::text[], 1) AS n FROM pg_stats
              WHERE schemaname = current_schema() AND tablename = $1 AND attname = $2`,
            [table, column],
          )
        ).rows[0]?.n,
      );
    // 2,000 different names: a histogram of as many buckets as the target allows.
    expect(await bounds('bookings', 'name')).toBe(analyzeStatisticsTarget + 1);
    // The search text's own target (migration 50) stands.
    expect(await bounds('booking_search', 'text')).toBeGreaterThan(100);
    const { rows } = await db.query<{ target: string }>(
      `SELECT current_setting('default_statistics_target') AS target`,
    );
    expect(rows[0]!.target).toBe('100');
  });

  it('leaves PostgreSQL to its autovacuum', async () => {
    const postgres = {
      kind: 'postgres',
      query: () => Promise.reject(new Error('asked PostgreSQL')),
      exec: () => Promise.reject(new Error('asked PostgreSQL')),
    } as unknown as Database;
    const analyze = startPgliteAnalyze({
      db: postgres,
      intervalMs: 5,
      log: { info: () => {}, warn: (_obj, msg) => expect.fail(msg) },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await analyze.stop();
  });
});
