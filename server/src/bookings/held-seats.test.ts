// @vitest-environment node
// MAX_HELD_SEATS_PER_USER: one account's seats in bookings awaiting confirmation are capped, in
// the database transaction, so parallel requests through two server processes cannot pass the
// cap together. And the emails about a booking go to the account's address, never to the Email
// typed in the form. PGlite and PostgreSQL in process; the race with two real processes on
// PostgreSQL only (PGlite runs one statement at a time in one process: no race to lose there).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEach, describeNeeding, missing, testDatabaseUrl } from '../test/services.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import {
  buildTestApp,
  createOperator,
  createUser,
  injectBooking,
  makeClientDir,
  postBooking,
  spawnServer,
  storeCases,
  validBooking,
  type ServerProcess,
  type TestUser,
} from '../test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { addTestDeparture } from '../test/departures.js';
import { checkHeldSeats, lockHeldSeats } from './held-seats.js';
import type { Booking } from '#contracts/api';

const max = 24;
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

const newDeparture = (db: Database, capacity = 1000) =>
  addTestDeparture(db, { packageId: validBooking.packageId, capacity, fromDay: 60, spanDays: 5000 });

const heldInDatabase = async (db: Database, userId: string) =>
  (
    await db.query<{ n: number }>(
      "SELECT coalesce(sum(travellers), 0)::int AS n FROM bookings WHERE user_id = $1 AND status = 'requested'",
      [userId],
    )
  ).rows[0]!.n;

describeEach(storeCases())('seats held per user on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let operator: TestUser;

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({ clientDir, db, bookings: { maxHeldSeatsPerUser: max } });
    operator = await createOperator('held-seats-operator');
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it(`holds at most ${max} seats awaiting confirmation: the next booking is a 409 that says how many`, async () => {
    const user = await createUser('hoarder');
    const departureId = await newDeparture(db);
    for (const travellers of [12, 12]) {
      const res = await injectBooking(app, user, { ...validBooking, departureId, travellers });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await injectBooking(app, user, { ...validBooking, departureId, travellers: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ heldSeats: 24 });
    expect(refused.json().message).toMatch(/You already hold 24 seats .* limit of 24/);
    expect(await heldInDatabase(db, user.uid)).toBe(24);
    // Another account is not affected.
    const other = await createUser('not-a-hoarder');
    expect(
      (await injectBooking(app, other, { ...validBooking, departureId, travellers: 12 })).statusCode,
    ).toBe(201);
  });

  it('confirmed seats do not count, and a cancellation gives room back', async () => {
    const user = await createUser('regular');
    const departureId = await newDeparture(db);
    const a = (
      await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 })
    ).json() as Booking;
    const b = (
      await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 })
    ).json() as Booking;
    expect((await injectBooking(app, user, { ...validBooking, departureId, travellers: 2 })).statusCode).toBe(
      409,
    );

    const confirm = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${a.id}/confirm`,
      headers: bearer(operator),
    });
    expect(confirm.statusCode).toBe(200);
    expect(
      (await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 })).statusCode,
    ).toBe(201);
    expect((await injectBooking(app, user, { ...validBooking, departureId, travellers: 1 })).statusCode).toBe(
      409,
    );

    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/cancel`,
      headers: bearer(user),
    });
    expect(cancel.statusCode).toBe(200);
    expect(
      (await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 })).statusCode,
    ).toBe(201);
    expect(await heldInDatabase(db, user.uid)).toBe(24);
  });

  it('a retry of a stored booking (same Idempotency-Key) is still answered when the user is at the cap', async () => {
    const user = await createUser('retrier');
    const departureId = await newDeparture(db);
    const key = { 'idempotency-key': randomUUID() };
    const first = await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 }, key);
    await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 });
    const retry = await injectBooking(app, user, { ...validBooking, departureId, travellers: 12 }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
  });

  it('checkHeldSeats, for changes and waiting-list acceptances: counts, locks and compares in the caller transaction', async () => {
    const user = await createUser('changer');
    const departureId = await newDeparture(db);
    await injectBooking(app, user, { ...validBooking, departureId, travellers: 10 });
    const outcome = await db.transaction(async (tx) => ({
      fits: await checkHeldSeats(tx, { userId: user.uid, adding: 14, max }),
      over: await checkHeldSeats(tx, { userId: user.uid, adding: 15, max }),
      shrinking: await checkHeldSeats(tx, { userId: user.uid, adding: -3, max: 5 }),
    }));
    expect(outcome.fits).toEqual({ ok: true, held: 10 });
    expect(outcome.over).toMatchObject({ ok: false, held: 10 });
    expect(outcome.shrinking).toEqual({ ok: true, held: 10 });
  });

  it('emails go to the account that booked, not to the Email typed in the form (which staff still see)', async () => {
    const user = await createUser('mailer');
    const stranger = `stranger-${randomUUID().slice(0, 8)}@example.com`;
    const booking = (
      await injectBooking(app, user, { ...validBooking, email: stranger, name: 'Someone Else' })
    ).json() as Booking;
    expect(booking.email).toBe(stranger);
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/confirm`,
      headers: bearer(operator),
    });
    expect(confirm.json().email).toBe(stranger);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      headers: bearer(user),
    });
    expect(cancel.statusCode).toBe(200);
    const { rows } = await db.query<{ kind: string; recipient: string }>(
      'SELECT kind, recipient FROM outbox WHERE booking_id = $1 ORDER BY created_at',
      [booking.id],
    );
    expect(rows).toEqual([
      { kind: 'booking-received', recipient: user.email },
      { kind: 'booking-confirmed', recipient: user.email },
      { kind: 'booking-cancelled', recipient: user.email },
    ]);
    const manifest = await app.inject({
      url: `/api/admin/departures/${booking.departureId}/manifest`,
      headers: bearer(operator),
    });
    const line = (manifest.json() as { bookings: Booking[] }).bookings.find((b) => b.id === booking.id);
    // Cancelled bookings leave the manifest; the console's record keeps the contact.
    expect(line).toBeUndefined();
    const record = await app.inject({ url: `/api/admin/bookings/${booking.id}`, headers: bearer(operator) });
    expect(record.json().email).toBe(stranger);
  });
});

describe('migration 3 on a database an older release left', () => {
  it('keeps every booking, and their emails keep going to the address typed then', async () => {
    const db = await openDatabase({});
    await migrate(db, 2);
    const user = await createUser('before-v3');
    const id = randomUUID();
    await db.query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, total_cents, name, email, address, phone)
       VALUES ($1, 'WT-OLD00003', $2, 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 245000, 245000, 'Old Timer', 'typed@example.com', '1 Old Road', '123456')`,
      [id, user.uid],
    );
    // Version 3, then every later one (each keeps what is stored).
    expect((await migrate(db))[0]).toBe(3);
    const { rows } = await db.query(
      'SELECT email, account_email, name, travellers, status FROM bookings WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({
      email: 'typed@example.com',
      account_email: 'typed@example.com',
      name: 'Old Timer',
      travellers: 1,
      status: 'requested',
    });
    const clientDir = makeClientDir();
    const app = await buildTestApp({ clientDir, db });
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: bearer(user),
    });
    expect(cancel.statusCode).toBe(200);
    const mail = await db.query('SELECT recipient FROM outbox WHERE booking_id = $1', [id]);
    expect(mail.rows).toEqual([{ recipient: 'typed@example.com' }]);
    await app.close();
    await db.close();
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);
});

const baseUrl = testDatabaseUrl;

describeNeeding(missing.postgres)(
  'one user past MAX_HELD_SEATS_PER_USER through two server processes on PostgreSQL',
  () => {
    let url: string;
    let clientDir: string;
    let db: Database;
    let servers: ServerProcess[] = [];

    beforeAll(async () => {
      url = await postgresSchemaUrl(baseUrl!);
      clientDir = makeClientDir();
      const env = { DATABASE_URL: url, CLIENT_DIR: clientDir, MAX_HELD_SEATS_PER_USER: String(max) };
      servers = await Promise.all([spawnServer(env, 4361), spawnServer(env, 4362)]);
      db = await openDatabase({ url });
    }, 120_000);

    afterAll(async () => {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db?.close();
      await dropPostgresSchema(url);
      rmSync(clientDir, { recursive: true, force: true });
    });

    it('60 parallel bookings of 3 from one account, alternating processes: exactly 8 accepted (24 seats), the rest 409', async () => {
      const user = await createUser('two-process-hoarder');
      const departureIds = [await newDeparture(db), await newDeparture(db), await newDeparture(db)];
      // Both processes verify the token first: the race below is about seats, not sign-in (the
      // emulator can be slow on a loaded machine).
      for (const server of servers) {
        const res = await fetch(`${server.url}/api/bookings`, { headers: bearer(user) });
        expect(res.status).toBe(200);
      }
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all(
          Array.from({ length: 60 }, async (_, i) => {
            const res = await postBooking(servers[i % 2]!.url, user, {
              ...validBooking,
              departureId: departureIds[i % 3],
              travellers: 3,
            });
            return { status: res.status, body: (await res.json()) as { heldSeats?: number } };
          }),
        );
        const statuses = results.map((r) => r.status);
        const other = results.filter((r) => r.status !== 201 && r.status !== 409);
        expect(other, JSON.stringify(other.slice(0, 3))).toEqual([]);
        // The first round fills the cap; later rounds find it full.
        expect(statuses.filter((s) => s === 201)).toHaveLength(round === 0 ? 8 : 0);
        expect(statuses.filter((s) => s === 409)).toHaveLength(round === 0 ? 52 : 60);
        expect(results.filter((r) => r.status === 409).every((r) => r.body.heldSeats! >= 22)).toBe(true);
        expect(await heldInDatabase(db, user.uid)).toBe(24);
      }
    }, 60_000);
  },
);

// The count must be read after the lock is granted (lock_held_seats, migration 8): read in the
// snapshot of the statement that waited, it would miss what the transaction holding the lock
// committed, and one user could pass the limit through two processes. Deterministic here: one
// transaction holds the lock with 23 seats added, and the other must wait for it, then count them.
describeNeeding(missing.postgres)(
  'the held-seat count is read after its lock is granted, on PostgreSQL',
  () => {
    let url: string;
    let db: Database;
    let app: FastifyInstance;
    let clientDir: string;

    beforeAll(async () => {
      url = await postgresSchemaUrl(baseUrl!);
      db = await openDatabase({ url });
      await migrate(db);
      clientDir = makeClientDir();
      app = await buildTestApp({ clientDir, db, bookings: { maxHeldSeatsPerUser: max } });
    }, 60_000);
    afterAll(async () => {
      await app.close();
      await db.close();
      await dropPostgresSchema(url);
      rmSync(clientDir, { recursive: true, force: true });
    });

    // Runs `waiter` while another transaction holds `userId`'s lock having added 23 held seats;
    // lets that transaction commit only once `waiter` is queued on the lock.
    async function whileAnotherHolds<T>(userId: string, departureId: string, waiter: () => Promise<T>) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const other = db.transaction(async (tx) => {
        await lockHeldSeats(tx, [userId]);
        // 12 + 11: a booking is for at most 12 travellers.
        for (const travellers of [12, 11]) {
          const id = randomUUID();
          await tx.query(
            `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
             address, phone, departure_id, travellers, total_cents, status)
           VALUES ($1, $2, $3, $4, 'Held', 1000, 'Ada', 'ada@example.com', '1 Road', '123456', $5, $6, $6 * 1000, 'requested')`,
            [
              id,
              `WT-${id.slice(0, 8).toUpperCase()}`,
              userId,
              validBooking.packageId,
              departureId,
              travellers,
            ],
          );
        }
        holding();
        await gate;
      });
      await held;
      const waiting = waiter();
      // Commit only once the waiter is queued on the advisory lock.
      for (let i = 0; ; i++) {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        if (rows[0]!.n > 0) break;
        if (i > 200) throw new Error('the waiter never queued on the lock');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      release();
      await other;
      return waiting;
    }

    it('a booking queued behind another transaction of the same user counts the seats it committed: 23 + 3 > 24 is a 409', async () => {
      const user = await createUser('queued-hoarder');
      const departureId = await newDeparture(db);
      // The token is verified first, so the request is queued on the lock, not on sign-in.
      expect((await app.inject({ url: '/api/bookings', headers: bearer(user) })).statusCode).toBe(200);
      const res = await whileAnotherHolds(user.uid, departureId, () =>
        injectBooking(app, user, { ...validBooking, departureId, travellers: 3 }),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ heldSeats: 23 });
    });

    it('lockHeldSeats (changes, waiting-list acceptances) queued the same way counts them too', async () => {
      const user = await createUser('queued-changer');
      const departureId = await newDeparture(db);
      const held = await whileAnotherHolds(user.uid, departureId, () =>
        db.transaction((tx) => lockHeldSeats(tx, [user.uid])),
      );
      expect(held.get(user.uid)).toBe(23);
    });
  },
);
