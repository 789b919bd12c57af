// @vitest-environment node
// Two real server processes on one PostgreSQL, both running the reminder scheduler at start and
// every second: each reminder is queued exactly once. Only PostgreSQL runs transactions of two
// processes at once, so without TEST_DATABASE_URL this skips.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { newReference } from '../bookings/repository.js';
import { makeClientDir, spawnServer, validBooking, type ServerProcess } from '../test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { waitFor } from '../test/wait-for.js';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl)
  console.warn(
    'reminder race tests skipped: TEST_DATABASE_URL is not set (they need a real PostgreSQL server)',
  );

describe.skipIf(!baseUrl)('reminders from two server processes on one PostgreSQL', () => {
  let url: string;
  let clientDir: string;
  let db: Database;
  let servers: ServerProcess[] = [];
  const bookingIds: string[] = [];
  const cancelledIds: string[] = [];

  beforeAll(async () => {
    url = await postgresSchemaUrl(baseUrl!);
    clientDir = makeClientDir();
    db = await openDatabase({ url });
    await migrate(db);
    // 40 confirmed bookings and 5 cancelled ones on a departure 3 days ahead (inside the trip
    // reminder's 7 days), and 10 confirmed ones on a departure 20 days ahead (outside it), all there
    // before either process starts: both schedulers find them due at the same moment.
    const near = randomUUID();
    const far = randomUUID();
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES
         ($1, $3, $4, 100, 45), ($2, $3, $5, 100, 10)`,
      [near, far, validBooking.packageId, addDays(todayIso('UTC'), 3), addDays(todayIso('UTC'), 20)],
    );
    const insert = async (departureId: string, status: string) => {
      const id = randomUUID();
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           account_email, address, phone, departure_id, travellers, total_cents, status)
         VALUES ($1, $2, 'racer', $3, 'Swiss Alpine Lakes', 100000, 'Racer', $4, $4, 'Somewhere 1',
           '442079460000', $5, 1, 100000, $6)`,
        [
          id,
          newReference(),
          validBooking.packageId,
          `racer-${id.slice(0, 8)}@example.com`,
          departureId,
          status,
        ],
      );
      return id;
    };
    for (let i = 0; i < 40; i++) bookingIds.push(await insert(near, 'confirmed'));
    for (let i = 0; i < 5; i++) cancelledIds.push(await insert(near, 'cancelled'));
    for (let i = 0; i < 10; i++) await insert(far, 'confirmed');
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir, REMINDER_INTERVAL_SECONDS: '1' };
    servers = await Promise.all([spawnServer(env, 4416), spawnServer(env, 4417)]);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await db?.close();
    if (url) await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('each due booking gets one "Your trip is coming up", however many runs of both processes', async () => {
    const count = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE kind = 'trip-reminder' AND booking_id = ANY($1::uuid[])`,
          [bookingIds],
        )
      ).rows[0]!.n;
    await waitFor(async () => (await count()) >= 40, 30_000, '40 trip reminders');
    // A few more runs of each scheduler.
    await new Promise((r) => setTimeout(r, 3000));
    const { rows } = await db.query<{ kind: string; n: number; bookings: number }>(
      `SELECT kind, count(*)::int AS n, count(DISTINCT booking_id)::int AS bookings FROM outbox
       WHERE kind LIKE '%-reminder' GROUP BY kind`,
    );
    // Exactly the 40: none twice, none for the cancelled ones or the departure 20 days away.
    expect(rows).toEqual([{ kind: 'trip-reminder', n: 40, bookings: 40 }]);
    const reminded = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reminders WHERE booking_id = ANY($1::uuid[])`,
      [cancelledIds],
    );
    expect(reminded.rows[0]!.n).toBe(0);
  });
});
