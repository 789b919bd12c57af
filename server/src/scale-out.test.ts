// @vitest-environment node
// Several real server processes on one PostgreSQL: the last seats of a departure are sold exactly
// once, whichever process each request reaches. PGlite runs one statement at a time inside one
// process, so these races only mean something on PostgreSQL: without TEST_DATABASE_URL they skip.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.js';
import { addDays, todayIso } from './departures/dates.js';
import {
  createUser,
  dropPostgresSchema,
  makeClientDir,
  postBooking,
  postgresSchemaUrl,
  spawnServer,
  validBooking,
  type ServerProcess,
  type TestUser,
} from './test/fixtures.js';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.warn('scale-out tests skipped: TEST_DATABASE_URL is not set (they need a real PostgreSQL server)');
}

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL', () => {
  let url: string;
  let clientDir: string;
  let db: Database;
  let servers: ServerProcess[] = [];
  let users: TestUser[];

  beforeAll(async () => {
    url = await postgresSchemaUrl(baseUrl!);
    clientDir = makeClientDir();
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir };
    // Both start together: migrations and the departure seed take turns under their locks.
    servers = await Promise.all([spawnServer(env, 4351), spawnServer(env, 4352)]);
    db = await openDatabase({ url });
    users = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(`racer${i}`)));
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await db.close();
    await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('ran the migrations and seeded the schedule once', async () => {
    const { rows } = await db.query<{ n: number; dates: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT (package_id, starts_on))::int AS dates FROM departures',
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(rows[0]!.n).toBe(rows[0]!.dates);
  });

  it('200 parallel requests from 20 users for the last 10 seats: exactly 10 sold, the rest 409', async () => {
    const departureId = randomUUID();
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, $2, $3, 12, 2)`,
      [departureId, validBooking.packageId, addDays(todayIso(), 90)],
    );
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await postBooking(servers[i % 2]!.url, users[i % 20]!, { ...validBooking, departureId });
        return { status: res.status, body: (await res.json()) as { id?: string; seatsLeft?: number } };
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.seatsLeft === 0)).toBe(true);
    // Both processes sold some: the race really crossed processes.
    const soldBy = new Set(results.map((r, i) => (r.status === 201 ? i % 2 : -1)).filter((s) => s >= 0));
    expect(soldBy.size).toBe(2);

    const { rows } = await db.query<{ seats_taken: number; booked: number }>(
      `SELECT d.seats_taken, (SELECT coalesce(sum(travellers), 0)::int FROM bookings b
          WHERE b.departure_id = d.id AND b.status <> 'cancelled') AS booked
       FROM departures d WHERE d.id = $1`,
      [departureId],
    );
    expect(rows[0]).toEqual({ seats_taken: 12, booked: 10 });
  });

  it('parties of different sizes for the last seats never oversell, and every 201 is stored once', async () => {
    const departureId = randomUUID();
    await db.query(`INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, $2, $3, 25)`, [
      departureId,
      validBooking.packageId,
      addDays(todayIso(), 91),
    ]);
    const results = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const res = await postBooking(
          servers[i % 2]!.url,
          users[i % 20]!,
          { ...validBooking, departureId, travellers: 1 + (i % 4) },
          { 'idempotency-key': randomUUID() },
        );
        return { status: res.status, body: (await res.json()) as { id: string; travellers: number } };
      }),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const sold = results.filter((r) => r.status === 201);
    const { rows } = await db.query<{ id: string; travellers: number }>(
      'SELECT id, travellers FROM bookings WHERE departure_id = $1',
      [departureId],
    );
    expect(rows.map((r) => r.id).sort()).toEqual(sold.map((r) => r.body.id).sort());
    const seats = rows.reduce((n, r) => n + r.travellers, 0);
    expect(seats).toBeLessThanOrEqual(25);
    // Parties of one to four against 25 seats: the last ones are always sold.
    expect(seats).toBeGreaterThanOrEqual(22);
    const taken = (await db.query<{ seats_taken: number }>('SELECT seats_taken FROM departures WHERE id = $1', [departureId]))
      .rows[0]!.seats_taken;
    expect(taken).toBe(seats);
  });
});
