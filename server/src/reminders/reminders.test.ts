// @vitest-environment node
// Reminders with an injected clock, on PGlite and (TEST_DATABASE_URL) PostgreSQL: due exactly in
// their window, never before it, never for cancelled bookings, once per booking and kind however
// many runs race, and at the next run for a booking confirmed inside the window.
import { expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { useAdminApp } from '../test/console-kit.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { BookingEmailData } from '../mail/outbox.js';
import { storeCases } from '../test/fixtures.js';
import { waitFor } from '../test/wait-for.js';
import { guestDetailsIncomplete, runReminders, startReminderScheduler } from './reminders.js';

const settings = { tripDays: 7, detailsDays: 30 };
const today = todayIso('UTC');
const silent = { info: () => {}, warn: () => {} };

describeEach(storeCases())('reminders on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  const reminders = async (bookingId: string) =>
    (
      await ctx.db.query<{ kind: string; recipient: string; payload: BookingEmailData }>(
        `SELECT kind, recipient, payload FROM outbox WHERE booking_id = $1 AND kind LIKE '%-reminder'`,
        [bookingId],
      )
    ).rows;

  // A confirmed booking on a new departure `daysAhead` from today.
  const confirmedBooking = async (daysAhead: number) => {
    const departureId = await ctx.addDeparture({ daysAhead });
    const booking = await ctx.book(ctx.traveller, { departureId });
    const res = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    return { ...booking, departureId };
  };

  // Reminders run "on" a day `days` from today: the clock moves, the data stays.
  const runOn = (days: number) => runReminders(ctx.db, addDays(today, days), settings);

  it('"Your trip is coming up" goes out TRIP_REMINDER_DAYS before the departure, once, never before', async () => {
    const ahead = 1200 + Math.floor(Math.random() * 200);
    const booking = await confirmedBooking(ahead);
    await ctx.db.query(
      `UPDATE departures SET meeting_point = 'Pier 3', meeting_time = '08:30' WHERE id = $1`,
      [booking.departureId],
    );
    // 8 days before: not yet.
    await runOn(ahead - 8);
    expect(await reminders(booking.id)).toEqual([]);
    // 7 days before: due.
    await runOn(ahead - 7);
    const [sent, ...more] = await reminders(booking.id);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      kind: 'trip-reminder',
      recipient: ctx.traveller.email,
      payload: {
        reference: booking.reference,
        startsOn: booking.startsOn,
        meetingPoint: 'Pier 3',
        meetingTime: '08:30',
      },
    });
    // Later runs, the next days: nothing more.
    await runOn(ahead - 7);
    await runOn(ahead - 2);
    expect(await reminders(booking.id)).toHaveLength(1);
    const trail = await ctx.audit({ bookingId: booking.id });
    expect(trail.filter((r) => r.action === 'booking.reminder')).toEqual([
      expect.objectContaining({ actor_type: 'system', to_value: 'Your trip is coming up' }),
    ]);
  });

  it('"Traveller details needed" goes DETAILS_REMINDER_DAYS before to active bookings with details missing, once', async () => {
    const ahead = 2400 + Math.floor(Math.random() * 200);
    const departureId = await ctx.addDeparture({ daysAhead: ahead });
    const missing = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    const withDetails = { ...settings, detailsIncomplete: guestDetailsIncomplete };
    await runReminders(ctx.db, addDays(today, ahead - 31), withDetails);
    expect(await reminders(missing.id)).toEqual([]);
    await runReminders(ctx.db, addDays(today, ahead - 30), withDetails);
    await runReminders(ctx.db, addDays(today, ahead - 20), withDetails);
    const sent = await reminders(missing.id);
    expect(sent.map((r) => r.kind)).toEqual(['details-reminder']);
    expect(sent[0]!.recipient).toBe(ctx.traveller.email);
    // Complete details: not reminded.
    const complete = await ctx.book(ctx.traveller, { departureId });
    await ctx.db.query(
      `UPDATE booking_guests SET full_name = 'Ada', date_of_birth = '1990-01-01', emergency_name = 'Bob',
         emergency_phone = '+44 20 7946 0000' WHERE booking_id = $1`,
      [complete.id],
    );
    await runReminders(ctx.db, addDays(today, ahead - 19), withDetails);
    expect(await reminders(complete.id)).toEqual([]);
  });

  it("both reminders carry the booking's language: a Spanish booking's are written in Spanish", async () => {
    const ahead = 3000 + Math.floor(Math.random() * 200);
    const departureId = await ctx.addDeparture({ daysAhead: ahead });
    const spanish = await ctx.book(ctx.traveller, { departureId, travellers: 2, language: 'es' });
    const english = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    for (const b of [spanish, english]) {
      const res = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${b.id}/confirm`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const withDetails = { ...settings, detailsIncomplete: guestDetailsIncomplete };
    await runReminders(ctx.db, addDays(today, ahead - 30), withDetails);
    await runReminders(ctx.db, addDays(today, ahead - 7), withDetails);
    const kinds = async (id: string) => (await reminders(id)).map((r) => [r.kind, r.payload.language]).sort();
    expect(await kinds(spanish.id)).toEqual([
      ['details-reminder', 'es'],
      ['trip-reminder', 'es'],
    ]);
    expect(await kinds(english.id)).toEqual([
      ['details-reminder', undefined],
      ['trip-reminder', undefined],
    ]);
  });

  it('no "Traveller details needed" once details can no longer be changed online (DETAILS_CUTOFF_DAYS)', async () => {
    const ahead = 2700 + Math.floor(Math.random() * 200);
    const departureId = await ctx.addDeparture({ daysAhead: ahead });
    const late = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    const withDetails = { ...settings, detailsIncomplete: guestDetailsIncomplete, detailsCutoffDays: 2 };
    // First looked at 1 day before the trip: inside the cutoff, nothing asked.
    await runReminders(ctx.db, addDays(today, ahead - 1), withDetails);
    expect(await reminders(late.id)).toEqual([]);
    // 2 days before is still in time (the travellers page takes changes until then).
    const other = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    await runReminders(ctx.db, addDays(today, ahead - 2), withDetails);
    expect((await reminders(other.id)).map((r) => r.kind)).toEqual(['details-reminder']);
  });

  it('a booking confirmed inside the window is reminded at the next run; a requested one is not', async () => {
    const ahead = 1400 + Math.floor(Math.random() * 200);
    const departureId = await ctx.addDeparture({ daysAhead: ahead });
    const booking = await ctx.book(ctx.traveller, { departureId });
    await runOn(ahead - 3);
    expect(await reminders(booking.id)).toEqual([]);
    await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/confirm`);
    await runOn(ahead - 3);
    expect((await reminders(booking.id)).map((r) => r.kind)).toEqual(['trip-reminder']);
  });

  it('never for a cancelled booking, nor for a departure that has left', async () => {
    const ahead = 1600 + Math.floor(Math.random() * 200);
    const cancelled = await confirmedBooking(ahead);
    await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${cancelled.id}/cancel`, {
      reason: 'Asked to',
    });
    const left = await confirmedBooking(ahead + 3000);
    for (const days of [ahead - 7, ahead - 1, ahead, ahead + 3000, ahead + 3001]) await runOn(days);
    expect(await reminders(cancelled.id)).toEqual([]);
    expect(await reminders(left.id)).toEqual([]);
  });

  it('runs racing each other send each reminder exactly once', async () => {
    const ahead = 1800 + Math.floor(Math.random() * 200);
    const departureId = await ctx.addDeparture({ daysAhead: ahead, capacity: 40 });
    const bookings = await Promise.all(
      Array.from({ length: 12 }, () => ctx.book(ctx.traveller, { departureId })),
    );
    for (const b of bookings) await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${b.id}/confirm`);
    // On PostgreSQL, separate connection pools: transactions that really run at the same time.
    const others = store.name === 'PostgreSQL' ? await Promise.all([store.reopen(), store.reopen()]) : [];
    try {
      const dbs = [ctx.db, ...others];
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          runReminders(dbs[i % dbs.length]!, addDays(today, ahead - 5), settings),
        ),
      );
      expect(results.reduce((n, r) => n + r.trip, 0)).toBe(12);
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'trip-reminder' AND booking_id = ANY($1::uuid[])`,
      [bookings.map((b) => b.id)],
    );
    expect(rows[0]!.n).toBe(12);
  });

  it('the scheduler runs at start and again every interval, on the injected clock', async () => {
    const ahead = 2000 + Math.floor(Math.random() * 200);
    const first = await confirmedBooking(ahead);
    let clock = new Date(`${addDays(today, ahead - 7)}T09:00:00Z`);
    let queued = 0;
    const scheduler = startReminderScheduler({
      db: ctx.db,
      settings,
      intervalMs: 50,
      log: silent,
      now: () => clock,
      onQueued: () => {
        queued += 1;
      },
    });
    try {
      await waitFor(async () => (await reminders(first.id)).length === 1, 10_000);
      const second = await confirmedBooking(ahead + 10);
      // Not due on the clock's day; due once the clock moves on.
      await new Promise((r) => setTimeout(r, 200));
      expect(await reminders(second.id)).toEqual([]);
      clock = new Date(`${addDays(today, ahead + 4)}T09:00:00Z`);
      await waitFor(async () => (await reminders(second.id)).length === 1, 10_000);
      expect(queued).toBeGreaterThanOrEqual(2);
    } finally {
      await scheduler.stop();
    }
  });

  it('a run that cannot reach the database warns once per outage, and says when it answers again', async () => {
    let down = true;
    // The test's database, failing every call while `down`.
    const flaky = new Proxy(ctx.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          down ? Promise.reject(new Error('connect ECONNREFUSED')) : value.apply(target, args);
      },
    });
    const warned: string[] = [];
    const told: string[] = [];
    const scheduler = startReminderScheduler({
      db: flaky,
      settings,
      intervalMs: 60_000,
      log: { info: (_, msg) => told.push(msg), warn: (_, msg) => warned.push(msg) },
    });
    try {
      expect(await scheduler.runNow()).toBeUndefined();
      expect(await scheduler.runNow()).toBeUndefined();
      expect(warned).toEqual(['reminders: could not look for due reminders']);
      down = false;
      expect(await scheduler.runNow()).toEqual(expect.objectContaining({ trip: expect.any(Number) }));
      expect(told).toContain('reminders: database answers again');
      down = true;
      await scheduler.runNow();
      expect(warned).toHaveLength(2);
    } finally {
      await scheduler.stop();
    }
  });
});
