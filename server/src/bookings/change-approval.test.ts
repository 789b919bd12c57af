// @vitest-environment node
// A traveller's larger party or new date on a confirmed booking is approved again by the brand
// (docs/decisions/024-confirmed-changes-need-approval.md): the booking goes back to `requested`,
// its seats count as held, and MAX_HELD_SEATS_PER_USER applies.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { Database } from '../db/database.js';
import { describeEach } from '../test/services.js';
import {
  buildTestApp,
  createOperator,
  createUser,
  injectBooking,
  makeClientDir,
  storeCases,
  validBooking as valid,
  type TestUser,
} from '../test/fixtures.js';
import type { Booking } from '#contracts/api';

describeEach(storeCases())('changing a confirmed booking on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let alice: TestUser;
  let operator: TestUser;
  let dayOffset = 400 + Math.floor(Math.random() * 600);

  const post = (user: TestUser, url: string, body?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${user.idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const addDeparture = async (capacity = 20) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, status) VALUES ($1, $2, $3, $4, 'open')`,
      [id, valid.packageId, addDays(todayIso('UTC'), dayOffset++), capacity],
    );
    return id;
  };
  const confirmedBooking = async (departureId: string, travellers: number) => {
    const res = await injectBooking(app, alice, { ...valid, departureId, travellers });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as Booking;
    expect((await post(operator, `/api/admin/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
    return booking;
  };
  const held = async () =>
    (await db.query<{ seats: number }>('SELECT seats FROM held_seats WHERE user_id = $1', [alice.uid]))
      .rows[0]?.seats ?? 0;
  const stored = async (id: string) =>
    (
      await db.query<{ status: string; travellers: number; departure_id: string }>(
        'SELECT status, travellers, departure_id FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({ clientDir, db, bookings: { maxHeldSeatsPerUser: 6 } });
    [alice, operator] = await Promise.all([createUser('alice'), createOperator('operator')]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses a confirmed party of 1 growing to 12 past the held-seat limit; nothing moves', async () => {
    const departure = await addDeparture();
    const booking = await confirmedBooking(departure, 1);
    const res = await post(alice, `/api/bookings/${booking.id}/change`, { travellers: 12 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: expect.stringContaining('limit of 6') });
    expect(await stored(booking.id)).toMatchObject({ status: 'confirmed', travellers: 1 });
  });

  it('a larger party goes back to requested and its seats count as held; the operator confirms it again', async () => {
    const departure = await addDeparture();
    const booking = await confirmedBooking(departure, 1);
    const before = await held();
    const res = await post(alice, `/api/bookings/${booking.id}/change`, { travellers: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ travellers: 4, status: 'requested' });
    expect(await held()).toBe(before + 4);
    const audit = await db.query<{ from_value: string; to_value: string }>(
      `SELECT from_value, to_value FROM audit_events WHERE booking_id = $1 AND action = 'booking.changed'
        AND from_value = 'confirmed'`,
      [booking.id],
    );
    expect(audit.rows).toEqual([{ from_value: 'confirmed', to_value: 'requested' }]);
    expect((await post(operator, `/api/admin/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
    expect(await held()).toBe(before);
  });

  it('a new date goes back to requested; a smaller party, and an operator’s change, stay confirmed', async () => {
    const booking = await confirmedBooking(await addDeparture(), 2);
    const to = await addDeparture();
    const moved = await post(alice, `/api/bookings/${booking.id}/change`, { departureId: to });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(booking.id)).toMatchObject({ status: 'requested', departure_id: to });

    const other = await confirmedBooking(await addDeparture(), 3);
    const smaller = await post(alice, `/api/bookings/${other.id}/change`, { travellers: 2 });
    expect(smaller.json()).toMatchObject({ travellers: 2, status: 'confirmed' });
    const byOperator = await post(operator, `/api/admin/bookings/${other.id}/change`, { travellers: 5 });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    expect(await stored(other.id)).toMatchObject({ status: 'confirmed', travellers: 5 });
  });
});
