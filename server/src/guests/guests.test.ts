// @vitest-environment node
// Travellers' details end to end with real emulator tokens, on PGlite and (TEST_DATABASE_URL)
// PostgreSQL: the guests of a new booking, the owner's save with every rule, the manifest with
// every traveller, its CSV, the guide's check-in, and operators' internal notes that no traveller
// ever sees.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { emptyGuest, type Guest } from '#contracts/guests';
import { readCsv, useAdminApp } from '../test/console-kit.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { createUser, storeCases, type TestUser } from '../test/fixtures.js';
import type { AdminBooking, AuditEvent, Manifest, Note, Booking } from '#contracts/api';

// Travellers after the first carry whether the lead invited them (server/src/guest-links).
const notInvited = (g: Guest) => ({ ...g, inviteStatus: 'not-invited' });

const filled = (fullName: string, extra: Partial<Guest> = {}): Guest => ({
  fullName,
  dateOfBirth: '1985-04-12',
  dietary: 'Vegetarian',
  medical: 'Asthma: carries an inhaler',
  emergencyName: 'Sam Lovelace',
  emergencyPhone: '+44 (20) 7946-0000',
  ...extra,
});

describeEach(storeCases())("travellers' details on $name", { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);
  let stranger: TestUser;
  beforeAll(async () => {
    stranger = await createUser('stranger');
  }, 60_000);

  const put = (user: TestUser | null, id: string, body: unknown) =>
    ctx.call(user, 'PUT', `/api/bookings/${id}/guests`, body);
  const bookFor = async (travellers: number, daysAhead?: number) => {
    const departureId = await ctx.addDeparture({ daysAhead });
    return ctx.book(ctx.traveller, { departureId, travellers });
  };
  const guestRows = async (bookingId: string) =>
    (
      await ctx.db.query<{
        position: number;
        full_name: string;
        date_of_birth: string | null;
        medical: string;
      }>(
        `SELECT position, full_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth, medical
         FROM booking_guests WHERE booking_id = $1 ORDER BY position`,
        [bookingId],
      )
    ).rows;

  describe('a new booking', () => {
    it('holds one guest per traveller: the first with the booking’s name, the others empty', async () => {
      const booking = await bookFor(3);
      expect(booking.guests).toEqual([
        emptyGuest('Ada Lovelace'),
        notInvited(emptyGuest()),
        notInvited(emptyGuest()),
      ]);
      expect(booking.detailsComplete).toBe(false);
      const one = (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
      expect(one.guests).toEqual(booking.guests);
      const all = (await ctx.call(ctx.traveller, 'GET', '/api/bookings')).json() as { bookings: Booking[] };
      expect(all.bookings.find((b) => b.id === booking.id)).toMatchObject({ guests: booking.guests });
      expect(await guestRows(booking.id)).toHaveLength(3);
      // The traveller's payload never carries the guide's check-in.
      expect(Object.keys(one.guests[0]!)).not.toContain('checkIn');
    });
  });

  describe('PUT /api/bookings/{id}/guests', () => {
    it('saves part now and the rest later; complete once every traveller has name, birth date and contact', async () => {
      const booking = await bookFor(3);
      const first = await put(ctx.traveller, booking.id, {
        guests: [filled('Ada Lovelace'), filled('Charles Babbage'), emptyGuest()],
      });
      expect(first.statusCode, first.body).toBe(200);
      const partly = first.json() as Booking;
      expect(partly.guests[1]).toEqual({ ...filled('Charles Babbage'), inviteStatus: 'complete' });
      expect(partly.guests[2]).toEqual(notInvited(emptyGuest()));
      expect(partly.detailsComplete).toBe(false);

      const later = await put(ctx.traveller, booking.id, {
        guests: [...partly.guests.slice(0, 2), filled('Mary Somerville', { dietary: '', medical: '' })],
      });
      expect(later.statusCode).toBe(200);
      expect((later.json() as Booking).detailsComplete).toBe(true);
      expect(
        (
          (await ctx.call(ctx.traveller, 'GET', '/api/bookings')).json() as { bookings: Booking[] }
        ).bookings.find((b) => b.id === booking.id)?.detailsComplete,
      ).toBe(true);
    });

    it('writes an audit row that names what changed, never the values; a save that changes nothing writes none', async () => {
      const booking = await bookFor(2);
      const guests = [filled('Ada Lovelace'), filled('Zebedee Quux', { medical: 'Peanut allergy' })];
      expect((await put(ctx.traveller, booking.id, { guests })).statusCode).toBe(200);
      expect((await put(ctx.traveller, booking.id, { guests })).statusCode).toBe(200);
      const rows = (await ctx.audit({ bookingId: booking.id })).filter((r) => r.action === 'guests.updated');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_type: 'traveller', actor: ctx.traveller.email });
      expect(rows[0]!.to_value).toBe(
        'traveller 1: date of birth, dietary needs, medical notes, emergency contact name, emergency contact phone; traveller 2: full name, date of birth, dietary needs, medical notes, emergency contact name, emergency contact phone',
      );
      // Every audit row of the booking but its random ids: a booking id once began with "7946".
      const everything = JSON.stringify(
        (await ctx.audit({ bookingId: booking.id })).map(({ booking_id, departure_id, ...row }) => row),
      );
      for (const value of ['Zebedee', 'Peanut', '1985-04-12', 'Sam Lovelace', '7946', 'Vegetarian']) {
        expect(everything).not.toContain(value);
      }
    });

    it('takes empty fields, nulls, missing fields and blanks as "not yet"; trims what is typed', async () => {
      const booking = await bookFor(2);
      const res = await put(ctx.traveller, booking.id, {
        guests: [{ fullName: '  Ada  ', dateOfBirth: '', dietary: '   ' }, { dateOfBirth: null }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Booking).guests).toEqual([emptyGuest('Ada'), notInvited(emptyGuest())]);
    });

    it('needs exactly one entry per traveller (400), and stores nothing otherwise', async () => {
      const booking = await bookFor(3);
      for (const guests of [[], [emptyGuest()], [emptyGuest(), emptyGuest()], Array(4).fill(emptyGuest())]) {
        const res = await put(ctx.traveller, booking.id, { guests });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(
          `This booking is for 3 travellers: send 3 entries, not ${guests.length}.`,
        );
      }
      for (const body of [{}, { guests: 'Ada' }, { guests: { 0: {} } }, [], 'text', null, 42]) {
        const res = await put(ctx.traveller, booking.id, body === null ? 'null' : body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
      const notObjects = await put(ctx.traveller, booking.id, { guests: [emptyGuest(), 'Bob', null] });
      expect(notObjects.statusCode).toBe(400);
      expect(notObjects.json().fieldErrors).toEqual({
        'guests.1': 'Traveller 2: send an object with the details.',
        'guests.2': 'Traveller 3: send an object with the details.',
      });
      expect((await guestRows(booking.id)).map((g) => g.full_name)).toEqual(['Ada Lovelace', '', '']);
    });

    it('refuses names that would read otherwise on the manifest: overrides, C1 controls, lone surrogates', async () => {
      const booking = await bookFor(3);
      const res = await put(ctx.traveller, booking.id, {
        guests: [
          filled('Ana\u202egnp.exe'),
          filled('Bo\u0085b', { dietary: 'Vegan\ud800' }),
          filled('Cleo', { medical: 'line one\nline two' }),
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        'guests.0.fullName':
          'Full name must not contain control characters (such as line breaks or invisible codes).',
        'guests.1.fullName':
          'Full name must not contain control characters (such as line breaks or invisible codes).',
        'guests.1.dietary': 'Dietary needs must not contain control characters (invisible codes).',
      });
      expect((await guestRows(booking.id)).map((g) => g.full_name)).toEqual(['Ada Lovelace', '', '']);
    });

    it('checks every filled field: fieldErrors keyed guests.{index}.{field}; nothing is stored', async () => {
      const booking = await bookFor(3);
      const today = todayIso('UTC');
      const res = await put(ctx.traveller, booking.id, {
        guests: [
          filled('A'.repeat(101), { dateOfBirth: addDays(today, 1), emergencyPhone: '12345' }),
          filled('Bell\u0007 Ringer', {
            dateOfBirth: '1899-12-31',
            dietary: 'x'.repeat(501),
            emergencyPhone: 'call 555 0142',
            emergencyName: 'Null\u0000Byte',
          }),
          {
            fullName: 42,
            dateOfBirth: '2001-02-30',
            medical: 'y'.repeat(501),
            emergencyPhone: '+1 (415) 555-0142 000',
            dietary: ['nuts'],
          },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please check the highlighted fields.',
        fieldErrors: {
          'guests.0.fullName': 'Full name must be at most 100 characters.',
          'guests.0.dateOfBirth': 'Date of birth must be in the past and after 1900.',
          'guests.0.emergencyPhone': 'A phone number needs at least 6 digits.',
          'guests.1.fullName':
            'Full name must not contain control characters (such as line breaks or invisible codes).',
          'guests.1.dateOfBirth': 'Date of birth must be in the past and after 1900.',
          'guests.1.dietary': 'Dietary needs must be at most 500 characters.',
          'guests.1.emergencyName':
            'Emergency contact name must not contain control characters (such as line breaks or invisible codes).',
          'guests.1.emergencyPhone':
            'Use digits, spaces and + ( ) - . only in a phone number, with + only at the start.',
          'guests.2.fullName': 'Full name must be text.',
          'guests.2.dateOfBirth': 'Date of birth must be a date (YYYY-MM-DD).',
          'guests.2.dietary': 'Dietary needs must be text.',
          'guests.2.medical': 'Medical or accessibility notes must be at most 500 characters.',
          'guests.2.emergencyPhone': 'Emergency contact phone must be at most 20 characters.',
        },
      });
      expect((await guestRows(booking.id)).map((g) => g.full_name)).toEqual(['Ada Lovelace', '', '']);
    });

    it('takes the limits exactly; new lines and tabs in dietary and medical notes', async () => {
      const booking = await bookFor(1);
      const res = await put(ctx.traveller, booking.id, {
        guests: [
          filled('N'.repeat(100), {
            dateOfBirth: '1900-01-02',
            dietary: 'd'.repeat(500),
            medical: 'Line one\n\tLine two',
            emergencyPhone: '+1 (415) 555-0142',
          }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await guestRows(booking.id))[0]).toMatchObject({
        full_name: 'N'.repeat(100),
        date_of_birth: '1900-01-02',
        medical: 'Line one\n\tLine two',
      });
    });

    it('409 for a cancelled booking', async () => {
      const booking = await bookFor(2);
      await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/cancel`);
      const res = await put(ctx.traveller, booking.id, { guests: [filled('Ada'), filled('Bob')] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "This booking is cancelled: its travellers' details can no longer be changed.",
      );
    });

    it('409 fewer than DETAILS_CUTOFF_DAYS (2) before the departure; exactly 2 days ahead still saves', async () => {
      const soon = await bookFor(1, 1);
      const res = await put(ctx.traveller, soon.id, { guests: [filled('Ada')] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "Travellers' details can be changed online until 2 days before departure. To change them now, please call us on +1 (415) 555-0142 or email hello@wayfarer-tours.example.",
      );
      const edge = await bookFor(1, 2);
      expect((await put(ctx.traveller, edge.id, { guests: [filled('Ada')] })).statusCode).toBe(200);
      // The day moves on: the same booking is now inside the cutoff.
      const saved = ctx.today;
      ctx.today = addDays(saved, 1);
      try {
        expect((await put(ctx.traveller, edge.id, { guests: [filled('Ada B')] })).statusCode).toBe(409);
      } finally {
        ctx.today = saved;
      }
    });

    it('404 for anyone else’s booking, an unknown or malformed id; 401 without a valid token', async () => {
      const booking = await bookFor(1);
      const body = { guests: [filled('Mallory')] };
      for (const [user, id] of [
        [stranger, booking.id],
        [ctx.operator, booking.id],
        [ctx.traveller, randomUUID()],
        [ctx.traveller, 'nope'],
        [ctx.traveller, `${booking.id}'--`],
      ] as const) {
        const res = await put(user, id, body);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('No such booking.');
      }
      expect((await put(null, booking.id, body)).statusCode).toBe(401);
      const forged = await ctx.app.inject({
        method: 'PUT',
        url: `/api/bookings/${booking.id}/guests`,
        headers: {
          authorization: `Bearer ${'x'.repeat(40)}.${'y'.repeat(40)}.z`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify(body),
      });
      expect(forged.statusCode).toBe(401);
      expect((await guestRows(booking.id))[0]!.full_name).toBe('Ada Lovelace');
    });

    it('refuses a body over the limit (413) and a non-JSON one (415)', async () => {
      const booking = await bookFor(1);
      const huge = await put(ctx.traveller, booking.id, { guests: [filled('x'.repeat(200_000))] });
      expect(huge.statusCode).toBe(413);
      const text = await ctx.app.inject({
        method: 'PUT',
        url: `/api/bookings/${booking.id}/guests`,
        headers: { authorization: `Bearer ${ctx.traveller.idToken}`, 'content-type': 'application/xml' },
        payload: '<guests/>',
      });
      expect(text.statusCode).toBe(415);
    });
  });

  describe('the manifest, check-in and notes', () => {
    const manifest = async (departureId: string) => {
      const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${departureId}/manifest`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Manifest;
    };
    const checkIn = (user: TestUser | null, id: string, index: number | string, body: unknown) =>
      ctx.call(user, 'POST', `/api/admin/bookings/${id}/guests/${index}/check-in`, body);

    it('lists every traveller of every active booking with their details and check-in', async () => {
      const departureId = await ctx.addDeparture();
      const a = await ctx.book(ctx.traveller, { departureId, travellers: 3 });
      const b = await ctx.book(stranger, { departureId, travellers: 1, name: 'Brenda Blue' });
      const gone = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
      await ctx.call(ctx.traveller, 'POST', `/api/bookings/${gone.id}/cancel`);
      await put(ctx.traveller, a.id, {
        guests: [filled('Ada Lovelace'), filled('Charles Babbage'), emptyGuest()],
      });
      const m = await manifest(departureId);
      expect(m.bookings.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
      const ada = m.bookings.find((x) => x.id === a.id)!;
      expect(ada.guests).toEqual([
        { ...filled('Ada Lovelace'), checkIn: null },
        { ...filled('Charles Babbage'), checkIn: null },
        { ...emptyGuest(), checkIn: null },
      ]);
      expect(ada.detailsComplete).toBe(false);
      expect(ada.notes).toEqual([]);
    });

    it('checks a traveller in: present, no-show or back to null; 200 with the booking; one audit row each', async () => {
      const departureId = await ctx.addDeparture();
      const booking = await ctx.book(ctx.traveller, { departureId, travellers: 3 });
      const present = await checkIn(ctx.operator, booking.id, 0, { state: 'present' });
      expect(present.statusCode, present.body).toBe(200);
      expect((present.json() as AdminBooking).guests.map((g) => g.checkIn)).toEqual(['present', null, null]);
      expect((await checkIn(ctx.operator, booking.id, 2, { state: 'no-show' })).statusCode).toBe(200);
      // A repeat changes nothing and writes nothing.
      expect((await checkIn(ctx.operator, booking.id, 2, { state: 'no-show' })).statusCode).toBe(200);
      expect((await checkIn(ctx.operator, booking.id, 0, { state: null })).statusCode).toBe(200);
      const m = await manifest(departureId);
      expect(m.bookings[0]!.guests.map((g) => g.checkIn)).toEqual([null, null, 'no-show']);
      const rows = (await ctx.audit({ bookingId: booking.id })).filter((r) => r.action === 'guest.check-in');
      expect(rows.map((r) => [r.actor, r.from_value, r.to_value])).toEqual([
        [ctx.operator.email, 'traveller 1: not checked in', 'traveller 1: present'],
        [ctx.operator.email, 'traveller 3: not checked in', 'traveller 3: no-show'],
        [ctx.operator.email, 'traveller 1: present', 'traveller 1: not checked in'],
      ]);
    });

    it('refuses bad states (400), travellers that are not there (404), cancelled bookings (409)', async () => {
      const booking = await bookFor(2);
      const shape = 'Send {"state": "present"}, {"state": "no-show"} or {"state": null}.';
      const value = 'The check-in state must be "present", "no-show" or null.';
      for (const [body, message] of [
        [{}, shape],
        [{ state: 'here' }, value],
        [{ state: 1 }, value],
        [{ state: ['present'] }, value],
      ] as const) {
        const res = await checkIn(ctx.operator, booking.id, 0, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().fieldErrors, JSON.stringify(body)).toEqual({ state: message });
      }
      // Not an object at all: the message alone.
      for (const body of [[], '"present"', 'null']) {
        const res = await checkIn(ctx.operator, booking.id, 0, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(shape);
      }
      for (const index of ['2', '11', '12', '-1', '01', 'abc', '1e1']) {
        const res = await checkIn(ctx.operator, booking.id, index, { state: 'present' });
        expect(res.statusCode, index).toBe(404);
      }
      // A control character is bad input, as in any field (server/src/http/problem.ts).
      expect((await checkIn(ctx.operator, booking.id, '%00', { state: 'present' })).statusCode).toBe(400);
      for (const id of [randomUUID(), 'nope']) {
        expect((await checkIn(ctx.operator, id, 0, { state: 'present' })).statusCode).toBe(404);
      }
      await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/cancel`);
      const cancelled = await checkIn(ctx.operator, booking.id, 0, { state: 'present' });
      expect(cancelled.statusCode).toBe(409);
    });

    it('only operators: 401 without a token, 403 for a traveller, even their own booking', async () => {
      const booking = await bookFor(1);
      expect((await checkIn(null, booking.id, 0, { state: 'present' })).statusCode).toBe(401);
      expect((await checkIn(ctx.traveller, booking.id, 0, { state: 'present' })).statusCode).toBe(403);
      expect(
        (await ctx.call(null, 'POST', `/api/admin/bookings/${booking.id}/notes`, { text: 'x' })).statusCode,
      ).toBe(401);
      expect(
        (await ctx.call(ctx.traveller, 'POST', `/api/admin/bookings/${booking.id}/notes`, { text: 'x' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await ctx.call(ctx.traveller, 'GET', `/api/admin/departures/${booking.departureId}/manifest.csv`))
          .statusCode,
      ).toBe(403);
      expect(
        (await ctx.call(null, 'GET', `/api/admin/departures/${booking.departureId}/manifest.csv`)).statusCode,
      ).toBe(401);
    });

    it('adds internal notes: 201, in the history and on the manifest, never to the traveller', async () => {
      const booking = await bookFor(2);
      const secret = `Guide: meet them off the night train ${randomUUID()}`;
      const res = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/notes`, {
        text: `  ${secret}\r\nSecond line  `,
      });
      expect(res.statusCode, res.body).toBe(201);
      const note = res.json() as Note;
      expect(note).toEqual({
        id: expect.any(String),
        at: expect.any(String),
        author: ctx.operator.email,
        text: `${secret}\nSecond line`,
      });
      const events = (
        (await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${booking.id}/events`)).json() as {
          events: AuditEvent[];
        }
      ).events;
      expect(events.at(-1)).toEqual({
        at: note.at,
        actor: ctx.operator.email,
        actorType: 'operator',
        action: 'note.added',
        from: null,
        to: null,
        note: note.text,
      });
      expect((await manifest(booking.departureId!)).bookings.find((b) => b.id === booking.id)!.notes).toEqual(
        [note],
      );

      // The traveller's every read, and every email queued for the booking, stay free of it.
      for (const url of ['/api/bookings', `/api/bookings/${booking.id}`]) {
        expect((await ctx.call(ctx.traveller, 'GET', url)).body).not.toContain('night train');
      }
      const saved = await put(ctx.traveller, booking.id, { guests: [filled('Ada'), emptyGuest()] });
      expect(saved.body).not.toContain('night train');
      const cancelled = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/cancel`);
      expect(cancelled.body).not.toContain('night train');
      const { rows } = await ctx.db.query<{ payload: unknown }>(
        'SELECT payload FROM outbox WHERE booking_id = $1',
        [booking.id],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain('night train');
    });

    it('checks the note: 1-2,000 characters of text, no control characters; 404 for an unknown booking', async () => {
      const booking = await bookFor(1);
      const post = (body: unknown, id = booking.id) =>
        ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${id}/notes`, body);
      expect((await post({ text: 'n'.repeat(2000) })).statusCode).toBe(201);
      const cases: [unknown, string][] = [
        [{ text: 'n'.repeat(2001) }, 'Keep the note to 2,000 characters or fewer.'],
        [{ text: '   ' }, 'Please write the note.'],
        [{}, 'Please write the note.'],
        [{ text: 42 }, 'The note must be text.'],
        [{ text: 'bell\u0007' }, 'The note must not contain control characters (invisible codes).'],
        [{ text: 'nul\u0000' }, 'The note must not contain control characters (invisible codes).'],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().fieldErrors).toEqual({ text: message });
      }
      expect((await post([])).statusCode).toBe(400);
      expect((await post({ text: 'x' }, randomUUID())).statusCode).toBe(404);
      expect((await post({ text: 'x' }, 'nope')).statusCode).toBe(404);
      const notes = (await ctx.audit({ bookingId: booking.id })).filter((r) => r.action === 'note.added');
      expect(notes).toHaveLength(1);
    });
  });

  describe('GET /api/admin/departures/{id}/manifest.csv', () => {
    const hostile = [
      "=cmd|' /C calc'!A0",
      '+1+1',
      '@SUM(1)',
      '-2+3',
      'Say "hi", then leave',
      'Comma, Separated',
      'Zoë Ünïcödé 山田',
    ];
    const neutralised = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

    it('one row per traveller, read back by a strict reader; hostile text neither breaks rows nor runs', async () => {
      const departureId = await ctx.addDeparture({ capacity: 40 });
      const booking = await ctx.book(ctx.traveller, {
        departureId,
        travellers: hostile.length,
        name: '=HYPERLINK("http://evil.example")',
      });
      const guests = hostile.map((name, i) =>
        filled(name, {
          dietary: i === 0 ? 'No nuts,\nno "shellfish"' : '',
          emergencyName: i === 1 ? '@Mum' : 'Dad',
        }),
      );
      expect((await put(ctx.traveller, booking.id, { guests })).statusCode).toBe(200);
      await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/guests/1/check-in`, {
        state: 'present',
      });
      const other = await ctx.book(stranger, { departureId, travellers: 2, name: 'Brenda Blue' });

      const res = await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${departureId}/manifest.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="wayfarer-manifest-swiss-alpine-lakes-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...records] = readCsv(res.body);
      expect(header).toEqual([
        'Reference',
        'Lead name',
        'Email',
        'Phone',
        'Traveller',
        'Date of birth',
        'Dietary needs',
        'Medical or accessibility notes',
        'Emergency contact',
        'Emergency phone',
        'Check-in',
      ]);
      expect(records).toHaveLength(hostile.length + 2);
      // References and phones are written as text formulas (="…"), as in the bookings CSV.
      const mine = records.filter((r) => r[0] === `="${booking.reference}"`);
      expect(mine).toEqual(
        guests.map((g, i) => [
          `="${booking.reference}"`,
          `'=HYPERLINK("http://evil.example")`,
          booking.email,
          `="${booking.phone}"`,
          neutralised(g.fullName),
          g.dateOfBirth,
          g.dietary,
          g.medical,
          neutralised(g.emergencyName),
          // "+44 ..." would start a formula: written as text, as the bookings CSV writes phones.
          `="${g.emergencyPhone}"`,
          i === 1 ? 'present' : '',
        ]),
      );
      expect(records.filter((r) => r[0] === `="${other.reference}"`).map((r) => r[4])).toEqual([
        'Brenda Blue',
        '',
      ]);
    });

    it('404 for an unknown or malformed departure', async () => {
      for (const id of [randomUUID(), 'nope']) {
        expect(
          (await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${id}/manifest.csv`)).statusCode,
        ).toBe(404);
      }
    });
  });
});
