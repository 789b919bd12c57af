// @vitest-environment node
// The waiting list within a user's limits: an offer is never made past MAX_HELD_SEATS_PER_USER
// (the entry keeps its place), and one user has at most MAX_WAITING_ENTRIES_PER_USER live entries.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { Database } from '../db/database.js';
import { describeEach } from '../test/services.js';
import {
  buildTestApp,
  createUser,
  injectBooking,
  makeClientDir,
  storeCases,
  validBooking as valid,
  type TestUser,
} from '../test/fixtures.js';
import { seatInvariantBreaches } from './seat-audit.js';
import type { Booking, WaitlistEntry } from '#contracts/api';

describeEach(storeCases())('waiting-list limits on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dayOffset = 400 + Math.floor(Math.random() * 600);

  const call = (user: TestUser, method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${user.idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const addDeparture = async (capacity: number) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, status) VALUES ($1, $2, $3, $4, 'open')`,
      [id, valid.packageId, addDays(todayIso('UTC'), dayOffset++), capacity],
    );
    return id;
  };
  const book = async (user: TestUser, departureId: string, travellers: number) => {
    const res = await injectBooking(app, user, { ...valid, departureId, travellers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Booking;
  };
  const join = (user: TestUser, departureId: string, travellers: number) =>
    call(user, 'POST', `/api/departures/${departureId}/waitlist`, { travellers });
  const statusOf = async (user: TestUser, id: string) =>
    ((await call(user, 'GET', '/api/waitlist')).json() as { entries: WaitlistEntry[] }).entries.find(
      (e) => e.id === id,
    )?.status;

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({
      clientDir,
      db,
      bookings: { maxHeldSeatsPerUser: 6, maxWaitingEntriesPerUser: 2 },
    });
    [alice, bob, carol] = await Promise.all([createUser('alice'), createUser('bob'), createUser('carol')]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('skips an entry whose offer would pass the held-seat limit; it keeps its place and is offered once the user holds fewer', async () => {
    const full = await addDeparture(4);
    const bobs = await book(bob, full, 4);
    // Alice holds 4 seats awaiting confirmation elsewhere: 3 more would pass her limit of 6.
    const elsewhere = await book(alice, await addDeparture(10), 4);
    const aliceJoin = await join(alice, full, 3);
    expect(aliceJoin.statusCode, aliceJoin.body).toBe(201);
    const carolJoin = await join(carol, full, 1);
    expect(carolJoin.statusCode, carolJoin.body).toBe(201);
    const aliceEntry = aliceJoin.json() as WaitlistEntry;
    const carolEntry = carolJoin.json() as WaitlistEntry;

    // Bob gives back 4 seats: Alice's 3 would fit, but not within her limit; Carol's 1 is offered.
    expect((await call(bob, 'POST', `/api/bookings/${bobs.id}/cancel`)).statusCode).toBe(200);
    expect(await statusOf(alice, aliceEntry.id)).toBe('waiting');
    expect(await statusOf(carol, carolEntry.id)).toBe('offered');
    const held = await db.query<{ seats: number }>('SELECT seats FROM held_seats WHERE user_id = $1', [
      alice.uid,
    ]);
    expect(held.rows[0]!.seats).toBe(4);

    // Alice cancels the other booking, and Carol leaves: her seat comes free again, and with the
    // 3 still free Alice's whole party fits within her limit now.
    expect((await call(alice, 'POST', `/api/bookings/${elsewhere.id}/cancel`)).statusCode).toBe(200);
    expect((await call(carol, 'DELETE', `/api/waitlist/${carolEntry.id}`)).statusCode).toBe(200);
    expect(await statusOf(alice, aliceEntry.id)).toBe('offered');
    expect(await seatInvariantBreaches(db)).toEqual([]);
  });

  it('refuses a join past MAX_WAITING_ENTRIES_PER_USER live entries with 409 and a message; leaving one makes room', async () => {
    // Two seats each, one taken: a party of 2 waits (a party larger than the whole date may not).
    const [a, b, c] = [await addDeparture(2), await addDeparture(2), await addDeparture(2)];
    for (const d of [a, b, c]) await book(carol, d, 1);
    const first = await join(bob, a, 2);
    expect(first.statusCode, first.body).toBe(201);
    expect((await join(bob, b, 2)).statusCode).toBe(201);
    // Joining a list one is on already answers that entry, limit or not.
    expect((await join(bob, a, 2)).statusCode).toBe(200);
    const third = await join(bob, c, 2);
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json()).toMatchObject({ message: expect.stringContaining('waiting lists') });
    const stored = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM waitlist_entries WHERE user_id = $1 AND departure_id = $2`,
      [bob.uid, c],
    );
    expect(stored.rows[0]!.n).toBe(0);
    expect(
      (await call(bob, 'DELETE', `/api/waitlist/${(first.json() as WaitlistEntry).id}`)).statusCode,
    ).toBe(200);
    expect((await join(bob, c, 2)).statusCode).toBe(201);
  });
});
