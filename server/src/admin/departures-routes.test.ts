// @vitest-environment node
// The console's departures API as an operator with a real emulator token, on PGlite and
// (TEST_DATABASE_URL) PostgreSQL: the schedule with seats and bookings, adding, changing and
// closing with their audit rows, capacity against seats taken (also under load), the manifest.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { formatTripDate } from '#contracts/format';
import { buildTestApp, injectBooking, makeClientDir, storeCases, validBooking } from '../test/fixtures.js';
import { failingOn, useAdminApp } from '../test/console-kit.js';
import type { AdminDeparture, Manifest } from '#contracts/api';

let dayOffset = 700;
const freshDate = () => addDays(todayIso('UTC'), dayOffset++);

describeEach(storeCases())('console departures on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  const departures = async (query = '') => {
    const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { departures: AdminDeparture[] }).departures;
  };
  const create = (body: unknown) => ctx.call(ctx.operator, 'POST', '/api/admin/departures', body);
  const patch = (id: string, body: unknown) =>
    ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${id}`, body);
  // The departure's own trail (its bookings' rows name it too).
  const departureAudit = async (id: string) =>
    (await ctx.audit({ departureId: id })).filter((r) => r.booking_id === null);
  const stored = async (id: string) =>
    (
      await ctx.db.query<{ capacity: number; status: string; seats_taken: number }>(
        'SELECT capacity, status, seats_taken FROM departures WHERE id = $1',
        [id],
      )
    ).rows[0];

  describe('the schedule', () => {
    it('is kept between requests while nothing changes; every change shows at the next request', async () => {
      const departureId = await ctx.addDeparture({ packageId: 'tromso-northern-lights' });
      const query = '?packageId=tromso-northern-lights&limit=500';
      const raw = () =>
        ctx.app.inject({
          url: `/api/admin/departures${query}`,
          headers: { authorization: `Bearer ${ctx.operator.idToken}`, 'accept-encoding': 'gzip' },
        });
      const mine = async () => (await departures(query)).find((d) => d.id === departureId)!;
      const first = await raw();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect((await raw()).rawPayload.equals(first.rawPayload)).toBe(true);

      await ctx.book(ctx.traveller, { packageId: 'tromso-northern-lights', departureId, travellers: 2 });
      expect(await mine()).toMatchObject({ seatsTaken: 2, bookingCount: 1 });
      expect((await patch(departureId, { capacity: 20 })).statusCode).toBe(200);
      expect(await mine()).toMatchObject({ capacity: 20, seatsLeft: 18 });
      // Another process's change: the newest audit row moved.
      await ctx.db.query(`UPDATE departures SET meeting_point = 'Harbour gate' WHERE id = $1`, [departureId]);
      await ctx.db.query(
        `INSERT INTO audit_events (departure_id, actor_type, actor, action, to_value)
         VALUES ($1, 'operator', 'another process', 'departure.meeting-point', 'Harbour gate')`,
        [departureId],
      );
      expect((await mine()).meetingPoint).toBe('Harbour gate');
      // The catalogue's name, from this process's copy of it.
      const renamed = await ctx.call(ctx.operator, 'PATCH', '/api/admin/packages/tromso-northern-lights', {
        name: 'Northern Lights, Winter',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      try {
        expect((await mine()).packageName).toBe('Northern Lights, Winter');
      } finally {
        await ctx.call(ctx.operator, 'PATCH', '/api/admin/packages/tromso-northern-lights', {
          name: 'Tromsø Northern Lights',
        });
      }
      // A change that writes no audit row (none of the API's does) shows within two seconds.
      expect((await mine()).packageName).toBe('Tromsø Northern Lights');
      await ctx.db.query('UPDATE departures SET min_travellers = 4 WHERE id = $1', [departureId]);
      expect((await mine()).minTravellers).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await mine()).minTravellers).toBe(4);
    });

    it('lists every departure ascending by date, past ones included, with names, seats and bookings', async () => {
      const past = await ctx.addDeparture({ daysAhead: -30 });
      const all = await departures();
      const dates = all.map((d) => d.startsOn);
      expect(dates).toEqual([...dates].sort());
      expect(all.map((d) => d.id)).toContain(past);
      expect(all.find((d) => d.id === past)).toMatchObject({
        packageId: 'swiss-alpine-lakes',
        packageName: 'Swiss Alpine Lakes',
        startsOn: addDays(todayIso('UTC'), -30),
        capacity: 12,
        seatsLeft: 12,
        seatsTaken: 0,
        bookingCount: 0,
        status: 'open',
      });
      // Every package got the seeded schedule.
      expect(new Set(all.map((d) => d.packageId)).size).toBe(6);
    });

    it('counts seats taken and active bookings; a cancelled booking counts for neither', async () => {
      const id = await ctx.addDeparture();
      const a = await ctx.book(ctx.traveller, { departureId: id, travellers: 3 });
      await ctx.book(ctx.traveller, { departureId: id, travellers: 2 });
      await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${a.id}/cancel`, { reason: 'Ill' });
      const d = (await departures('?packageId=swiss-alpine-lakes')).find((x) => x.id === id);
      expect(d).toMatchObject({ seatsTaken: 2, seatsLeft: 10, bookingCount: 1 });
    });

    it('answers a page at a time, in order, each departure once, with a cursor to the next page', async () => {
      const seen: AdminDeparture[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures${query}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as { departures: AdminDeparture[]; nextCursor: string | null };
        expect(page.departures.length).toBeLessThanOrEqual(7);
        if (page.nextCursor) expect(page.departures).toHaveLength(7);
        seen.push(...page.departures);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 100);
      const stored = (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM departures')).rows[0]!
        .n;
      expect(seen).toHaveLength(stored);
      expect(new Set(seen.map((d) => d.id)).size).toBe(stored);
      const keys = seen.map((d) => `${d.startsOn} ${d.packageId} ${d.id}`);
      expect(keys).toEqual([...keys].sort());
      // Without a limit, up to 500 a page: every departure of this schedule.
      const first = await ctx.call(ctx.operator, 'GET', '/api/admin/departures');
      expect((first.json() as { departures: unknown[] }).departures).toHaveLength(Math.min(500, stored));
    });

    it('refuses a page size out of range and a cursor it did not write', async () => {
      for (const query of [
        'limit=0',
        'limit=501',
        'limit=abc',
        'cursor=abc',
        `cursor=${Buffer.from('["2026-01-01","x","not-a-uuid"]').toString('base64url')}`,
      ]) {
        const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect((res.json() as { message: string }).message).toMatch(
          /limit must be a whole number from 1 to 500|This cursor is not valid/,
        );
      }
    });

    it('filters by package and by from date', async () => {
      const kyoto = await departures('?packageId=kyoto-temples-and-tea');
      expect(kyoto.length).toBeGreaterThan(5);
      expect(
        kyoto.every(
          (d) => d.packageId === 'kyoto-temples-and-tea' && d.packageName === 'Kyoto Temples & Tea',
        ),
      ).toBe(true);
      const from = addDays(todayIso('UTC'), 100);
      const later = await departures(`?from=${from}`);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((d) => d.startsOn >= from)).toBe(true);
      expect(await departures('?packageId=&from=')).toEqual(await departures());
    });

    it.each([
      ['an unknown package', '?packageId=atlantis', 'Unknown package.'],
      ['a package given twice', '?packageId=a&packageId=b', 'Give packageId once.'],
      ['a from that is not a date', '?from=tomorrow', 'from must be a date (YYYY-MM-DD).'],
      ['a from that does not exist', '?from=2026-02-30', 'from must be a date (YYYY-MM-DD).'],
    ])('answers 400 for %s', async (_label, query, message) => {
      const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });

  describe('adding a departure', () => {
    it('answers 201 with the AdminDeparture, writes an audit row, and travellers can book it', async () => {
      const startsOn = freshDate();
      const res = await create({ packageId: 'sahara-desert-caravan', startsOn, capacity: 16 });
      expect(res.statusCode).toBe(201);
      const d = res.json() as AdminDeparture;
      expect(d).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        packageId: 'sahara-desert-caravan',
        packageName: 'Sahara Desert Caravan',
        startsOn,
        capacity: 16,
        seatsLeft: 16,
        seatsTaken: 0,
        bookingCount: 0,
        status: 'open',
        minTravellers: 0,
        guaranteed: false,
        toGuarantee: 0,
        waiting: 0,
        offered: 0,
        meetingPoint: null,
        meetingTime: null,
        // No price of its own: it sells at the package's.
        price: 1320,
        ownPrice: null,
        guides: [],
        travellersComplete: 0,
        travellersTotal: 0,
        // DECISION_DAYS (30) before the date; no minimum, so never at risk.
        decideBy: addDays(startsOn, -30),
        atRisk: false,
      });
      expect(res.headers.location).toBe(`/api/admin/departures/${d.id}`);
      expect(await departureAudit(d.id)).toEqual([
        {
          booking_id: null,
          departure_id: d.id,
          actor_type: 'operator',
          actor: ctx.operator.email,
          action: 'departure.created',
          from_value: null,
          to_value: `${startsOn}, 16 seats, decide by ${addDays(startsOn, -30)}`,
          reason: null,
        },
      ]);
      const publicList = await ctx.app.inject({ url: '/api/packages/sahara-desert-caravan/departures' });
      expect(publicList.json().departures.map((x: { id: string }) => x.id)).toContain(d.id);
      await ctx.book(ctx.traveller, { packageId: 'sahara-desert-caravan', departureId: d.id, travellers: 4 });
      expect((await departures('?packageId=sahara-desert-caravan')).find((x) => x.id === d.id)).toMatchObject(
        {
          seatsTaken: 4,
          bookingCount: 1,
        },
      );
    });

    it('takes tomorrow, 1 seat and 500 seats', async () => {
      ctx.today = todayIso('UTC');
      const tomorrow = addDays(todayIso('UTC'), 1);
      expect(
        (await create({ packageId: 'tromso-northern-lights', startsOn: tomorrow, capacity: 1 })).statusCode,
      ).toBe(201);
      expect(
        (await create({ packageId: 'swiss-alpine-lakes', startsOn: tomorrow, capacity: 500 })).statusCode,
      ).toBe(201);
    });

    const ok = () => ({ packageId: 'swiss-alpine-lakes', startsOn: freshDate(), capacity: 10 });
    it.each([
      ['today', { startsOn: todayIso('UTC') }, { startsOn: 'Choose a date after today.' }],
      ['a past date', { startsOn: addDays(todayIso('UTC'), -1) }, { startsOn: 'Choose a date after today.' }],
      [
        'a date that does not exist',
        { startsOn: '2031-02-30' },
        { startsOn: 'Enter a real date (YYYY-MM-DD).' },
      ],
      [
        'a date in another format',
        { startsOn: '01/05/2031' },
        { startsOn: 'Enter a real date (YYYY-MM-DD).' },
      ],
      ['no date', { startsOn: undefined }, { startsOn: 'Choose a date.' }],
      ['capacity 0', { capacity: 0 }, { capacity: 'A departure needs at least 1 seat.' }],
      ['capacity -5', { capacity: -5 }, { capacity: 'A departure needs at least 1 seat.' }],
      ['capacity 501', { capacity: 501 }, { capacity: 'A departure can have at most 500 seats.' }],
      [
        'capacity 1.5',
        { capacity: 1.5 },
        { capacity: 'Capacity must be a whole number of seats, from 1 to 500.' },
      ],
      [
        'capacity as text',
        { capacity: '12' },
        { capacity: 'Capacity must be a whole number of seats, from 1 to 500.' },
      ],
      ['an unknown package', { packageId: 'atlantis' }, { packageId: 'This package does not exist.' }],
      ['no package', { packageId: '' }, { packageId: 'Choose a package.' }],
      [
        'nothing at all',
        { packageId: undefined, startsOn: undefined, capacity: undefined },
        {
          packageId: 'Choose a package.',
          startsOn: 'Choose a date.',
          capacity: 'Capacity must be a whole number of seats, from 1 to 500.',
        },
      ],
    ])('answers 400 with fieldErrors for %s, and adds nothing', async (_label, change, fieldErrors) => {
      const before = (await departures()).length;
      const res = await create({ ...ok(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please check the highlighted fields.', fieldErrors });
      expect((await departures()).length).toBe(before);
    });

    it('judges "after today" by the server’s day', async () => {
      ctx.today = addDays(todayIso('UTC'), 10);
      try {
        const res = await create({
          packageId: 'swiss-alpine-lakes',
          startsOn: addDays(todayIso('UTC'), 5),
          capacity: 5,
        });
        expect(res.json().fieldErrors).toEqual({ startsOn: 'Choose a date after today.' });
      } finally {
        ctx.today = todayIso('UTC');
      }
    });

    it.each([
      ['an array', '[]'],
      ['null', 'null'],
      ['malformed JSON', '{"packageId":'],
    ])('answers 400 for %s', async (_label, body) => {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    });

    it('refuses a second departure of the package on the same date with 409', async () => {
      const body = { packageId: 'santorini-sunset-sail', startsOn: freshDate(), capacity: 8 };
      expect((await create(body)).statusCode).toBe(201);
      const again = await create({ ...body, capacity: 20 });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `Santorini Sunset Sail already has a departure on ${formatTripDate(body.startsOn)}. Change that one instead.`,
      );
      // Another package on that date is fine.
      expect((await create({ ...body, packageId: 'swiss-alpine-lakes' })).statusCode).toBe(201);
    });

    it('two operators adding the same date at once get one departure and one 409', async () => {
      const body = { packageId: 'amazon-rainforest-expedition', startsOn: freshDate(), capacity: 8 };
      const answers = await Promise.all([create(body), create(body), create(body)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const { rows } = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM departures WHERE package_id = $1 AND starts_on = $2`,
        [body.packageId, body.startsOn],
      );
      expect(rows[0]!.n).toBe(1);
    });
  });

  describe('changing a departure', () => {
    it('changes capacity with an audit row from and to', async () => {
      const id = await ctx.addDeparture();
      const res = await patch(id, { capacity: 20 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, capacity: 20, seatsLeft: 20, status: 'open' });
      expect(await departureAudit(id)).toEqual([
        expect.objectContaining({
          actor_type: 'operator',
          actor: ctx.operator.email,
          action: 'departure.capacity',
          from_value: '12',
          to_value: '20',
        }),
      ]);
    });

    it('closes and reopens, with departure.closed and departure.reopened; closed stops bookings', async () => {
      const id = await ctx.addDeparture();
      const closed = await patch(id, { status: 'closed' });
      expect(closed.json()).toMatchObject({ status: 'closed' });
      const refused = await injectBooking(ctx.app, ctx.traveller, { ...validBooking, departureId: id });
      expect(refused.statusCode).toBe(409);
      const reopened = await patch(id, { status: 'open' });
      expect(reopened.json()).toMatchObject({ status: 'open' });
      await ctx.book(ctx.traveller, { departureId: id });
      expect((await departureAudit(id)).map((r) => [r.action, r.from_value, r.to_value])).toEqual([
        ['departure.closed', 'open', 'closed'],
        ['departure.reopened', 'closed', 'open'],
      ]);
    });

    it('changes both at once with two audit rows; a change to the same values writes none', async () => {
      const id = await ctx.addDeparture();
      expect((await patch(id, { capacity: 30, status: 'closed' })).json()).toMatchObject({
        capacity: 30,
        status: 'closed',
      });
      const same = await patch(id, { capacity: 30, status: 'closed' });
      expect(same.statusCode).toBe(200);
      expect((await departureAudit(id)).map((r) => r.action)).toEqual([
        'departure.capacity',
        'departure.closed',
      ]);
    });

    it('refuses a capacity below the seats taken with 409 {message, seatsTaken}; equal is fine', async () => {
      const id = await ctx.addDeparture();
      await ctx.book(ctx.traveller, { departureId: id, travellers: 5 });
      const res = await patch(id, { capacity: 4, status: 'closed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: '5 seats are already taken on this departure: the capacity cannot be lower than 5.',
        seatsTaken: 5,
      });
      // Nothing of the change was applied, the status neither.
      expect(await stored(id)).toEqual({ capacity: 12, status: 'open', seats_taken: 5 });
      expect(await departureAudit(id)).toEqual([]);
      const equal = await patch(id, { capacity: 5 });
      expect(equal.statusCode).toBe(200);
      expect(equal.json()).toMatchObject({ capacity: 5, seatsLeft: 0, seatsTaken: 5 });
    });

    it.each([
      [
        'an empty object',
        {},
        'Nothing to change: send capacity, status, minTravellers, meetingPoint, meetingTime, guides, price or decideBy.',
      ],
      [
        'an unknown field',
        { capacity: 10, seatsTaken: 0 },
        'Only capacity, status, minTravellers, meetingPoint, meetingTime, guides, price and decideBy can be changed.',
      ],
      ['an array', [], 'The change could not be read: send a JSON object.'],
      ['null', null, 'The change could not be read: send a JSON object.'],
    ])('answers 400 for %s', async (_label, body, message) => {
      const id = await ctx.addDeparture();
      const res = await patch(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await stored(id)).toEqual({ capacity: 12, status: 'open', seats_taken: 0 });
    });

    it.each([
      ['capacity 0', { capacity: 0 }, { capacity: 'A departure needs at least 1 seat.' }],
      ['capacity 501', { capacity: 501 }, { capacity: 'A departure can have at most 500 seats.' }],
      [
        'capacity null',
        { capacity: null },
        { capacity: 'Capacity must be a whole number of seats, from 1 to 500.' },
      ],
      ['status full', { status: 'full' }, { status: 'Status must be open or closed.' }],
      [
        'both wrong',
        { capacity: 'ten', status: 1 },
        {
          capacity: 'Capacity must be a whole number of seats, from 1 to 500.',
          status: 'Status must be open or closed.',
        },
      ],
    ])('answers 400 with fieldErrors for %s', async (_label, body, fieldErrors) => {
      const id = await ctx.addDeparture();
      const res = await patch(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await patch(id, { capacity: 10 });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('No such departure.');
      }
    });

    it('a change whose audit row cannot be written changes nothing; nor does an add (503)', async () => {
      const id = await ctx.addDeparture();
      const clientDir = makeClientDir();
      const app = await buildTestApp({ clientDir, db: failingOn(ctx.db, /INSERT INTO audit_events/) });
      const startsOn = freshDate();
      try {
        const headers = {
          authorization: `Bearer ${ctx.operator.idToken}`,
          'content-type': 'application/json',
        };
        const changed = await app.inject({
          method: 'PATCH',
          url: `/api/admin/departures/${id}`,
          headers,
          payload: JSON.stringify({ capacity: 30, status: 'closed' }),
        });
        expect(changed.statusCode).toBe(503);
        const added = await app.inject({
          method: 'POST',
          url: '/api/admin/departures',
          headers,
          payload: JSON.stringify({ packageId: 'swiss-alpine-lakes', startsOn, capacity: 9 }),
        });
        expect(added.statusCode).toBe(503);
      } finally {
        await app.close();
        rmSync(clientDir, { recursive: true, force: true });
      }
      expect(await stored(id)).toEqual({ capacity: 12, status: 'open', seats_taken: 0 });
      expect((await departures()).some((d) => d.startsOn === startsOn)).toBe(false);
    });

    it('a capacity cut racing bookings never leaves more seats sold than the capacity', async () => {
      const id = await ctx.addDeparture({ capacity: 40 });
      const bookings = Array.from({ length: 12 }, () =>
        injectBooking(ctx.app, ctx.traveller, { ...validBooking, departureId: id, travellers: 2 }),
      );
      const cut = patch(id, { capacity: 10 });
      const [cutAnswer, ...answers] = await Promise.all([cut, ...bookings]);
      const sold = answers.filter((r) => r.statusCode === 201).length;
      expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const row = (await stored(id))!;
      const active = await ctx.db.query<{ n: number }>(
        `SELECT coalesce(sum(travellers), 0)::int AS n FROM bookings WHERE departure_id = $1 AND status <> 'cancelled'`,
        [id],
      );
      expect(row.seats_taken).toBe(active.rows[0]!.n);
      expect(row.seats_taken).toBe(sold * 2);
      expect(row.seats_taken).toBeLessThanOrEqual(row.capacity);
      // Whichever came first, the seats that fit were sold: at least the 10 the cut leaves.
      expect(row.seats_taken).toBeGreaterThanOrEqual(10);
      if (cutAnswer.statusCode === 200) {
        expect(row.capacity).toBe(10);
      } else {
        // The cut came after more than 10 seats were sold: refused with what was taken then.
        expect(cutAnswer.statusCode).toBe(409);
        expect(cutAnswer.json().seatsTaken).toBeGreaterThan(10);
        expect(row.capacity).toBe(40);
      }
    });
  });

  describe('the manifest', () => {
    it('lists the departure and its active bookings by name, with contact details', async () => {
      const id = await ctx.addDeparture();
      const zed = await ctx.book(ctx.traveller, { departureId: id, name: 'Zed Zimmer', travellers: 2 });
      const amy = await ctx.book(ctx.traveller, {
        departureId: id,
        name: 'amy Adams',
        phone: '4915112345678',
      });
      const gone = await ctx.book(ctx.traveller, { departureId: id, name: 'Bea Gone' });
      const mo = await ctx.book(ctx.traveller, { departureId: id, name: 'Mo Middle' });
      await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${mo.id}/confirm`);
      await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${gone.id}/cancel`, { reason: 'Ill' });
      await ctx.book(ctx.traveller, { name: 'Elsewhere' });

      const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${id}/manifest`);
      expect(res.statusCode).toBe(200);
      const manifest = res.json() as Manifest;
      expect(manifest.departure).toMatchObject({
        id,
        seatsTaken: 4,
        bookingCount: 3,
        packageName: 'Swiss Alpine Lakes',
      });
      expect(manifest.bookings.map((b) => b.name)).toEqual(['amy Adams', 'Mo Middle', 'Zed Zimmer']);
      expect(manifest.bookings[0]).toMatchObject({
        id: amy.id,
        email: amy.email,
        phone: '4915112345678',
        travellers: 1,
        status: 'requested',
        userId: ctx.traveller.uid,
      });
      expect(manifest.bookings.map((b) => b.status)).toEqual(['requested', 'confirmed', 'requested']);
      expect(manifest.bookings[2]!.travellers).toBe(zed.travellers);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [randomUUID(), 'nope']) {
        const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${id}/manifest`);
        expect(res.statusCode).toBe(404);
      }
    });
  });
});
