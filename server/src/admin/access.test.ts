// @vitest-environment node
// Every console endpoint, three ways: no token (401), a traveller's token (403, and nothing
// changes), an operator's token (2xx). Real emulator tokens; PGlite and PostgreSQL.
import { beforeAll, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import type { InjectOptions } from 'fastify';
import { addDays, todayIso } from '#contracts/iso-dates';
import { storeCases } from '../test/fixtures.js';
import { useAdminApp, type AdminTestContext } from '../test/console-kit.js';
import type { Booking } from '#contracts/api';

type Endpoint = {
  name: string;
  method: InjectOptions['method'];
  url: (ids: Ids) => string;
  body?: () => unknown;
  ok: number;
};
type Ids = { booking: string; departure: string };

let dateOffset = 600;

const endpoints: Endpoint[] = [
  { name: 'GET bookings', method: 'GET', url: () => '/api/admin/bookings', ok: 200 },
  { name: 'GET bookings.csv', method: 'GET', url: () => '/api/admin/bookings.csv', ok: 200 },
  { name: 'GET a booking', method: 'GET', url: (i) => `/api/admin/bookings/${i.booking}`, ok: 200 },
  { name: 'GET its events', method: 'GET', url: (i) => `/api/admin/bookings/${i.booking}/events`, ok: 200 },
  { name: 'POST confirm', method: 'POST', url: (i) => `/api/admin/bookings/${i.booking}/confirm`, ok: 200 },
  {
    name: 'POST cancel',
    method: 'POST',
    url: (i) => `/api/admin/bookings/${i.booking}/cancel`,
    body: () => ({ reason: 'Storm warning' }),
    ok: 200,
  },
  { name: 'GET departures', method: 'GET', url: () => '/api/admin/departures', ok: 200 },
  {
    name: 'POST a departure',
    method: 'POST',
    url: () => '/api/admin/departures',
    body: () => ({
      packageId: 'swiss-alpine-lakes',
      startsOn: addDays(todayIso('UTC'), dateOffset++),
      capacity: 10,
    }),
    ok: 201,
  },
  {
    name: 'PATCH a departure',
    method: 'PATCH',
    url: (i) => `/api/admin/departures/${i.departure}`,
    body: () => ({ capacity: 14, status: 'closed' }),
    ok: 200,
  },
  {
    name: 'GET a manifest',
    method: 'GET',
    url: (i) => `/api/admin/departures/${i.departure}/manifest`,
    ok: 200,
  },
];

// A loaded machine (2 cores shared with other suites) can make one call take seconds.
describeEach(storeCases())('console access on $name', { timeout: 60_000 }, (store) => {
  const ctx: AdminTestContext = useAdminApp(store);
  const ids = {} as Ids;
  let booking: Booking;

  // What a refused call must leave alone: the rows it could have changed.
  const snapshot = async () => ({
    bookings: (await ctx.db.query('SELECT id, status, updated_at FROM bookings ORDER BY id')).rows,
    departures: (await ctx.db.query('SELECT id, capacity, status, seats_taken FROM departures ORDER BY id'))
      .rows,
    audit: (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events')).rows[0]!.n,
    outbox: (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]!.n,
  });

  // Set-up, not a test: a booking and a departure for the calls below to aim at.
  beforeAll(async () => {
    ids.departure = await ctx.addDeparture();
    booking = await ctx.book(ctx.traveller, { departureId: ids.departure, travellers: 2 });
    ids.booking = booking.id;
  });

  it.each(endpoints)('$name: 401 without a token, nothing changed', async (e) => {
    const before = await snapshot();
    const res = await ctx.call(null, e.method, e.url(ids), e.body?.());
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().message).toBe('string');
    expect(await snapshot()).toEqual(before);
  });

  it.each(endpoints)('$name: 401 with a token that is not one', async (e) => {
    const res = await ctx.app.inject({
      method: e.method,
      url: e.url(ids),
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(endpoints)('$name: 403 for a traveller, nothing changed', async (e) => {
    const before = await snapshot();
    const res = await ctx.call(ctx.traveller, e.method, e.url(ids), e.body?.());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This page is for Wayfarer Tours staff only.');
    expect(await snapshot()).toEqual(before);
  });

  // In the table's order: confirm, then cancel, of the same booking.
  it.each(endpoints)('$name: $ok for an operator', async (e) => {
    const res = await ctx.call(ctx.operator, e.method, e.url(ids), e.body?.());
    expect(res.statusCode, res.body).toBe(e.ok);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a traveller who is the booking’s owner is still refused', async () => {
    const res = await ctx.call(ctx.traveller, 'GET', `/api/admin/bookings/${booking.id}`);
    expect(res.statusCode).toBe(403);
  });
});
