// @vitest-environment node
// Retention: RETENTION_DAYS after a departure its travellers' sensitive details are erased (names
// and check-in kept), exactly once, with an audit row by `system`. The clock is moved instead of
// waiting; "exactly once" is shown on PostgreSQL with racing sweeps on separate connections and
// with two real server processes.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { useAdminApp } from '../test/console-kit.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { makeClientDir, spawnServer, storeCases } from '../test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { waitFor } from '../test/wait-for.js';
import { eraseExpiredGuestDetails, startRetentionScheduler } from './retention.js';
import type { Booking } from '#contracts/api';

const details = {
  dateOfBirth: '1985-04-12',
  dietary: 'Vegetarian',
  medical: 'Asthma',
  emergencyName: 'Sam Lovelace',
  emergencyPhone: '+44 20 7946 0000',
};

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

type GuestRow = {
  full_name: string;
  date_of_birth: string | null;
  dietary: string;
  medical: string;
  emergency_name: string;
  emergency_phone: string;
  check_in: string | null;
};

const guestsOf = async (db: Database, bookingId: string) =>
  (
    await db.query<GuestRow>(
      `SELECT full_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, dietary, medical,
         emergency_name, emergency_phone, check_in
       FROM booking_guests WHERE booking_id = $1 ORDER BY position`,
      [bookingId],
    )
  ).rows;

const erasedRows = async (db: Database, bookingId: string) =>
  (
    await db.query<{ actor_type: string; actor: string; to_value: string }>(
      `SELECT actor_type, actor, to_value FROM audit_events WHERE booking_id = $1 AND action = 'guests.erased'`,
      [bookingId],
    )
  ).rows;

describeEach(storeCases())('retention on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  // A booking for two on a departure `daysAhead` from today, details filled, the first checked in.
  const tripWithDetails = async (daysAhead: number) => {
    const departureId = await ctx.addDeparture({ daysAhead });
    const booking = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    const res = await ctx.call(ctx.traveller, 'PUT', `/api/bookings/${booking.id}/guests`, {
      guests: [
        { fullName: 'Ada Lovelace', ...details },
        { fullName: 'Charles Babbage', ...details },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/guests/0/check-in`, {
      state: 'present',
    });
    const startsOn = addDays(todayIso('UTC'), daysAhead);
    return { booking: res.json() as Booking, departureId, startsOn };
  };

  it('erases nothing before RETENTION_DAYS after the departure, everything sensitive on the day', async () => {
    const { booking, startsOn } = await tripWithDetails(3000);
    // One day early: kept.
    await eraseExpiredGuestDetails(ctx.db, { retentionDays: 30, now: at(addDays(startsOn, 29)) });
    expect((await guestsOf(ctx.db, booking.id))[0]).toMatchObject({
      date_of_birth: '1985-04-12',
      medical: 'Asthma',
    });
    expect(await erasedRows(ctx.db, booking.id)).toEqual([]);

    const result = await eraseExpiredGuestDetails(ctx.db, {
      retentionDays: 30,
      now: at(addDays(startsOn, 30)),
    });
    expect(result.bookings).toBeGreaterThanOrEqual(1);
    const blank = { date_of_birth: null, dietary: '', medical: '', emergency_name: '', emergency_phone: '' };
    // Names and check-in are kept: who travelled.
    expect(await guestsOf(ctx.db, booking.id)).toEqual([
      { full_name: 'Ada Lovelace', ...blank, check_in: 'present' },
      { full_name: 'Charles Babbage', ...blank, check_in: null },
    ]);
    expect(await erasedRows(ctx.db, booking.id)).toEqual([
      {
        actor_type: 'system',
        actor: 'system',
        to_value: 'date of birth, dietary needs, medical notes, emergency contact and sensitive answers erased after 30 days',
      },
    ]);
    // The operator's history shows it; the traveller's booking reads as incomplete now.
    const events = (await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${booking.id}/events`)).json();
    expect(events.events.at(-1)).toMatchObject({
      actor: 'system',
      actorType: 'system',
      action: 'guests.erased',
    });
    const mine = (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
    expect(mine.guests.map((g) => g.fullName)).toEqual(['Ada Lovelace', 'Charles Babbage']);
    expect(mine.detailsComplete).toBe(false);
  });

  it('erases a departure once: later sweeps write nothing, even for details written since', async () => {
    const { booking, departureId, startsOn } = await tripWithDetails(3100);
    const later = at(addDays(startsOn, 45));
    await eraseExpiredGuestDetails(ctx.db, { retentionDays: 30, now: later });
    const again = await eraseExpiredGuestDetails(ctx.db, { retentionDays: 30, now: later });
    expect(again).toEqual({ departures: 0, bookings: 0 });
    expect(await erasedRows(ctx.db, booking.id)).toHaveLength(1);
    const { rows } = await ctx.db.query<{ erased: boolean }>(
      'SELECT guests_erased_at IS NOT NULL AS erased FROM departures WHERE id = $1',
      [departureId],
    );
    expect(rows[0]!.erased).toBe(true);
  });

  it('honours RETENTION_DAYS as configured, and leaves other departures alone', async () => {
    const early = await tripWithDetails(3200);
    const late = await tripWithDetails(3210);
    await eraseExpiredGuestDetails(ctx.db, { retentionDays: 7, now: at(addDays(early.startsOn, 7)) });
    expect((await guestsOf(ctx.db, early.booking.id))[0]!.date_of_birth).toBeNull();
    expect((await guestsOf(ctx.db, late.booking.id))[0]!.date_of_birth).toBe('1985-04-12');
  });

  it('the scheduler sweeps at start and on every tick, by its own clock', async () => {
    const { booking, startsOn } = await tripWithDetails(3300);
    let now = at(addDays(startsOn, 10));
    const scheduler = startRetentionScheduler({
      db: ctx.db,
      retentionDays: 30,
      intervalMs: 50,
      now: () => now,
    });
    try {
      await scheduler.runNow();
      expect((await guestsOf(ctx.db, booking.id))[0]!.medical).toBe('Asthma');
      now = at(addDays(startsOn, 31));
      await waitFor(async () => (await guestsOf(ctx.db, booking.id))[0]!.medical === '', 10_000);
      expect(await erasedRows(ctx.db, booking.id)).toHaveLength(1);
    } finally {
      await scheduler.stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('retention with several processes on PostgreSQL', () => {
  let url: string;
  let setup: Database;
  beforeAll(async () => {
    url = await postgresSchemaUrl(process.env.TEST_DATABASE_URL!);
    setup = await openDatabase({ url });
    await migrate(setup);
  }, 60_000);
  afterAll(async () => {
    await setup?.close();
    if (url) await dropPostgresSchema(url);
  });

  // One package has one departure a day: every past trip gets a day of its own.
  let daysBack = 35;
  // `n` past departures, `RETENTION_DAYS` + 5 ago, each with a booking of two travellers with details.
  const pastTrips = async (n: number) => {
    const bookings: string[] = [];
    for (let i = 0; i < n; i++) {
      const departureId = randomUUID();
      const bookingId = randomUUID();
      await setup.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, 'swiss-alpine-lakes', $2, 12, 2)`,
        [departureId, addDays(todayIso('UTC'), -daysBack++)],
      );
      await setup.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email, address,
           phone, departure_id, travellers, total_cents, status)
         VALUES ($1, $2, 'u1', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 100, 'Ada', 'a@example.com', 'x', '123456', $3, 2, 200, 'confirmed')`,
        [bookingId, `WT-R${randomUUID().slice(0, 7).toUpperCase()}`, departureId],
      );
      await setup.query(
        `INSERT INTO booking_guests (booking_id, position, full_name, date_of_birth, dietary, medical, emergency_name, emergency_phone)
         VALUES ($1, 0, 'Ada', '1985-04-12', 'Vegan', 'Asthma', 'Sam', '123456'), ($1, 1, 'Bob', '1980-01-01', '', 'Diabetic', 'Sue', '654321')`,
        [bookingId],
      );
      bookings.push(bookingId);
    }
    return bookings;
  };

  const erasures = async (ids: string[]) =>
    (
      await setup.query<{ booking_id: string; n: number }>(
        `SELECT booking_id, count(*)::int AS n FROM audit_events
         WHERE action = 'guests.erased' AND booking_id = ANY($1::uuid[]) GROUP BY booking_id`,
        [ids],
      )
    ).rows;

  it('racing sweeps on separate connections erase each departure exactly once', async () => {
    const ids = await pastTrips(120);
    const pools = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url, poolSize: 2 })));
    try {
      const results = await Promise.all(
        pools.flatMap((db) => [1, 2].map(() => eraseExpiredGuestDetails(db, { retentionDays: 30 }))),
      );
      expect(results.reduce((n, r) => n + r.bookings, 0)).toBe(120);
      const counts = await erasures(ids);
      expect(counts).toHaveLength(120);
      expect(counts.every((c) => c.n === 1)).toBe(true);
      const { rows } = await setup.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM booking_guests WHERE booking_id = ANY($1::uuid[])
         AND (date_of_birth IS NOT NULL OR medical <> '' OR emergency_phone <> '')`,
        [ids],
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  }, 60_000);

  it('two server processes started together erase each departure exactly once', async () => {
    const ids = await pastTrips(30);
    const clientDir = makeClientDir();
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir, RETENTION_DAYS: '30' };
    const servers = await Promise.all([spawnServer(env, 4461), spawnServer(env, 4462)]);
    try {
      await waitFor(async () => (await erasures(ids)).length === ids.length, 20_000);
      // Each process sweeps once at start: give the slower one time to finish its sweep.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const counts = await erasures(ids);
      expect(counts.every((c) => c.n === 1)).toBe(true);
      const { rows } = await setup.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events WHERE action = 'guests.erased' AND booking_id = ANY($1::uuid[])`,
        [ids],
      );
      expect(rows[0]!.n).toBe(ids.length);
    } finally {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      rmSync(clientDir, { recursive: true, force: true });
    }
  }, 90_000);
});
