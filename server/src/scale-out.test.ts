// @vitest-environment node
// Several real server processes on one PostgreSQL: the last seats of a departure are sold exactly
// once, whichever process each request reaches. PGlite runs one statement at a time inside one
// process, so these races only mean something on PostgreSQL: without TEST_DATABASE_URL they skip.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.js';
import { startTestInbox, type TestInbox } from './test/mail-kit.js';
import { waitFor } from './test/wait-for.js';
import {
  createUser,
  makeClientDir,
  postBooking,
  spawnServer,
  validBooking,
  type ServerProcess,
  type TestUser,
} from './test/fixtures.js';
import { addTestDeparture } from './test/departures.js';
import { dropPostgresSchema, postgresSchemaUrl } from './test/postgres-schema.js';
import { describeNeeding, skipReason, testDatabaseUrl, testRedisUrl } from './test/services.js';
import type { Booking } from '#contracts/api';

const baseUrl = testDatabaseUrl;
const redisUrl = testRedisUrl;

const seatsOf = async (db: Database, departureId: string) =>
  (
    await db.query<{ seats_taken: number; booked: number }>(
      `SELECT d.seats_taken, (SELECT coalesce(sum(travellers), 0)::int FROM bookings b
          WHERE b.departure_id = d.id AND b.status <> 'cancelled') AS booked
       FROM departures d WHERE d.id = $1`,
      [departureId],
    )
  ).rows[0]!;

const newDeparture = (db: Database, capacity: number, seatsTaken = 0) =>
  addTestDeparture(db, {
    packageId: validBooking.packageId,
    capacity,
    seatsTaken,
    fromDay: 60,
    spanDays: 5000,
  });

describeNeeding(skipReason('postgres'))('two server processes on one PostgreSQL', () => {
  let url: string;
  let clientDir: string;
  let db: Database;
  let servers: ServerProcess[] = [];
  let users: TestUser[];

  beforeAll(async () => {
    url = await postgresSchemaUrl(baseUrl!);
    clientDir = makeClientDir();
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir };
    // Both start together: migrations and the departure seed take turns under their locks. The
    // second runs three booking batches at once (BOOKING_BATCH_LANES; the default is one).
    servers = await Promise.all([
      spawnServer(env, 4351),
      spawnServer({ ...env, BOOKING_BATCH_LANES: '3' }, 4352),
    ]);
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
    const departureId = await newDeparture(db, 12, 2);
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

    expect(await seatsOf(db, departureId)).toEqual({ seats_taken: 12, booked: 10 });
  });

  it('parties of different sizes for the last seats never oversell, and every 201 is stored once', async () => {
    const departureId = await newDeparture(db, 25);
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
    const taken = (
      await db.query<{ seats_taken: number }>('SELECT seats_taken FROM departures WHERE id = $1', [
        departureId,
      ])
    ).rows[0]!.seats_taken;
    expect(taken).toBe(seats);
  });
});

describeNeeding(skipReason('postgres'))(
  'three server processes on one PostgreSQL, with a mail server',
  () => {
    let url: string;
    let clientDir: string;
    let db: Database;
    let inbox: TestInbox;
    let servers: ServerProcess[] = [];
    let users: TestUser[];

    beforeAll(async () => {
      url = await postgresSchemaUrl(baseUrl!);
      clientDir = makeClientDir();
      inbox = await startTestInbox();
      const env = {
        DATABASE_URL: url,
        CLIENT_DIR: clientDir,
        SMTP_URL: `smtp://127.0.0.1:${inbox.smtpPort}`,
        MAIL_FROM: 'Wayfarer Tours <bookings@wayfarer-tours.example>',
        // A killed worker's emails go out again after this.
        OUTBOX_LEASE_SECONDS: '5',
      };
      servers = await Promise.all([4361, 4362, 4363].map((port) => spawnServer(env, port)));
      db = await openDatabase({ url });
      users = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser(`trio${i}`)));
    }, 120_000);

    afterAll(async () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db.close();
      await inbox.stop();
      await dropPostgresSchema(url);
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('round robin over three processes: the last 12 seats are sold exactly once', async () => {
      const departureId = await newDeparture(db, 12);
      const statuses = await Promise.all(
        Array.from({ length: 150 }, async (_, i) => {
          const res = await postBooking(servers[i % 3]!.url, users[i % 10]!, {
            ...validBooking,
            departureId,
          });
          await res.body?.cancel();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(12);
      expect(statuses.filter((s) => s === 409)).toHaveLength(138);
      expect(await seatsOf(db, departureId)).toEqual({ seats_taken: 12, booked: 12 });
    });

    it('one Idempotency-Key sent to two processes at once stores one booking', async () => {
      const departureId = await newDeparture(db, 1000);
      for (let round = 0; round < 15; round++) {
        const key = randomUUID();
        const body = { ...validBooking, departureId, travellers: 2 };
        const answers = await Promise.all(
          [0, 1].map(async (p) => {
            const res = await postBooking(servers[(round + p) % 3]!.url, users[round % 10]!, body, {
              'idempotency-key': key,
            });
            return { status: res.status, booking: (await res.json()) as Booking };
          }),
        );
        expect(answers.map((a) => a.status)).toEqual([201, 201]);
        expect(answers[0]!.booking.id).toBe(answers[1]!.booking.id);
      }
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM bookings WHERE departure_id = $1',
        [departureId],
      );
      expect(rows[0]!.n).toBe(15);
      expect(await seatsOf(db, departureId)).toEqual({ seats_taken: 30, booked: 30 });
    });

    it('one process killed with SIGKILL mid-load: every 2xx is stored, every email is delivered, none twice but what was in flight', async () => {
      const departureId = await newDeparture(db, 1_000_000);
      const accepted: Booking[] = [];
      let stop = false;
      const victim = servers[2]!;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const server = servers[(w + i) % 3]!;
          try {
            const res = await postBooking(
              server.url,
              users[w % 10]!,
              {
                ...validBooking,
                departureId,
                name: `Load ${w}-${i}`,
              },
              { 'idempotency-key': randomUUID() },
            );
            if (res.status === 201) accepted.push((await res.json()) as Booking);
            else await res.body?.cancel();
          } catch {
            // the killed process: no answer, so no promise was made
          }
        }
      };
      const load = Promise.all(Array.from({ length: 15 }, (_, w) => worker(w)));
      await waitFor(() => accepted.length >= 100, 30_000, '100 bookings');
      victim.child.kill('SIGKILL');
      await victim.exited;
      await new Promise((r) => setTimeout(r, 1000));
      stop = true;
      await load;

      const ids = accepted.map((b) => b.id);
      const stored = await db.query<{ id: string }>('SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [
        ids,
      ]);
      expect(stored.rows.length).toBe(ids.length);

      // Every "booking received" email reaches the inbox: the dead worker's claims expire and the
      // living processes send them.
      const references = new Set(accepted.map((b) => b.reference));
      // The travellers' "received" emails only: the brand's operations inbox gets its own copy of
      // each request (server/src/mail/templates.ts), with another subject.
      const received = async () =>
        (await inbox.emails()).filter(
          (e) => e.subject.startsWith('Booking ') && [...references].some((r) => e.subject.includes(r)),
        );
      // Waits on the outbox, then reads the inbox once. Asking MailDev for its whole inbox (hundreds of
      // emails) every few milliseconds starved its own SMTP side, which runs in this process: sends
      // slowed past half their 5 s lease, were handed back, and the wait ran out.
      const receivedSent = async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox
             WHERE booking_id = ANY($1::uuid[]) AND kind = 'booking-received' AND status = 'sent'`,
            [ids],
          )
        ).rows[0]!.n;
      await waitFor(async () => (await receivedSent()) === ids.length, 60_000, 'every email sent');
      // MailDev stores a message just after it accepted it: a few slow looks, not a busy loop.
      let emails = await received();
      for (let look = 0; look < 20 && new Set(emails.map((e) => e.subject)).size < references.size; look++) {
        await new Promise((r) => setTimeout(r, 500));
        emails = await received();
      }
      expect(new Set(emails.map((e) => e.subject)).size).toBe(references.size);
      const perReference = new Map<string, number>();
      for (const e of emails) {
        const ref = [...references].find((r) => e.subject.includes(r))!;
        perReference.set(ref, (perReference.get(ref) ?? 0) + 1);
      }
      // At most what the dead worker had in flight (its send concurrency) may arrive twice.
      const twice = [...perReference.values()].filter((n) => n > 1).length;
      expect(twice).toBeLessThanOrEqual(4);
      const sent = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM outbox
         WHERE booking_id = ANY($1::uuid[]) AND kind = 'booking-received' GROUP BY status`,
        [ids],
      );
      expect(sent.rows).toEqual([{ status: 'sent', n: ids.length }]);
    }, 120_000);
  },
);

describeNeeding(skipReason('postgres', 'redis'))('a rate limit shared through Redis by two processes', () => {
  let url: string;
  let clientDir: string;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    url = await postgresSchemaUrl(baseUrl!);
    clientDir = makeClientDir();
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir, REDIS_URL: redisUrl!, BOOKING_RATE_LIMIT: '5' };
    servers = await Promise.all([4371, 4372].map((port) => spawnServer(env, port)));
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("holds one user's limit across the processes, and counts each user apart", async () => {
    const [one, other] = await Promise.all([createUser('limited'), createUser('unlimited')]);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await postBooking(servers[i % 2]!.url, one!, validBooking);
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const fresh = await postBooking(servers[1]!.url, other!, validBooking);
    expect(fresh.status).toBe(201);
  });
});
