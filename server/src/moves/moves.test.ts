// @vitest-environment node
// "Will it run": the go/no-go date and atRisk in the console's departures, and a departure moved to
// another date through the API, on PGlite and (TEST_DATABASE_URL) PostgreSQL: who may move, what is
// refused (400, 409 with the seats needed), what one move writes (the departure closed, offers
// holding seats, emails, audit rows, the waiting list told), and each party's answer: accept (a
// change, details kept), decline (cancelled by the brand, seats back, the waiting list offered),
// and a lapse (cancelled once, however often the sweeper runs).
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import { createUser, setEmulatorClaims, signInUser, storeCases, type TestUser } from '../test/fixtures.js';
import { useAdminApp } from '../test/console-kit.js';
import { describeEach } from '../test/services.js';
import { renderEmail } from '../mail/templates.js';
import type { BookingEmailData, MoveOfferEmailData } from '../mail/outbox.js';
import { seatInvariantBreaches } from '../waitlist/seat-audit.js';
import { expireMoveOffers } from './repository.js';
import type { AdminBooking, AdminDeparture, Booking, DepartureMoveResult, MoveLink } from '#contracts/api';

describeEach(storeCases())('moving a departure on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store, { moveOfferHours: 48, decisionDays: 30 });
  let other: TestUser;
  let guide: TestUser;

  const departures = async () => {
    const res = await ctx.call(ctx.operator, 'GET', '/api/admin/departures?packageId=swiss-alpine-lakes');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { departures: AdminDeparture[] }).departures;
  };
  const departure = async (id: string) => (await departures()).find((d) => d.id === id)!;
  const move = (id: string, body: unknown, user: TestUser = ctx.operator) =>
    ctx.call(user, 'POST', `/api/admin/departures/${id}/move`, body);
  const myBooking = async (user: TestUser, id: string) => {
    const res = await ctx.call(user, 'GET', `/api/bookings/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Booking;
  };
  const outbox = async (kind: string, bookingId?: string) =>
    (
      await ctx.db.query<{ recipient: string; payload: Record<string, unknown>; booking_id: string | null }>(
        `SELECT recipient, payload, booking_id FROM outbox WHERE kind = $1 AND ($2::uuid IS NULL OR booking_id = $2)
          ORDER BY created_at`,
        [kind, bookingId ?? null],
      )
    ).rows;
  const bookingRow = async (id: string) =>
    (
      await ctx.db.query<{ status: string; cancel_reason: string | null; departure_id: string }>(
        'SELECT status, cancel_reason, departure_id FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  // A departure below its minimum with two parties (2 and 3 travellers) and a party waiting, and
  // a later date of the same package with room for them.
  const scene = async ({ targetCapacity = 12 } = {}) => {
    const source = await ctx.addDeparture({ capacity: 6 });
    const target = await ctx.addDeparture({ capacity: targetCapacity });
    await ctx.db.query('UPDATE departures SET min_travellers = 8 WHERE id = $1', [source]);
    const a = await ctx.book(ctx.traveller, { departureId: source, travellers: 2 });
    const b = await ctx.book(other, { departureId: source, travellers: 3 });
    const join = await ctx.call(ctx.traveller, 'POST', `/api/departures/${source}/waitlist`, {
      travellers: 2,
    });
    expect(join.statusCode, join.body).toBe(201);
    return { source, target, a, b, entryId: (join.json() as { id: string }).id };
  };

  it('set-up: a second traveller and a guide', async () => {
    other = await createUser('other');
    const g = await createUser('guide');
    await setEmulatorClaims(g.uid, { role: 'guide' });
    guide = { ...g, idToken: await signInUser(g.email) };
  });

  describe('decideBy and atRisk', () => {
    it('defaults to DECISION_DAYS before the date, is set on POST and PATCH, and never after the date', async () => {
      const startsOn = addDays(todayIso('UTC'), 500);
      const created = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
        packageId: 'swiss-alpine-lakes',
        startsOn,
        capacity: 10,
      });
      expect(created.statusCode, created.body).toBe(201);
      const d = created.json() as AdminDeparture;
      expect(d.decideBy).toBe(addDays(startsOn, -30));
      expect(d.atRisk).toBe(false);

      const own = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
        packageId: 'swiss-alpine-lakes',
        startsOn: addDays(startsOn, 1),
        capacity: 10,
        decideBy: addDays(startsOn, -3),
      });
      expect(own.statusCode, own.body).toBe(201);
      expect((own.json() as AdminDeparture).decideBy).toBe(addDays(startsOn, -3));

      for (const [decideBy, message] of [
        [addDays(startsOn, 3), 'cannot be after the departure'],
        ['2026-02-30', 'Enter a real date'],
        ['soon', 'Enter a real date'],
        ['2026-01-01\u0000', 'control character'],
      ]) {
        const bad = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
          packageId: 'swiss-alpine-lakes',
          startsOn: addDays(startsOn, 2),
          capacity: 10,
          decideBy,
        });
        expect(bad.statusCode, bad.body).toBe(400);
        expect(bad.json().fieldErrors.decideBy.toLowerCase()).toContain(message!.toLowerCase());
      }

      const patched = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${d.id}`, {
        decideBy: addDays(startsOn, -10),
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((patched.json() as AdminDeparture).decideBy).toBe(addDays(startsOn, -10));
      const late = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${d.id}`, {
        decideBy: addDays(startsOn, 1),
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().fieldErrors).toEqual({
        decideBy: 'The decision date cannot be after the departure.',
      });
      const audit = await ctx.audit({ departureId: d.id });
      expect(audit.filter((r) => r.action === 'departure.decide-by')).toEqual([
        expect.objectContaining({ from_value: addDays(startsOn, -30), to_value: addDays(startsOn, -10) }),
      ]);
    });

    it('marks a date at risk: a minimum not met and decideBy within 14 days or past', async () => {
      const soon = await ctx.addDeparture({ capacity: 10 });
      const { rows } = await ctx.db.query<{ starts_on: string }>(
        `SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM departures WHERE id = $1`,
        [soon],
      );
      const today = todayIso('UTC');
      const set = (body: unknown) => ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${soon}`, body);
      // A minimum of 4, one traveller booked, decide by in 14 days: at risk.
      await ctx.book(ctx.traveller, { departureId: soon, travellers: 1 });
      expect((await set({ minTravellers: 4, decideBy: addDays(today, 14) })).statusCode).toBe(200);
      expect(await departure(soon)).toMatchObject({
        atRisk: true,
        toGuarantee: 3,
        decideBy: addDays(today, 14),
      });
      // Past: still at risk. Fifteen days away: not yet.
      expect((await set({ decideBy: addDays(today, -2) })).statusCode).toBe(200);
      expect((await departure(soon)).atRisk).toBe(true);
      expect((await set({ decideBy: addDays(today, 15) })).statusCode).toBe(200);
      expect((await departure(soon)).atRisk).toBe(false);
      // No minimum, or the minimum met: never.
      expect((await set({ decideBy: addDays(today, 1), minTravellers: 0 })).statusCode).toBe(200);
      expect((await departure(soon)).atRisk).toBe(false);
      expect((await set({ minTravellers: 1 })).statusCode).toBe(200);
      expect((await departure(soon)).atRisk).toBe(false);
      void rows;
    });
  });

  describe('POST /api/admin/departures/{id}/move', () => {
    it('is for owners and operators: a traveller or a guide 403, no token 401', async () => {
      const { source, target } = await scene();
      expect((await move(source, { toDepartureId: target }, ctx.traveller)).statusCode).toBe(403);
      expect((await move(source, { toDepartureId: target }, guide)).statusCode).toBe(403);
      expect(
        (await ctx.call(null, 'POST', `/api/admin/departures/${source}/move`, { toDepartureId: target }))
          .statusCode,
      ).toBe(401);
      expect((await departure(source)).status).toBe('open');
    });

    it('refuses a bad target with a field message, and an unknown departure 404', async () => {
      const { source } = await scene();
      const otherPackage = await ctx.addDeparture({ packageId: 'kyoto-temples-and-tea' });
      const past = await ctx.addDeparture({ daysAhead: -3 });
      const closed = await ctx.addDeparture();
      await ctx.db.query(`UPDATE departures SET status = 'closed' WHERE id = $1`, [closed]);
      const cases: [unknown, string][] = [
        [{ toDepartureId: source }, 'Choose another date'],
        [{ toDepartureId: otherPackage }, 'another package'],
        [{ toDepartureId: past }, 'already left'],
        [{ toDepartureId: closed }, 'closed'],
        [{ toDepartureId: crypto.randomUUID() }, 'does not exist'],
        [{ toDepartureId: 'next week' }, 'Choose the date to move to'],
        [{}, 'Choose the date to move to'],
      ];
      for (const [body, message] of cases) {
        const res = await move(source, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fieldErrors.toDepartureId).toContain(message);
      }
      const extra = await move(source, { toDepartureId: closed, seats: 3 });
      expect(extra.statusCode).toBe(400);
      const control = await move(source, { toDepartureId: closed, message: 'hi\u0007' });
      expect(control.statusCode).toBe(400);
      expect((await move(crypto.randomUUID(), { toDepartureId: source })).statusCode).toBe(404);
      expect((await departure(source)).status).toBe('open');
    });

    it('409 with the seats needed when the target cannot take every party, and nothing moves', async () => {
      const { source, target, a } = await scene({ targetCapacity: 4 });
      const res = await move(source, { toDepartureId: target });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ seatsNeeded: 5, seatsLeft: 4 });
      expect(res.json().message).toContain('1 more seat needed');
      expect((await departure(source)).status).toBe('open');
      expect(await ctx.seatsTaken(target)).toBe(0);
      expect((await myBooking(ctx.traveller, a.id)).moveOffer).toBeNull();
    });

    it('previews without writing: the parties, their seats and the first party’s email', async () => {
      const { source, target } = await scene();
      const res = await move(source, {
        toDepartureId: target,
        message: 'Too few travellers booked.',
        dryRun: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json() as DepartureMoveResult;
      expect(preview).toMatchObject({ parties: 2, travellers: 5, expiresAt: null, waitingTold: 1 });
      expect(preview.preview!.subject).toContain('New date for your trip');
      expect(preview.preview!.text).toContain('Too few travellers booked.');
      expect((await departure(source)).status).toBe('open');
      expect(await ctx.seatsTaken(target)).toBe(0);
      expect(await outbox('move-offered')).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ booking_id: expect.anything() })]),
      );
    });

    it('closes the departure, holds each party’s seats on the new date, emails them, tells its waiting list, audits it', async () => {
      const { source, target, a, b, entryId } = await scene();
      const before = Date.now();
      const res = await move(source, {
        toDepartureId: target,
        message: 'Too few travellers booked this date.',
      });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json() as DepartureMoveResult;
      expect(result).toMatchObject({ parties: 2, travellers: 5, waitingTold: 1 });
      const expires = Date.parse(result.expiresAt!);
      expect(expires).toBeGreaterThanOrEqual(before + 48 * 3_600_000 - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3_600_000 + 1000);
      expect(result.departure).toMatchObject({ status: 'closed' });
      // The held seats count as taken on the new date, and are not bookings there.
      expect(result.target).toMatchObject({ seatsTaken: 5, offered: 5, seatsLeft: 7, bookingCount: 0 });
      expect(await seatInvariantBreaches(ctx.db)).toEqual([]);

      const offerA = (await myBooking(ctx.traveller, a.id)).moveOffer;
      expect(offerA).toEqual({
        toDepartureId: target,
        startsOn: result.target!.startsOn,
        expiresAt: result.expiresAt,
        price: a.price,
      });
      const list = await ctx.call(other, 'GET', '/api/bookings');
      expect(
        (list.json() as { bookings: Booking[] }).bookings.find((x) => x.id === b.id)!.moveOffer,
      ).toMatchObject({
        toDepartureId: target,
      });

      const mails = await outbox('move-offered');
      const mine = mails.filter((m) => m.booking_id === a.id || m.booking_id === b.id);
      expect(mine.map((m) => m.recipient).sort()).toEqual([ctx.traveller.email, other.email].sort());
      const text = renderEmail('move-offered', mine[0]!.payload as unknown as MoveOfferEmailData, {
        siteUrl: 'https://wayfarer.example',
      }).text;
      expect(text).toContain(result.target!.startsOn.slice(0, 4));
      expect(text).toContain('https://wayfarer.example/bookings');
      expect(text).toContain('Too few travellers booked this date.');
      const told = await outbox('waitlist-not-running');
      expect(told.some((m) => m.recipient === ctx.traveller.email)).toBe(true);
      const entry = await ctx.db.query<{ status: string }>(
        'SELECT status FROM waitlist_entries WHERE id = $1',
        [entryId],
      );
      expect(entry.rows[0]!.status).toBe('closed');

      const trail = await ctx.audit({ departureId: source });
      expect(trail.map((r) => r.action)).toEqual(
        expect.arrayContaining(['departure.moved', 'waitlist.closed']),
      );
      expect(trail.find((r) => r.action === 'departure.moved')!.actor).toBe(ctx.operator.email);
      for (const booking of [a, b]) {
        const rows = await ctx.audit({ bookingId: booking.id });
        expect(rows.find((r) => r.action === 'booking.move-offered')).toMatchObject({
          departure_id: target,
          actor_type: 'operator',
        });
      }
      // Moving it again while the offers are open: 409.
      const again = await move(source, { toDepartureId: await ctx.addDeparture() });
      expect(again.statusCode).toBe(409);
      // A change past the offer is refused: accept or decline first.
      const change = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/change`, { travellers: 1 });
      expect(change.statusCode).toBe(409);
    });
  });

  describe('answering the offer', () => {
    it('accept: the booking moves as a change, details and status kept, seats move, a calendar file in the email', async () => {
      const { source, target, a } = await scene();
      // Confirmed by the brand, with details filled in: both stay.
      expect((await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${a.id}/confirm`)).statusCode).toBe(
        200,
      );
      const guests = [
        {
          ...a.guests[0]!,
          fullName: 'Ada Lovelace',
          dateOfBirth: '1990-12-10',
          emergencyName: 'Byron',
          emergencyPhone: '+44 20 7946 0000',
        },
        { ...a.guests[1]!, fullName: 'Charles Babbage' },
      ];
      expect(
        (await ctx.call(ctx.traveller, 'PUT', `/api/bookings/${a.id}/guests`, { guests })).statusCode,
      ).toBe(200);
      expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);

      // Someone else's booking: 404; the owner: 200.
      expect((await ctx.call(other, 'POST', `/api/bookings/${a.id}/move/accept`)).statusCode).toBe(404);
      const res = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/accept`);
      expect(res.statusCode, res.body).toBe(200);
      const moved = res.json() as Booking;
      expect(moved).toMatchObject({
        departureId: target,
        status: 'confirmed',
        travellers: 2,
        moveOffer: null,
      });
      expect(moved.guests.map((g) => g.fullName)).toEqual(['Ada Lovelace', 'Charles Babbage']);
      // Source: 3 left (the other party's); target: 5 = 2 booked + 3 still held.
      expect(await ctx.seatsTaken(source)).toBe(3);
      expect(await ctx.seatsTaken(target)).toBe(5);
      expect(await departure(target)).toMatchObject({ offered: 3, bookingCount: 1 });
      expect(await seatInvariantBreaches(ctx.db)).toEqual([]);

      const [changed] = await outbox('booking-changed', a.id);
      const data = changed!.payload as unknown as BookingEmailData;
      expect(data.previous?.startsOn).not.toBe(data.startsOn);
      const email = renderEmail('booking-changed', data);
      expect(email.attachments[0]).toMatchObject({ filename: `${a.reference}.ics` });
      expect(email.attachments[0]!.content).toContain(
        `DTSTART;VALUE=DATE:${data.startsOn!.replaceAll('-', '')}`,
      );
      expect((await ctx.audit({ bookingId: a.id })).map((r) => r.action)).toEqual(
        expect.arrayContaining(['booking.move-accepted', 'booking.changed']),
      );
      // Nothing left to answer.
      const again = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/accept`);
      expect(again.statusCode).toBe(409);
      expect((await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/decline`)).statusCode).toBe(
        409,
      );
    });

    it('decline: cancelled by the brand, "The departure did not run", seats back, the new date’s waiting list offered', async () => {
      const { source, target, b } = await scene({ targetCapacity: 5 });
      expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);
      // The target is full with held seats: a traveller waits for it.
      const waiter = await createUser('waiter');
      const join = await ctx.call(waiter, 'POST', `/api/departures/${target}/waitlist`, { travellers: 3 });
      expect(join.statusCode, join.body).toBe(201);
      expect((await ctx.call(ctx.traveller, 'POST', `/api/bookings/${b.id}/move/decline`)).statusCode).toBe(
        404,
      );

      const res = await ctx.call(other, 'POST', `/api/bookings/${b.id}/move/decline`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'cancelled', moveOffer: null });
      expect(await bookingRow(b.id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'The departure did not run',
      });
      expect(await ctx.seatsTaken(source)).toBe(2);
      // The 3 seats held for b went to the waiting party (held for it now).
      const entry = (join.json() as { id: string }).id;
      const { rows } = await ctx.db.query<{ status: string }>(
        'SELECT status FROM waitlist_entries WHERE id = $1',
        [entry],
      );
      expect(rows[0]!.status).toBe('offered');
      expect(await ctx.seatsTaken(target)).toBe(5);
      expect(await seatInvariantBreaches(ctx.db)).toEqual([]);

      const [cancelled] = await outbox('booking-cancelled', b.id);
      expect(cancelled!.payload).toMatchObject({
        reason: 'The departure did not run',
        cancelledBy: 'system',
      });
      expect(
        renderEmail('booking-cancelled', cancelled!.payload as unknown as BookingEmailData).text,
      ).toContain('Cancelled by');
      const trail = await ctx.audit({ bookingId: b.id });
      expect(trail.find((r) => r.action === 'booking.move-declined')).toMatchObject({ actor: other.email });
      expect(trail.find((r) => r.action === 'booking.cancelled')).toMatchObject({
        actor_type: 'system',
        reason: 'The departure did not run',
      });
    });

    it('a lapsed offer is cancelled as declined, once however often the sweeper runs', async () => {
      const { source, target, a, b } = await scene();
      expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);
      await ctx.db.query(
        `UPDATE move_offers SET expires_at = now() - interval '1 minute' WHERE booking_id = $1`,
        [a.id],
      );
      const offers = () => ({ now: new Date(), offerHours: 24, packageName: (id: string) => id });
      const runs = await Promise.all([expireMoveOffers(ctx.db, offers), expireMoveOffers(ctx.db, offers)]);
      expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
      expect(await expireMoveOffers(ctx.db, offers)).toBe(0);
      expect(await bookingRow(a.id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'The departure did not run',
      });
      expect(await bookingRow(b.id)).toMatchObject({ status: 'requested' });
      expect(await ctx.seatsTaken(target)).toBe(3);
      expect(
        (await ctx.audit({ bookingId: a.id })).filter((r) => r.action === 'booking.move-expired'),
      ).toHaveLength(1);
      expect(await outbox('booking-cancelled', a.id)).toHaveLength(1);
      const late = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/accept`);
      expect(late.statusCode).toBe(409);
      expect(await seatInvariantBreaches(ctx.db)).toEqual([]);
    });

    it('an accept after the deadline, before any sweep, lapses the offer and answers 409', async () => {
      const { source, target, a } = await scene();
      expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);
      await ctx.db.query(
        `UPDATE move_offers SET expires_at = now() - interval '1 minute' WHERE booking_id = $1`,
        [a.id],
      );
      const res = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/accept`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('expired');
      expect(await bookingRow(a.id)).toMatchObject({ status: 'cancelled', departure_id: source });
      expect(await seatInvariantBreaches(ctx.db)).toEqual([]);
    });

    it('a move never raises the price: a dearer date keeps the booking’s, a cheaper one lowers it; the offer, the email and the accepted booking say so', async () => {
      const { source, target, a, b } = await scene();
      const booked = a.price;
      // The new date costs $300 more per person than the parties booked at.
      await ctx.db.query('UPDATE departures SET price_cents = $2::int * 100 WHERE id = $1', [target, booked + 300]);
      expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);
      const offered = await myBooking(ctx.traveller, a.id);
      expect(offered.moveOffer).toMatchObject({ price: booked });
      const [offerEmail] = await outbox('move-offered', a.id);
      const data = offerEmail!.payload as unknown as MoveOfferEmailData;
      expect(data.newPrice).toBe(booked);
      const text = renderEmail('move-offered', data).text;
      expect(text).toContain(`Your price stays the same: $${booked.toLocaleString('en-US')} per person`);
      expect(text).not.toContain(`$${(booked + 300).toLocaleString('en-US')}`);

      // Someone else's departure price change after the offer does not move the offer's price.
      await ctx.db.query('UPDATE departures SET price_cents = $2::int * 100 WHERE id = $1', [target, booked + 500]);
      const res = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/accept`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ departureId: target, price: booked, total: booked * 2 });

      // A cheaper new date: the other party pays less.
      const { source: s2, target: t2, a: c } = await scene();
      await ctx.db.query('UPDATE departures SET price_cents = $2::int * 100 WHERE id = $1', [t2, booked - 200]);
      expect((await move(s2, { toDepartureId: t2 })).statusCode).toBe(200);
      expect((await myBooking(ctx.traveller, c.id)).moveOffer).toMatchObject({ price: booked - 200 });
      const cheaper = renderEmail(
        'move-offered',
        (await outbox('move-offered', c.id))[0]!.payload as unknown as MoveOfferEmailData,
      ).text;
      expect(cheaper).toContain('The new date costs less');
      const accepted = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${c.id}/move/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({ price: booked - 200, total: (booked - 200) * 2 });
      expect(b.id).toBeTruthy();
    });

    it('cancelling a booking with an open offer gives the held seats back too', async () => {
      const { source, target, a } = await scene();
      expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);
      const res = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${a.id}/cancel`, {
        reason: 'Asked by phone',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx.seatsTaken(target)).toBe(3);
      expect(await seatInvariantBreaches(ctx.db)).toEqual([]);
      expect((await ctx.call(ctx.traveller, 'POST', `/api/bookings/${a.id}/move/accept`)).statusCode).toBe(
        409,
      );
    });
  });

  it('a moved (closed) date reads Closed for its guide and leaves the risk list', async () => {
    const { source, target } = await scene();
    const today = todayIso('UTC');
    // At risk before the move: a minimum of 6 not met (5 booked), the decision due.
    const decide = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${source}`, {
      decideBy: addDays(today, 1),
      minTravellers: 6,
    });
    expect(decide.statusCode, decide.body).toBe(200);
    expect((await departure(source)).atRisk).toBe(true);
    // The guide assigned (the console's PATCH checks the role in the staff directory; here, as stored).
    await ctx.db.query('INSERT INTO departure_guides (departure_id, uid) VALUES ($1, $2)', [source, guide.uid]);
    expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);

    expect(await departure(source)).toMatchObject({ status: 'closed', atRisk: false });
    const guideList = await ctx.call(guide, 'GET', '/api/guide/departures');
    expect(guideList.statusCode, guideList.body).toBe(200);
    expect(
      (guideList.json() as { departures: { id: string; status: string }[] }).departures.find(
        (d) => d.id === source,
      ),
    ).toMatchObject({ status: 'closed' });
  });

  it('a party without an account (a phone booking) answers through its personal link; staff can answer for a party', async () => {
    const source = await ctx.addDeparture({ capacity: 8 });
    const target = await ctx.addDeparture({ capacity: 8 });
    const phoneEmail = `phone-${crypto.randomUUID()}@example.com`;
    const made = await ctx.call(ctx.operator, 'POST', '/api/admin/bookings', {
      packageId: 'swiss-alpine-lakes',
      name: 'Phone Caller',
      email: phoneEmail,
      address: '1 Road',
      phone: '442079460000',
      departureId: source,
      travellers: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    const phone = made.json() as AdminBooking;
    const online = await ctx.book(ctx.traveller, { departureId: source, travellers: 1 });
    expect((await move(source, { toDepartureId: target })).statusCode).toBe(200);

    // The phone party's email carries a personal link, not "My bookings"; the account holder's does not.
    const [phoneEmailRow] = await outbox('move-offered', phone.id);
    const data = phoneEmailRow!.payload as unknown as MoveOfferEmailData;
    expect(data.answerPath).toMatch(/^\/moves\/[A-Za-z0-9_-]{43}$/);
    const text = renderEmail('move-offered', data, { siteUrl: 'https://wayfarer.example' }).text;
    expect(text).toContain(`https://wayfarer.example${data.answerPath}`);
    expect(text).toContain('Accept with the link below');
    expect((await outbox('move-offered', online.id))[0]!.payload).not.toHaveProperty('answerPath');
    // Only its hash is stored.
    const token = data.answerPath!.slice('/moves/'.length);
    const stored = await ctx.db.query('SELECT 1 FROM move_offers WHERE answer_token_hash = $1', [token]);
    expect(stored.rows).toHaveLength(0);

    const link = await ctx.call(null, 'GET', `/api/move-offers/${token}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.headers['cache-control']).toContain('no-store');
    expect(link.json()).toMatchObject({
      reference: phone.reference,
      travellers: 2,
      state: 'open',
      price: phone.price,
      newPrice: phone.price,
    } satisfies Partial<MoveLink>);
    expect(link.body).not.toContain(phoneEmail);
    expect((await ctx.call(null, 'GET', `/api/move-offers/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await ctx.call(null, 'GET', '/api/move-offers/not-a-token')).statusCode).toBe(404);

    const accepted = await ctx.call(null, 'POST', `/api/move-offers/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted' });
    expect((await bookingRow(phone.id)).departure_id).toBe(target);
    expect((await ctx.call(null, 'POST', `/api/move-offers/${token}/decline`)).statusCode).toBe(409);
    expect(await ctx.audit({ bookingId: phone.id })).toContainEqual(
      expect.objectContaining({ action: 'booking.move-accepted', actor: 'the party (personal link)' }),
    );

    // The online party called instead: the console's booking shows the offer, the operator declines
    // for them; a traveller may not.
    const inConsole = await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${online.id}`);
    expect(inConsole.json()).toMatchObject({ moveOffer: { toDepartureId: target, price: online.price } });
    expect((await ctx.call(ctx.traveller, 'POST', `/api/admin/bookings/${online.id}/move/decline`)).statusCode).toBe(
      403,
    );
    const declined = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${online.id}/move/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'cancelled', moveOffer: null });
    expect((await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${online.id}/move/accept`)).statusCode).toBe(
      409,
    );
    expect(await seatInvariantBreaches(ctx.db)).toEqual([]);
  });
});
