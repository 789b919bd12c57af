// @vitest-environment node
// Changes, the waiting list and guaranteed departures through the API: every rule and status code,
// the seats after every path that frees them (the invariant audited from the rows), the audit rows
// and emails written with each change. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import type { Database } from '../db/database.js';
import { formatTripDate } from '#contracts/format';
import { registerCatalogue, translator } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import { addDays, todayIso } from '#contracts/iso-dates';
import {
  buildTestApp,
  createOperator,
  createUser,
  injectBooking,
  makeClientDir,
  packages,
  storeCases,
  validBooking as valid,
  type TestUser,
} from '../test/fixtures.js';
import { expireOffers } from './repository.js';
import { seatInvariantBreaches } from './seat-audit.js';
import type {
  AdminBooking,
  AdminDeparture,
  Booking,
  Departure,
  AdminWaitlistEntry,
  WaitlistEntry,
} from '#contracts/api';

const bearer = (user: TestUser | null) => (user ? { authorization: `Bearer ${user.idToken}` } : {});
const details = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  address: '1 Navy Yard',
  phone: '12025550100',
};

describeEach(storeCases())('changes, waiting list and guarantees on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let operator: TestUser;
  // The app's clock: offers are made and lapse by it.
  let clock = new Date();
  // Dates after the seeded schedule (under a year ahead) and before the 3-year limit on operator dates.
  let dayOffset = 400 + Math.floor(Math.random() * 600);

  const call = (user: TestUser | null, method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(user), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const addDeparture = async (
    options: {
      capacity?: number;
      packageId?: string;
      daysAhead?: number;
      status?: string;
      min?: number;
    } = {},
  ) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, status, min_travellers)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        id,
        options.packageId ?? valid.packageId,
        addDays(todayIso('UTC'), options.daysAhead ?? dayOffset++),
        options.capacity ?? 12,
        options.status ?? 'open',
        options.min ?? 0,
      ],
    );
    return id;
  };
  const book = async (user: TestUser, departureId: string, travellers = 1) => {
    const res = await injectBooking(app, user, { ...valid, departureId, travellers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Booking;
  };
  const seats = async (id: string) =>
    (await db.query<{ seats_taken: number }>('SELECT seats_taken FROM departures WHERE id = $1', [id]))
      .rows[0]!.seats_taken;
  // The emails of one kind queued for a booking.
  const outboxOf = async (bookingId: string, kind: string) =>
    (
      await db.query<{ recipient: string; payload: Record<string, unknown> }>(
        'SELECT recipient, payload FROM outbox WHERE booking_id = $1 AND kind = $2',
        [bookingId, kind],
      )
    ).rows;
  const count = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const writes = async () =>
    count(
      `SELECT ((SELECT count(*) FROM audit_events) + (SELECT count(*) FROM outbox)
        + (SELECT count(*) FROM waitlist_entries))::int AS n`,
    );
  const change = (user: TestUser | null, id: string, body: unknown) =>
    call(user, 'POST', `/api/bookings/${id}/change`, body);
  const join = (user: TestUser | null, departureId: string, travellers: unknown) =>
    call(user, 'POST', `/api/departures/${departureId}/waitlist`, { travellers });
  const joined = async (user: TestUser, departureId: string, travellers: number) => {
    const res = await join(user, departureId, travellers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WaitlistEntry;
  };
  const entriesOf = async (user: TestUser) =>
    ((await call(user, 'GET', '/api/waitlist')).json() as { entries: WaitlistEntry[] }).entries;
  const entry = async (user: TestUser, id: string) => (await entriesOf(user)).find((e) => e.id === id)!;
  const cancel = (user: TestUser, id: string) => call(user, 'POST', `/api/bookings/${id}/cancel`);
  const offersMailed = (to: string) =>
    count(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'waitlist-offered' AND recipient = $1`, [to]);
  const publicDeparture = async (id: string, packageId = valid.packageId) =>
    (
      (await call(null, 'GET', `/api/packages/${packageId}/departures`)).json() as { departures: Departure[] }
    ).departures.find((d) => d.id === id)!;
  const adminDeparture = async (id: string) =>
    (
      (await call(operator, 'GET', `/api/admin/departures?packageId=${valid.packageId}`)).json() as {
        departures: AdminDeparture[];
      }
    ).departures.find((d) => d.id === id)!;

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({
      clientDir,
      db,
      bookings: {
        clock: () => clock,
        today: () => todayIso('UTC', clock),
        waitlistOfferHours: 24,
        operationsEmail: 'ops-desk@example.com',
      },
    });
    [alice, bob, carol, dave, operator] = await Promise.all([
      createUser('alice'),
      createUser('bob'),
      createUser('carol'),
      createUser('dave'),
      createOperator('operator'),
    ]);
  }, 120_000);

  afterEach(async () => {
    // The seat rule after every test, whatever path it took.
    expect(await seatInvariantBreaches(db)).toEqual([]);
    clock = new Date();
  });

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  describe('changing a booking', () => {
    it('moves it to another date: seats back and taken, total recomputed, status kept, audit row and email', async () => {
      const from = await addDeparture();
      const to = await addDeparture();
      const booking = await book(alice, from, 2);
      const res = await change(alice, booking.id, { departureId: to, travellers: 3 });
      expect(res.statusCode, res.body).toBe(200);
      const changed = res.json() as Booking;
      expect(changed).toMatchObject({
        id: booking.id,
        reference: booking.reference,
        departureId: to,
        travellers: 3,
        total: booking.price * 3,
        status: 'requested',
      });
      expect([await seats(from), await seats(to)]).toEqual([0, 3]);
      const audit = await db.query<{ action: string; from_value: string; to_value: string; actor: string }>(
        `SELECT action, from_value, to_value, actor FROM audit_events WHERE booking_id = $1 ORDER BY id`,
        [booking.id],
      );
      expect(audit.rows.at(-1)).toEqual({
        action: 'booking.changed',
        from_value: `${booking.startsOn}, 2 travellers`,
        to_value: `${changed.startsOn}, 3 travellers`,
        actor: alice.email,
      });
      const mail = await outboxOf(booking.id, 'booking-changed');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.payload).toMatchObject({
        startsOn: changed.startsOn,
        travellers: 3,
        total: changed.total,
        previous: { startsOn: booking.startsOn, travellers: 2, total: booking.total },
      });
      // The brand's copy of the traveller's change, with what the booking was before.
      expect(await outboxOf(booking.id, 'operations-change')).toEqual([
        {
          recipient: 'ops-desk@example.com',
          payload: expect.objectContaining({
            reference: booking.reference,
            travellers: 3,
            email: booking.email,
            phone: booking.phone,
            before: `${formatTripDate(booking.startsOn)}, 2 travellers`,
          }),
        },
      ]);
      expect((await call(alice, 'GET', `/api/bookings/${booking.id}`)).json()).toMatchObject({
        travellers: 3,
      });
    });

    it('makes the party larger or smaller on the same date; a confirmed booking that grows awaits approval again, one that shrinks stays confirmed', async () => {
      const id = await addDeparture({ capacity: 6 });
      const booking = await book(alice, id, 2);
      await call(operator, 'POST', `/api/admin/bookings/${booking.id}/confirm`);
      expect((await change(alice, booking.id, { travellers: 5 })).json()).toMatchObject({
        travellers: 5,
        status: 'requested',
      });
      await call(operator, 'POST', `/api/admin/bookings/${booking.id}/confirm`);
      expect(await seats(id)).toBe(5);
      // One guest per traveller: padded with empty ones, then trimmed from the end.
      const five = ((await call(alice, 'GET', `/api/bookings/${booking.id}`)).json() as Booking).guests;
      expect(five.map((g) => g.fullName)).toEqual([valid.name, '', '', '', '']);
      const one = (await change(alice, booking.id, { travellers: 1 })).json() as Booking;
      expect(one).toMatchObject({ travellers: 1, status: 'confirmed' });
      expect(one.guests.map((g) => g.fullName)).toEqual([valid.name]);
      expect(await seats(id)).toBe(1);
    });

    it('409 {message, seatsLeft} when the party does not fit, and nothing moves', async () => {
      const from = await addDeparture();
      const to = await addDeparture({ capacity: 3 });
      const booking = await book(alice, from, 2);
      await book(bob, to, 2);
      const before = await writes();
      const moved = await change(alice, booking.id, { departureId: to });
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toEqual({
        message:
          'Only 1 seat is left on this departure, not 2. Please choose fewer travellers or another date.',
        seatsLeft: 1,
      });
      expect(await writes()).toBe(before);
      const full = await addDeparture({ capacity: 2 });
      const other = await book(bob, full, 2);
      const beforeGrowing = await writes();
      const grown = await change(bob, other.id, { travellers: 3 });
      expect(grown.statusCode).toBe(409);
      expect(grown.json().seatsLeft).toBe(0);
      expect(await writes()).toBe(beforeGrowing);
      expect([await seats(from), await seats(to), await seats(full)]).toEqual([2, 2, 2]);
      expect(((await call(alice, 'GET', `/api/bookings/${booking.id}`)).json() as Booking).departureId).toBe(
        from,
      );
    });

    it('409 for a closed or past departure', async () => {
      const from = await addDeparture();
      const closed = await addDeparture({ status: 'closed' });
      const booking = await book(alice, from);
      const res = await change(alice, booking.id, { departureId: closed });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'This departure is closed for booking. Please choose another date.',
        seatsLeft: 0,
      });
      const past = await addDeparture({ daysAhead: -2 });
      const gone = await change(alice, booking.id, { departureId: past });
      expect(gone.statusCode).toBe(409);
      expect(gone.json().message).toBe('This departure has already left. Please choose another date.');
    });

    it('the same values answer 200 and write nothing', async () => {
      const id = await addDeparture();
      const booking = await book(alice, id, 2);
      const before = await writes();
      const res = await change(alice, booking.id, { departureId: id, travellers: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(booking);
      expect(await writes()).toBe(before);
    });

    it.each([
      [{ travellers: 0 }, 'travellers', 'At least 1 traveller.'],
      [{ travellers: 13 }, 'travellers', 'At most 12 travellers a booking.'],
      [{ travellers: 2.5 }, 'travellers', 'Travellers must be a whole number from 1 to 12.'],
      [{ travellers: '3' }, 'travellers', 'Travellers must be a whole number from 1 to 12.'],
      [{ departureId: 'next week' }, 'departureId', 'This departure does not exist.'],
      [{ departureId: randomUUID() }, 'departureId', 'This departure does not exist.'],
    ])('400 with fieldErrors for %j', async (body, field, message) => {
      const booking = await book(alice, await addDeparture());
      const res = await change(alice, booking.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    });

    it('400 for another package, no field, unknown fields or no JSON object', async () => {
      const booking = await book(alice, await addDeparture());
      const elsewhere = await addDeparture({ packageId: 'santorini-sunset-sail' });
      const res = await change(alice, booking.id, { departureId: elsewhere });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.departureId).toBe(
        'This departure belongs to another package: a change keeps the package.',
      );
      for (const body of [{}, { travellers: 2, status: 'confirmed' }, [], 'null']) {
        const bad = await change(alice, booking.id, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(typeof bad.json().message).toBe('string');
      }
    });

    it("404 for someone else's booking or a bad id; 401 without a token", async () => {
      const booking = await book(alice, await addDeparture());
      expect((await change(bob, booking.id, { travellers: 2 })).statusCode).toBe(404);
      expect((await change(bob, 'not-an-id', { travellers: 2 })).statusCode).toBe(404);
      expect((await change(null, booking.id, { travellers: 2 })).statusCode).toBe(401);
      expect(
        (await call(bob, 'POST', `/api/admin/bookings/${booking.id}/change`, { travellers: 2 })).statusCode,
      ).toBe(403);
    });

    it('409 for a cancelled booking', async () => {
      const booking = await book(alice, await addDeparture());
      await cancel(alice, booking.id);
      const res = await change(alice, booking.id, { travellers: 2 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/cancelled and cannot be changed/);
    });

    it('travellers: 409 inside the cancellation cutoff with how to reach us; operators change it anyway', async () => {
      const soon = await addDeparture({ daysAhead: 10 });
      const later = await addDeparture();
      const booking = await book(alice, soon, 1);
      const res = await change(alice, booking.id, { departureId: later });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^Online changes close 14 days before departure\. .*call us on .* or email /,
      );
      const admin = await call(operator, 'POST', `/api/admin/bookings/${booking.id}/change`, {
        departureId: later,
        travellers: 2,
      });
      expect(admin.statusCode, admin.body).toBe(200);
      // An operator's change is the brand's own doing: no operations copy.
      expect(
        (
          await db.query(`SELECT 1 FROM outbox WHERE booking_id = $1 AND kind = 'operations-change'`, [
            booking.id,
          ])
        ).rows,
      ).toEqual([]);
      expect(admin.json() as AdminBooking).toMatchObject({
        departureId: later,
        travellers: 2,
        userId: alice.uid,
      });
      const audit = await db.query<{ actor_type: string; actor: string }>(
        `SELECT actor_type, actor FROM audit_events WHERE booking_id = $1 AND action = 'booking.changed'`,
        [booking.id],
      );
      expect(audit.rows).toEqual([{ actor_type: 'operator', actor: operator.email }]);
      expect([await seats(soon), await seats(later)]).toEqual([0, 2]);
    });
  });

  describe('the waiting list', () => {
    it('joins only a departure without enough seats: 409 with the seats left otherwise', async () => {
      const id = await addDeparture({ capacity: 4 });
      await book(alice, id, 2);
      const early = await join(bob, id, 2);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        message: '2 seats are left on this departure: book them instead of waiting.',
        seatsLeft: 2,
      });
      const entry = await joined(bob, id, 3);
      expect(entry).toMatchObject({
        departureId: id,
        packageId: valid.packageId,
        packageName: packages.get(valid.packageId)!.name,
        travellers: 3,
        status: 'waiting',
        offerExpiresAt: null,
        bookingId: null,
      });
      expect(Object.keys(entry).sort()).toEqual(
        [
          'id',
          'departureId',
          'packageId',
          'packageName',
          'startsOn',
          'travellers',
          'status',
          'createdAt',
          'offerExpiresAt',
          'bookingId',
        ].sort(),
      );
      // Joining again answers the live entry.
      const again = await join(bob, id, 1);
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(entry.id);
      expect((await entriesOf(bob)).filter((e) => e.departureId === id)).toHaveLength(1);
    });

    it('400 for a bad party, 404 for an unknown departure, 409 closed or past, 401 without a token', async () => {
      const id = await addDeparture({ capacity: 1 });
      await book(alice, id);
      for (const travellers of [0, 13, 1.5, '2', null]) {
        const res = await join(bob, id, travellers);
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors.travellers).toBe('Travellers must be a whole number from 1 to 12.');
      }
      expect((await join(bob, randomUUID(), 2)).statusCode).toBe(404);
      expect((await join(bob, 'x', 2)).statusCode).toBe(404);
      expect((await join(null, id, 2)).statusCode).toBe(401);
      const closed = await addDeparture({ status: 'closed', capacity: 1 });
      expect((await join(bob, closed, 2)).statusCode).toBe(409);
      const past = await addDeparture({ daysAhead: -1, capacity: 1 });
      expect((await join(bob, past, 2)).statusCode).toBe(409);
    });

    it('409 for a party larger than the whole date, saying how many seats it has in all', async () => {
      const id = await addDeparture({ capacity: 1 });
      await book(alice, id);
      const res = await join(bob, id, 2);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This date has 1 seat in all: a party of 2 cannot travel on it. Choose another date or fewer travellers.',
      );
      expect((await entriesOf(bob)).filter((e) => e.departureId === id)).toHaveLength(0);
      // A party of 1 still waits for that seat.
      expect((await joined(carol, id, 1)).status).toBe('waiting');
    });

    it('the 409s of joining, accepting and booking are in the Spanish catalogue: a Spanish page reads them so', async () => {
      registerCatalogue(es);
      const { known } = translator('es');
      // A traveller of its own: the others' live entries count towards the limit of ten.
      const erin = await createUser('erin');
      const messages: string[] = [];
      const conflict = async (res: { statusCode: number; json: () => { message: string } }) => {
        expect(res.statusCode).toBe(409);
        messages.push(res.json().message);
      };
      const roomy = await addDeparture({ capacity: 4 });
      await conflict(await join(erin, roomy, 1));
      await book(alice, roomy, 3);
      await conflict(await join(erin, roomy, 1));
      const small = await addDeparture({ capacity: 2 });
      await book(alice, small, 2);
      await conflict(await join(erin, small, 3));
      await conflict(await join(erin, await addDeparture({ status: 'closed', capacity: 1 }), 2));
      // (A date already left: another package's, the days before today being taken for this one's.)
      const left = await addDeparture({ daysAhead: -3, capacity: 1, packageId: 'santorini-sunset-sail' });
      await conflict(await join(erin, left, 2));
      const waiting = await joined(erin, small, 1);
      await conflict(await call(erin, 'POST', `/api/waitlist/${waiting.id}/accept`, details));
      // Booking's own, on the same dates: sold out, fewer seats than the party, closed.
      const booking = (departureId: string, travellers: number) =>
        injectBooking(app, erin, { ...valid, departureId, travellers });
      await conflict(await booking(small, 1));
      await conflict(await booking(roomy, 2));
      await conflict(await booking(await addDeparture({ status: 'closed', capacity: 1 }), 1));
      expect(messages).toHaveLength(9);
      for (const message of messages) {
        expect(known(message), message).not.toBe(message);
        expect(known(message)).not.toMatch(/\b(seats?|the|this|departure|party|waiting)\b/);
      }
    });

    it('an operator lowering the capacity below a waiting party closes its place and tells it', async () => {
      const id = await addDeparture({ capacity: 6 });
      await book(alice, id, 4);
      const big = await joined(bob, id, 5);
      const small = await joined(carol, id, 3);
      const down = await call(operator, 'PATCH', `/api/admin/departures/${id}`, { capacity: 4 });
      expect(down.statusCode, down.body).toBe(200);
      expect(await entry(bob, big.id)).toMatchObject({ status: 'closed' });
      expect((await entry(carol, small.id)).status).not.toBe('closed');
      const mail = (
        await db.query<{ recipient: string; payload: { travellers: number; capacity: number } }>(
          `SELECT recipient, payload FROM outbox WHERE kind = 'waitlist-closed' AND recipient = $1`,
          [bob.email],
        )
      ).rows;
      expect(mail).toHaveLength(1);
      expect(mail[0]!.payload).toMatchObject({ travellers: 5, capacity: 4 });
      const trail = await count(
        `SELECT count(*)::int AS n FROM audit_events WHERE action = 'waitlist.closed' AND waitlist_entry_id = $1`,
        [big.id],
      );
      expect(trail).toBe(1);
    });

    it('a cancellation offers the freed seats in join order to each whole party that fits', async () => {
      const id = await addDeparture({ capacity: 6 });
      const big = await book(alice, id, 4);
      await book(alice, id, 2);
      const four = await joined(bob, id, 5);
      const two = await joined(carol, id, 2);
      const three = await joined(dave, id, 2);
      const res = await cancel(alice, big.id);
      expect(res.statusCode).toBe(200);
      // 4 seats free: the 5 does not fit and keeps its place; the two parties of 2 behind it do.
      expect((await entry(bob, four.id)).status).toBe('waiting');
      const offered = await entry(carol, two.id);
      expect(offered.status).toBe('offered');
      expect(new Date(offered.offerExpiresAt!).getTime()).toBe(clock.getTime() + 24 * 3_600_000);
      expect((await entry(dave, three.id)).status).toBe('offered');
      // Held seats count as taken: the seats left do not rise.
      expect(await seats(id)).toBe(6);
      expect((await publicDeparture(id)).seatsLeft).toBe(0);
      expect(await offersMailed(carol.email)).toBeGreaterThanOrEqual(1);
      const mail = await db.query<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM outbox WHERE kind = 'waitlist-offered' AND recipient = $1 ORDER BY created_at DESC LIMIT 1`,
        [carol.email],
      );
      expect(mail.rows[0]!.payload).toMatchObject({ travellers: 2, offerExpiresAt: offered.offerExpiresAt });
      const admin = await adminDeparture(id);
      expect(admin).toMatchObject({ waiting: 5, offered: 4, seatsTaken: 6 });
      const list = await call(operator, 'GET', `/api/admin/departures/${id}/waitlist`);
      expect(
        (list.json() as { entries: AdminWaitlistEntry[] }).entries.map((e) => [e.email, e.status]),
      ).toEqual([
        [bob.email, 'waiting'],
        [carol.email, 'offered'],
        [dave.email, 'offered'],
      ]);
    });

    it('accept turns the offer into a requested booking on the held seats; again answers 200 with it', async () => {
      const id = await addDeparture({ capacity: 2 });
      const first = await book(alice, id, 2);
      const waiting = await joined(bob, id, 2);
      const early = await call(bob, 'POST', `/api/waitlist/${waiting.id}/accept`, details);
      expect(early.statusCode).toBe(409);
      await cancel(alice, first.id);
      expect((await call(alice, 'POST', `/api/waitlist/${waiting.id}/accept`, details)).statusCode).toBe(404);
      const bad = await call(bob, 'POST', `/api/waitlist/${waiting.id}/accept`, {
        ...details,
        phone: 'call me',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.phone).toMatch(/digits/);
      const res = await call(bob, 'POST', `/api/waitlist/${waiting.id}/accept`, details);
      expect(res.statusCode, res.body).toBe(201);
      const booking = res.json() as Booking;
      expect(booking).toMatchObject({ ...details, departureId: id, travellers: 2, status: 'requested' });
      expect(booking.guests.map((g) => g.fullName)).toEqual([details.name, '']);
      expect(await seats(id)).toBe(2);
      expect(await entry(bob, waiting.id)).toMatchObject({ status: 'booked', bookingId: booking.id });
      const again = await call(bob, 'POST', `/api/waitlist/${waiting.id}/accept`, details);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(booking);
      expect(await count('SELECT count(*)::int AS n FROM bookings WHERE departure_id = $1', [id])).toBe(2);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM outbox WHERE booking_id = $1 AND kind = 'booking-received'`,
          [booking.id],
        ),
      ).toBe(1);
      // The brand hears of this request as of any other, once, with how to reach the traveller.
      expect(await outboxOf(booking.id, 'operations-request')).toEqual([
        {
          recipient: 'ops-desk@example.com',
          payload: expect.objectContaining({
            reference: booking.reference,
            travellers: 2,
            startsOn: booking.startsOn,
            email: details.email,
            phone: details.phone,
          }),
        },
      ]);
      // The accepted booking is an ordinary one: cancelling it offers its seats on.
      expect((await call(bob, 'DELETE', `/api/waitlist/${waiting.id}`)).statusCode).toBe(409);
    });

    it('a party joining from the Spanish site: its entry keeps es, its emails and the booking an accepted offer makes are in it', async () => {
      const id = await addDeparture({ capacity: 6 });
      const first = await book(alice, id, 6);
      const joinIn = (user: TestUser, travellers: number, language?: unknown) =>
        call(user, 'POST', `/api/departures/${id}/waitlist`, {
          travellers,
          ...(language === undefined ? {} : { language }),
        });
      // The shared schema's rule (contracts/booking.ts), before anything is written.
      for (const language of ['fr', 'ES', 1, null]) {
        const res = await joinIn(bob, 2, language);
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors.language).toBe('The language must be en or es.');
      }
      const spanish = await joinIn(bob, 2, 'es');
      expect(spanish.statusCode, spanish.body).toBe(201);
      const english = await joinIn(carol, 2);
      expect(english.statusCode, english.body).toBe(201);
      const big = await joinIn(dave, 6, 'es');
      expect(big.statusCode, big.body).toBe(201);
      const languageOf = async (entryId: string) =>
        (
          await db.query<{ language: string }>('SELECT language FROM waitlist_entries WHERE id = $1', [
            entryId,
          ])
        ).rows[0]!.language;
      expect(await languageOf((spanish.json() as WaitlistEntry).id)).toBe('es');
      expect(await languageOf((english.json() as WaitlistEntry).id)).toBe('en');
      const payloadOf = async (kind: string, to: string) =>
        (
          await db.query<{ payload: Record<string, unknown> }>(
            'SELECT payload FROM outbox WHERE kind = $1 AND recipient = $2 ORDER BY created_at DESC LIMIT 1',
            [kind, to],
          )
        ).rows[0]?.payload;

      // Six seats free: both parties of 2 are offered theirs, each in its own language; the party
      // of 6 waits behind them, and is told in Spanish when the date shrinks below it.
      await cancel(alice, first.id);
      expect(await payloadOf('waitlist-offered', bob.email)).toMatchObject({ travellers: 2, language: 'es' });
      expect(await payloadOf('waitlist-offered', carol.email)).not.toHaveProperty('language');
      const down = await call(operator, 'PATCH', `/api/admin/departures/${id}`, { capacity: 4 });
      expect(down.statusCode, down.body).toBe(200);
      expect(await payloadOf('waitlist-closed', dave.email)).toMatchObject({ capacity: 4, language: 'es' });
      expect(await languageOf((big.json() as WaitlistEntry).id)).toBe('es');

      // The offer page sends no language: the booking is in the entry's, and so are its emails.
      const accepted = await call(
        bob,
        'POST',
        `/api/waitlist/${(spanish.json() as WaitlistEntry).id}/accept`,
        details,
      );
      expect(accepted.statusCode, accepted.body).toBe(201);
      const booking = accepted.json() as Booking;
      expect(booking.language).toBe('es');
      expect((await outboxOf(booking.id, 'booking-received'))[0]!.payload).toMatchObject({ language: 'es' });
      const carolAccepted = await call(
        carol,
        'POST',
        `/api/waitlist/${(english.json() as WaitlistEntry).id}/accept`,
        details,
      );
      expect(carolAccepted.statusCode, carolAccepted.body).toBe(201);
      expect((carolAccepted.json() as Booking).language).toBe('en');
    });

    it('a date that will not run tells its Spanish waiting party in Spanish', async () => {
      const id = await addDeparture({ capacity: 2 });
      const target = await addDeparture({ capacity: 12 });
      await book(alice, id, 2);
      const res = await call(bob, 'POST', `/api/departures/${id}/waitlist`, {
        travellers: 1,
        language: 'es',
      });
      expect(res.statusCode, res.body).toBe(201);
      await joined(carol, id, 1);
      const moved = await call(operator, 'POST', `/api/admin/departures/${id}/move`, {
        toDepartureId: target,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const told = (
        await db.query<{ recipient: string; payload: Record<string, unknown> }>(
          `SELECT recipient, payload FROM outbox WHERE kind = 'waitlist-not-running' AND recipient = ANY($1)`,
          [[bob.email, carol.email]],
        )
      ).rows;
      expect(told.find((m) => m.recipient === bob.email)?.payload).toMatchObject({
        travellers: 1,
        language: 'es',
      });
      expect(told.find((m) => m.recipient === carol.email)?.payload).not.toHaveProperty('language');
    });

    it('leaving a waiting entry marks it left; leaving an offer passes its seats to the next party', async () => {
      const id = await addDeparture({ capacity: 3 });
      const first = await book(alice, id, 3);
      const bobs = await joined(bob, id, 3);
      const carols = await joined(carol, id, 3);
      const daves = await joined(dave, id, 1);
      const left = await call(dave, 'DELETE', `/api/waitlist/${daves.id}`);
      expect(left.statusCode).toBe(200);
      expect(left.json()).toMatchObject({ id: daves.id, status: 'left' });
      expect((await call(dave, 'DELETE', `/api/waitlist/${daves.id}`)).json().status).toBe('left');
      expect((await call(alice, 'DELETE', `/api/waitlist/${bobs.id}`)).statusCode).toBe(404);
      await cancel(alice, first.id);
      expect((await entry(bob, bobs.id)).status).toBe('offered');
      expect((await call(bob, 'DELETE', `/api/waitlist/${bobs.id}`)).json().status).toBe('left');
      expect((await entry(carol, carols.id)).status).toBe('offered');
      expect(await seats(id)).toBe(3);
      expect((await call(bob, 'POST', `/api/waitlist/${bobs.id}/accept`, details)).statusCode).toBe(409);
    });

    it('a lapsed offer expires once and its seats go to the next fitting party', async () => {
      const id = await addDeparture({ capacity: 2 });
      const first = await book(alice, id, 2);
      const bobs = await joined(bob, id, 2);
      const carols = await joined(carol, id, 1);
      await cancel(alice, first.id);
      expect((await entry(bob, bobs.id)).status).toBe('offered');
      const context = () => ({ now: clock, offerHours: 24, packageName: (p: string) => p });
      expect(await expireOffers(db, context)).toBe(0);
      clock = new Date(clock.getTime() + 25 * 3_600_000);
      // Two runs at once (other tests' offers lapse with them): this one lapses once.
      await Promise.all([expireOffers(db, context), expireOffers(db, context)]);
      expect(await expireOffers(db, context)).toBe(0);
      expect(
        await count(
          `SELECT count(*)::int AS n FROM audit_events WHERE action = 'waitlist.expired' AND waitlist_entry_id = $1`,
          [bobs.id],
        ),
      ).toBe(1);
      expect((await entry(bob, bobs.id)).status).toBe('expired');
      const next = await entry(carol, carols.id);
      expect(next.status).toBe('offered');
      expect(new Date(next.offerExpiresAt!).getTime()).toBe(clock.getTime() + 24 * 3_600_000);
      expect(await seats(id)).toBe(1);
      const late = await call(bob, 'POST', `/api/waitlist/${bobs.id}/accept`, details);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/expired/);
    });

    it('an offer on a departure closed since is refused at accept, and accepted once it reopens', async () => {
      const id = await addDeparture({ capacity: 1 });
      const first = await book(alice, id, 1);
      const bobs = await joined(bob, id, 1);
      await cancel(alice, first.id);
      expect((await entry(bob, bobs.id)).status).toBe('offered');
      await call(operator, 'PATCH', `/api/admin/departures/${id}`, { status: 'closed' });
      const refused = await call(bob, 'POST', `/api/waitlist/${bobs.id}/accept`, details);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This departure is closed for booking now. Please contact us or choose another date.',
      );
      expect(await count('SELECT count(*)::int AS n FROM bookings WHERE departure_id = $1', [id])).toBe(1);
      // The offer keeps its seats until its deadline: reopened, the date can still be taken.
      expect((await entry(bob, bobs.id)).status).toBe('offered');
      await call(operator, 'PATCH', `/api/admin/departures/${id}`, { status: 'open' });
      expect((await call(bob, 'POST', `/api/waitlist/${bobs.id}/accept`, details)).statusCode).toBe(201);
    });

    it('an offer past its deadline that no process lapsed yet is refused at accept and passed on', async () => {
      const id = await addDeparture({ capacity: 1 });
      const first = await book(alice, id, 1);
      const bobs = await joined(bob, id, 1);
      const carols = await joined(carol, id, 1);
      await cancel(alice, first.id);
      clock = new Date(clock.getTime() + 24 * 3_600_000 + 1000);
      const res = await call(bob, 'POST', `/api/waitlist/${bobs.id}/accept`, details);
      expect(res.statusCode).toBe(409);
      expect((await entry(bob, bobs.id)).status).toBe('expired');
      expect((await entry(carol, carols.id)).status).toBe('offered');
    });

    it('every other path that frees seats offers them: operator cancel, smaller party, other date, capacity, reopening', async () => {
      const id = await addDeparture({ capacity: 4 });
      const elsewhere = await addDeparture();
      const a = await book(alice, id, 2);
      const b = await book(bob, id, 2);
      const waits = [];
      for (const user of [carol, dave]) waits.push(await joined(user, id, 1));
      const third = await createUser('erin');
      waits.push(await joined(third, id, 2));
      const fourth = await createUser('frank');
      waits.push(await joined(fourth, id, 1));
      const fifth = await createUser('gwen');
      waits.push(await joined(fifth, id, 1));

      // A smaller party: 1 seat to carol.
      await change(alice, a.id, { travellers: 1 });
      expect((await entry(carol, waits[0]!.id)).status).toBe('offered');
      // Another date: alice's last seat to dave.
      await change(alice, a.id, { departureId: elsewhere });
      expect((await entry(dave, waits[1]!.id)).status).toBe('offered');
      // An operator's cancellation: 2 seats to erin.
      await call(operator, 'POST', `/api/admin/bookings/${b.id}/cancel`, { reason: 'Visa refused' });
      expect((await entry(third, waits[2]!.id)).status).toBe('offered');
      // More capacity: frank.
      const raised = await call(operator, 'PATCH', `/api/admin/departures/${id}`, { capacity: 5 });
      expect(raised.statusCode).toBe(200);
      expect(raised.json()).toMatchObject({
        capacity: 5,
        seatsTaken: 5,
        seatsLeft: 0,
        offered: 5,
        waiting: 1,
      });
      expect((await entry(fourth, waits[3]!.id)).status).toBe('offered');
      // A closed departure offers nothing; reopening it does.
      await call(operator, 'PATCH', `/api/admin/departures/${id}`, { status: 'closed' });
      await call(fourth, 'DELETE', `/api/waitlist/${waits[3]!.id}`);
      expect((await entry(fifth, waits[4]!.id)).status).toBe('waiting');
      await call(operator, 'PATCH', `/api/admin/departures/${id}`, { status: 'open' });
      expect((await entry(fifth, waits[4]!.id)).status).toBe('offered');
      expect(await seats(id)).toBe(5);
    });

    it('lists the own entries newest first; statuses and deadlines as stored', async () => {
      const id = await addDeparture({ capacity: 1 });
      await book(alice, id);
      const older = await joined(dave, id, 1);
      const other = await addDeparture({ capacity: 1 });
      await book(alice, other);
      const newer = await joined(dave, other, 1);
      const ids = (await entriesOf(dave)).map((e) => e.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect((await entriesOf(alice)).some((e) => e.id === older.id)).toBe(false);
      expect((await call(null, 'GET', '/api/waitlist')).statusCode).toBe(401);
    });
  });

  describe('MAX_HELD_SEATS_PER_USER', () => {
    it('counts open offers as held seats; a larger requested party and an accept beyond it are 409', async () => {
      const capped = await buildTestApp({
        clientDir,
        db,
        bookings: { clock: () => clock, maxHeldSeatsPerUser: 4 },
      });
      try {
        const erin = await createUser('erin');
        const as = (method: InjectOptions['method'], url: string, body?: unknown) =>
          capped.inject({
            method,
            url,
            headers: {
              ...bearer(erin),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
        const id = await addDeparture({ capacity: 12 });
        const own = (
          await injectBooking(capped, erin, { ...valid, departureId: id, travellers: 3 })
        ).json() as Booking;
        const grown = await as('POST', `/api/bookings/${own.id}/change`, { travellers: 5 });
        expect(grown.statusCode).toBe(409);
        expect(grown.json().message).toMatch(/^You already hold 3 seats/);
        expect(await seats(id)).toBe(3);
        expect((await as('POST', `/api/bookings/${own.id}/change`, { travellers: 4 })).statusCode).toBe(200);

        // Seats come free on a full date, but an offer of 2 would pass the limit with the 4
        // requested seats: none is made, and the entry keeps its place.
        const full = await addDeparture({ capacity: 2 });
        const other = await book(alice, full, 2);
        const entry = (
          await as('POST', `/api/departures/${full}/waitlist`, { travellers: 2 })
        ).json() as WaitlistEntry;
        // Through the app with the limit: it makes the offers.
        const cancelAs = (user: TestUser, id: string) =>
          capped.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: bearer(user) });
        await cancelAs(alice, other.id);
        const refused = await as('POST', `/api/waitlist/${entry.id}/accept`, details);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(/^No seats are offered/);
        // Fewer requested seats: the next seats freed there are offered, and accepted.
        await as('POST', `/api/bookings/${own.id}/change`, { travellers: 2 });
        await cancelAs(alice, (await book(alice, full, 2)).id);
        expect((await as('POST', `/api/waitlist/${entry.id}/accept`, details)).statusCode).toBe(201);
        // New bookings see the offer-turned-booking: 4 held, 1 more is too many.
        expect(
          (await injectBooking(capped, erin, { ...valid, departureId: id, travellers: 1 })).statusCode,
        ).toBe(409);
      } finally {
        await capped.close();
      }
    });
  });

  describe('guaranteed departures', () => {
    it('minTravellers on create and PATCH; guaranteed and toGuarantee in the public list', async () => {
      const startsOn = addDays(todayIso('UTC'), dayOffset++);
      const created = await call(operator, 'POST', '/api/admin/departures', {
        packageId: valid.packageId,
        startsOn,
        capacity: 8,
        minTravellers: 4,
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as AdminDeparture).id;
      expect(created.json()).toMatchObject({ minTravellers: 4, guaranteed: false, toGuarantee: 4 });
      await book(alice, id, 2);
      expect(await publicDeparture(id)).toMatchObject({ guaranteed: false, toGuarantee: 2 });
      const patched = await call(operator, 'PATCH', `/api/admin/departures/${id}`, { minTravellers: 2 });
      expect(patched.json()).toMatchObject({ minTravellers: 2, guaranteed: true, toGuarantee: 0 });
      expect(await publicDeparture(id)).toMatchObject({ guaranteed: true, toGuarantee: 0 });
      await call(operator, 'PATCH', `/api/admin/departures/${id}`, { minTravellers: 0 });
      expect(await publicDeparture(id)).toMatchObject({ guaranteed: false, toGuarantee: 0 });
      const events = await db.query<{ action: string; from_value: string; to_value: string }>(
        `SELECT action, from_value, to_value FROM audit_events WHERE departure_id = $1 AND action = 'departure.minimum' ORDER BY id`,
        [id],
      );
      expect(events.rows.map((r) => [r.from_value, r.to_value])).toEqual([
        ['4', '2'],
        ['2', '0'],
      ]);
    });

    it('held offers do not guarantee a departure: only booked travellers count', async () => {
      const id = await addDeparture({ capacity: 2, min: 2 });
      const first = await book(alice, id, 2);
      expect((await publicDeparture(id)).guaranteed).toBe(true);
      await joined(bob, id, 2);
      await cancel(alice, first.id);
      expect(await publicDeparture(id)).toMatchObject({ seatsLeft: 0, guaranteed: false, toGuarantee: 2 });
    });

    it('400 for a bad minimum or one above the seats', async () => {
      const id = await addDeparture({ capacity: 6 });
      for (const minTravellers of [-1, 2.5, '3', 501]) {
        const res = await call(operator, 'PATCH', `/api/admin/departures/${id}`, { minTravellers });
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors.minTravellers).toMatch(/whole number/);
      }
      const above = await call(operator, 'PATCH', `/api/admin/departures/${id}`, { minTravellers: 7 });
      expect(above.statusCode).toBe(400);
      expect(above.json().fieldErrors.minTravellers).toBe(
        'The minimum cannot be more than the seats of the departure.',
      );
      const created = await call(operator, 'POST', '/api/admin/departures', {
        packageId: valid.packageId,
        startsOn: addDays(todayIso('UTC'), dayOffset++),
        capacity: 3,
        minTravellers: 4,
      });
      expect(created.statusCode).toBe(400);
    });
  });
});
