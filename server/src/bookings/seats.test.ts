// @vitest-environment node
// Departures and seats through the API: the schedule, the spec's default booking, parties, every
// refusal (400 per field, 409 with the seats left), cancellations and the cutoff, the audit rows
// and emails written with each change. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import type { Database } from '../db/database.js';
import { addDays, daysBetween, todayIso } from '#contracts/iso-dates';
import { addTestDeparture } from '../test/departures.js';
import {
  buildTestApp,
  createUser,
  injectBooking,
  makeClientDir,
  storeCases,
  validBooking as valid,
  type TestUser,
} from '../test/fixtures.js';
import type { Booking, Departure } from '#contracts/api';

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });
const today = todayIso('UTC');

describeEach(storeCases())('departures and seats on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let alice: TestUser;
  let bob: TestUser;

  const departuresOf = async (packageId: string) => {
    const res = await app.inject({ url: `/api/packages/${packageId}/departures` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { departures: Departure[] }).departures;
  };
  const departure = async (id: string) =>
    (
      await db.query<{ seats_taken: number; capacity: number }>(
        'SELECT seats_taken, capacity FROM departures WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  // A departure of our own (server/src/test/departures.ts); without a date, a random one far ahead.
  const addDeparture = (
    options: { packageId?: string; startsOn?: string; capacity?: number; status?: 'open' | 'closed' } = {},
  ): Promise<string> =>
    addTestDeparture(db, { ...options, packageId: options.packageId ?? valid.packageId, spanDays: 3000 });
  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const cancel = (user: TestUser | null, id: string) =>
    app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: user ? bearer(user) : {},
    });

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({ clientDir, db });
    [alice, bob] = await Promise.all([createUser('alice'), createUser('bob')]);
  });

  afterAll(async () => {
    await app.close();
    await db.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  });

  describe('the schedule', () => {
    it('is seeded for every package: 6+ departures in the next 12 months, the first 21+ days ahead, 12 seats', async () => {
      for (const packageId of ['swiss-alpine-lakes', 'santorini-sunset-sail', 'kyoto-temples-and-tea']) {
        const list = await departuresOf(packageId);
        const withinYear = list.filter((d) => daysBetween(today, d.startsOn) <= 365);
        expect(withinYear.length).toBeGreaterThanOrEqual(6);
        expect(daysBetween(today, list[0]!.startsOn)).toBeGreaterThanOrEqual(21);
        expect(list.every((d) => d.packageId === packageId && d.status === 'open')).toBe(true);
        expect(list.map((d) => d.startsOn)).toEqual([...list.map((d) => d.startsOn)].sort());
      }
      const seeded = await count(
        "SELECT count(*)::int AS n FROM audit_events WHERE action = 'departure.seeded' AND actor_type = 'system'",
      );
      expect(seeded).toBeGreaterThan(0);
    });

    it('lists future departures only, closed ones included, and 404 for an unknown package', async () => {
      const past = await addDeparture({ startsOn: addDays(today, -3) });
      const closed = await addDeparture({ status: 'closed' });
      const ids = (await departuresOf(valid.packageId)).map((d) => d.id);
      expect(ids).not.toContain(past);
      expect(ids).toContain(closed);
      const res = await app.inject({ url: '/api/packages/atlantis/departures' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No such package.');
    });
  });

  describe('booking a departure', () => {
    it("the spec's form (no departure, no party) books 1 traveller on the earliest open departure", async () => {
      const packageId = 'kyoto-temples-and-tea';
      const [earliest] = await departuresOf(packageId);
      const res = await injectBooking(app, alice, { ...valid, packageId });
      expect(res.statusCode).toBe(201);
      const booking = res.json() as Booking;
      expect(booking).toMatchObject({
        packageId,
        departureId: earliest!.id,
        startsOn: earliest!.startsOn,
        travellers: 1,
        status: 'requested',
      });
      expect(booking.total).toBe(booking.price);
      expect((await departuresOf(packageId))[0]!.seatsLeft).toBe(earliest!.seatsLeft - 1);
    });

    it('books a party on the chosen departure: total = price x travellers, seats taken', async () => {
      const id = await addDeparture();
      const res = await injectBooking(app, alice, { ...valid, departureId: id, travellers: 3 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ departureId: id, travellers: 3, price: 2450, total: 7350 });
      expect(await departure(id)).toEqual({ seats_taken: 3, capacity: 12 });
      const seatsLeft = (await departuresOf(valid.packageId)).find((d) => d.id === id)!.seatsLeft;
      expect(seatsLeft).toBe(9);
    });

    it('writes the audit row and the "received" email with the booking', async () => {
      const booking = (await injectBooking(app, bob, { ...valid, travellers: 2 })).json() as Booking;
      const audit = await db.query<{ actor: string; actor_type: string; action: string; to_value: string }>(
        'SELECT actor, actor_type, action, to_value FROM audit_events WHERE booking_id = $1',
        [booking.id],
      );
      expect(audit.rows).toEqual([
        { actor: bob.email, actor_type: 'traveller', action: 'booking.created', to_value: 'requested' },
      ]);
      const mail = await db.query<{
        kind: string;
        recipient: string;
        payload: { reference: string; travellers: number };
      }>('SELECT kind, recipient, payload FROM outbox WHERE booking_id = $1', [booking.id]);
      expect(mail.rows).toHaveLength(1);
      // To the account that booked, not to the Email typed in the form (docs/decisions/010-open-internet.md).
      expect(valid.email).not.toBe(bob.email);
      expect(mail.rows[0]).toMatchObject({ kind: 'booking-received', recipient: bob.email });
      expect(mail.rows[0]!.payload).toMatchObject({ reference: booking.reference, travellers: 2 });
    });

    it.each([
      [{ travellers: 0 }, 'travellers', 'At least 1 traveller.'],
      [{ travellers: 13 }, 'travellers', 'At most 12 travellers a booking.'],
      [{ travellers: 2.5 }, 'travellers', 'Travellers must be a whole number from 1 to 12.'],
      [{ travellers: '3' }, 'travellers', 'Travellers must be a whole number from 1 to 12.'],
      [{ departureId: 'tomorrow' }, 'departureId', 'This departure does not exist.'],
      [{ departureId: randomUUID() }, 'departureId', 'This departure does not exist.'],
    ])('400 for %j, nothing stored', async (change, field, message) => {
      const before = await count('SELECT count(*)::int AS n FROM bookings');
      const res = await injectBooking(app, alice, { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
      expect(await count('SELECT count(*)::int AS n FROM bookings')).toBe(before);
    });

    it('400 for a departure of another package', async () => {
      const id = await addDeparture({ packageId: 'santorini-sunset-sail' });
      const res = await injectBooking(app, alice, { ...valid, departureId: id });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.departureId).toBe('This departure belongs to another package.');
      expect((await departure(id)).seats_taken).toBe(0);
    });

    it('409 with the seats left when the party does not fit; the seats stay as they were', async () => {
      const id = await addDeparture({ capacity: 4 });
      expect((await injectBooking(app, alice, { ...valid, departureId: id, travellers: 3 })).statusCode).toBe(
        201,
      );
      const res = await injectBooking(app, bob, { ...valid, departureId: id, travellers: 2 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message:
          'Only 1 seat is left on this departure, not 2. Please choose fewer travellers or another date.',
        seatsLeft: 1,
      });
      expect(await departure(id)).toEqual({ seats_taken: 3, capacity: 4 });
      expect((await injectBooking(app, bob, { ...valid, departureId: id, travellers: 1 })).statusCode).toBe(
        201,
      );
      const soldOut = await injectBooking(app, bob, { ...valid, departureId: id });
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json()).toEqual({
        message: 'This departure is sold out. Please choose another date.',
        seatsLeft: 0,
      });
    });

    it('409 for a closed departure and for one that has left', async () => {
      const closed = await addDeparture({ status: 'closed' });
      const res = await injectBooking(app, alice, { ...valid, departureId: closed });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'This departure is closed for booking. Please choose another date.',
        seatsLeft: 0,
      });
      const past = await addDeparture({ startsOn: today });
      const late = await injectBooking(app, alice, { ...valid, departureId: past });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('This departure has already left. Please choose another date.');
      expect((await departure(past)).seats_taken).toBe(0);
    });

    it('without a choice, skips departures that are full for the party', async () => {
      const packageId = 'tromso-northern-lights';
      const list = await departuresOf(packageId);
      // Fill the earliest one.
      const first = list[0]!;
      expect(
        (
          await injectBooking(app, alice, {
            ...valid,
            packageId,
            departureId: first.id,
            travellers: first.seatsLeft,
          })
        ).statusCode,
      ).toBe(201);
      const res = await injectBooking(app, bob, { ...valid, packageId, travellers: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.json().departureId).toBe(list[1]!.id);
    });

    it('a retried submit takes its seats once', async () => {
      const id = await addDeparture();
      const key = randomUUID();
      const body = { ...valid, departureId: id, travellers: 4 };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => injectBooking(app, alice, body, { 'idempotency-key': key })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      expect((await departure(id)).seats_taken).toBe(4);
      const other = await injectBooking(app, alice, { ...body, travellers: 5 }, { 'idempotency-key': key });
      expect(other.statusCode).toBe(422);
      expect((await departure(id)).seats_taken).toBe(4);
    });

    it('a retry answers its booking even once the departure has sold out', async () => {
      const id = await addDeparture({ capacity: 3 });
      const key = randomUUID();
      const body = { ...valid, departureId: id, travellers: 2 };
      const first = await injectBooking(app, alice, body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect((await injectBooking(app, bob, { ...valid, departureId: id })).statusCode).toBe(201);
      const retry = await injectBooking(app, alice, body, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json().id).toBe(first.json().id);
      const changed = await injectBooking(app, alice, { ...body, travellers: 1 }, { 'idempotency-key': key });
      expect(changed.statusCode).toBe(422);
      expect((await departure(id)).seats_taken).toBe(3);
    });

    it('parallel bookings never take more seats than there are', async () => {
      const id = await addDeparture({ capacity: 10 });
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          injectBooking(app, i % 2 ? alice : bob, { ...valid, departureId: id, travellers: 1 + (i % 3) }),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 201);
      expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const sold = ok.reduce((n, r) => n + (r.json() as Booking).travellers, 0);
      // Parties of 1, 2 and 3 keep coming after the departure is nearly full: every seat is sold,
      // none twice.
      expect(sold).toBe(10);
      expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().seatsLeft < 3)).toBe(true);
      expect((await departure(id)).seats_taken).toBe(sold);
    });
  });

  describe('cancelling', () => {
    it('the owner cancels: 200 cancelled, seats back, audit row and email; repeating answers the same', async () => {
      const id = await addDeparture();
      const booking = (
        await injectBooking(app, alice, { ...valid, departureId: id, travellers: 5 })
      ).json() as Booking;
      expect((await departure(id)).seats_taken).toBe(5);

      const res = await cancel(alice, booking.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: booking.id, status: 'cancelled', travellers: 5 });
      expect((await departure(id)).seats_taken).toBe(0);

      const again = await cancel(alice, booking.id);
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('cancelled');
      expect((await departure(id)).seats_taken).toBe(0);

      const audit = await db.query<{ action: string; from_value: string; to_value: string; actor: string }>(
        `SELECT action, from_value, to_value, actor FROM audit_events WHERE booking_id = $1 ORDER BY id`,
        [booking.id],
      );
      expect(audit.rows.map((r) => r.action)).toEqual(['booking.created', 'booking.cancelled']);
      expect(audit.rows[1]).toMatchObject({
        from_value: 'requested',
        to_value: 'cancelled',
        actor: alice.email,
      });
      const mails = await db.query<{ kind: string; payload: { status: string; cancelledBy: string } }>(
        'SELECT kind, payload FROM outbox WHERE booking_id = $1 ORDER BY created_at',
        [booking.id],
      );
      expect(mails.rows.map((m) => m.kind)).toEqual(['booking-received', 'booking-cancelled']);
      expect(mails.rows[1]!.payload).toMatchObject({ status: 'cancelled', cancelledBy: 'traveller' });

      const mine = (await app.inject({ url: `/api/bookings/${booking.id}`, headers: bearer(alice) })).json();
      expect(mine.status).toBe('cancelled');
    });

    it("someone else's booking, an unknown id or no token: 404, 404, 401, and nothing changes", async () => {
      const id = await addDeparture();
      const booking = (await injectBooking(app, alice, { ...valid, departureId: id })).json() as Booking;
      expect((await cancel(bob, booking.id)).statusCode).toBe(404);
      expect((await cancel(bob, randomUUID())).statusCode).toBe(404);
      expect((await cancel(bob, 'not-an-id')).statusCode).toBe(404);
      expect((await cancel(null, booking.id)).statusCode).toBe(401);
      expect((await departure(id)).seats_taken).toBe(1);
    });

    it('409 within the cutoff, with how to reach the brand; seats kept', async () => {
      const soon = await addDeparture({ startsOn: addDays(today, 10) });
      const booking = (
        await injectBooking(app, alice, { ...valid, departureId: soon, travellers: 2 })
      ).json() as Booking;
      const res = await cancel(alice, booking.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Online cancellation closes 14 days before departure. To cancel this booking, please call us on +1 (415) 555-0142 or email hello@wayfarer-tours.example.',
      );
      expect((await departure(soon)).seats_taken).toBe(2);
      // Exactly 14 days ahead is still allowed.
      const edge = await addDeparture({ startsOn: addDays(today, 14) });
      const ok = (await injectBooking(app, alice, { ...valid, departureId: edge })).json() as Booking;
      expect((await cancel(alice, ok.id)).statusCode).toBe(200);
    });
  });
});

// Every migration runs on a fresh PGlite here: slow on a busy machine.
describe('a booking stored before departures existed', { timeout: 60_000 }, () => {
  it('is kept by the migration and still listed, with no date ("date to be agreed")', async () => {
    const [store] = storeCases();
    const db = await store!.reopen();
    const { migrate, migrations } = await import('../db/migrations.js');
    await migrate(db, 1);
    const user = await createUser('old-timer');
    const id = randomUUID();
    await db.query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email, address, phone, created_at)
       VALUES ($1, 'WT-OLD00001', $2, 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 245000, 'Old Timer', 'old@example.com', '1 Old Road', '123456', '2026-01-02T03:04:05Z')`,
      [id, user.uid],
    );
    expect(await migrate(db)).toEqual(migrations.map((m) => m.version).filter((v) => v > 1));
    const clientDir = makeClientDir();
    const app = await buildTestApp({ clientDir, db });
    const res = await app.inject({ url: '/api/bookings', headers: bearer(user) });
    expect(res.json().bookings).toEqual([
      {
        id,
        reference: 'WT-OLD00001',
        packageId: 'swiss-alpine-lakes',
        packageName: 'Swiss Alpine Lakes',
        departureId: null,
        startsOn: null,
        travellers: 1,
        price: 2450,
        total: 2450,
        status: 'requested',
        name: 'Old Timer',
        email: 'old@example.com',
        address: '1 Old Road',
        phone: '123456',
        createdAt: '2026-01-02T03:04:05.000Z',
        meetingPoint: null,
        meetingTime: null,
        // Migration 4: one guest per traveller, the first with the booking's name.
        guests: [
          {
            fullName: 'Old Timer',
            dateOfBirth: null,
            dietary: '',
            medical: '',
            emergencyName: '',
            emergencyPhone: '',
          },
        ],
        detailsComplete: false,
        travellersComplete: 0,
        moveOffer: null,
        // Migration 63: made on the English site.
        language: 'en',
        // Made before payments (docs/decisions/069-bookings-before-payments.md): no deposit and no
        // deadline, the whole total owed by the balance date (none without a departure date).
        payment: expect.objectContaining({
          totalCents: 245_000,
          depositCents: 0,
          depositDueAt: null,
          balanceDueOn: null,
          paidCents: 0,
          state: 'balance-due',
          entries: [],
        }),
      },
    ]);
    // No date, so no cutoff: it can still be cancelled online.
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: bearer(user),
    });
    expect(cancelled.json().status).toBe('cancelled');
    await app.close();
    await db.close();
    await store!.cleanup();
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);
});
