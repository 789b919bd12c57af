// @vitest-environment node
// Control characters and out-of-range dates in every query, path and body of the console's API
// and the public one: a 400 (or the route's own 404) with a message, never a 5xx, nothing stored.
import { expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { storeCases } from '../test/fixtures.js';
import { useAdminApp } from '../test/console-kit.js';

const nul = '\u0000';

describeEach(storeCases())('hostile input to the console and the public API on $name', (store) => {
  const ctx = useAdminApp(store);

  it.each([
    ['q', `ada${nul}`],
    ['q', 'ada\u001b[31m'],
    ['status', `requested${nul}`],
    ['packageId', `swiss-alpine-lakes${nul}`],
    ['departureId', `${nul}`],
    ['cursor', `abc${nul}`],
    ['limit', `1${nul}`],
  ])('GET /api/admin/bookings?%s=<control character>: 400 that names it', async (key, value) => {
    // The CSV reads the filters only (it exports every page).
    const csv = key === 'cursor' || key === 'limit' ? [] : ['/api/admin/bookings.csv'];
    for (const path of ['/api/admin/bookings', ...csv]) {
      const res = await ctx.call(ctx.operator, 'GET', `${path}?${key}=${encodeURIComponent(value)}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(new RegExp(key));
    }
  });

  it('a cursor dated in the year 0000 or 9999: 400, never a database error', async () => {
    for (const at of ['0000-01-01T00:00:00.000000Z', '9999-12-31T00:00:00.000000Z']) {
      const cursor = Buffer.from(JSON.stringify([at, crypto.randomUUID()])).toString('base64url');
      const res = await ctx.call(ctx.operator, 'GET', `/api/admin/bookings?cursor=${cursor}`);
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it.each(['0000-01-01', '1999-12-31', '9999-12-31', `2030-01-01${nul}`])(
    'GET /api/admin/departures?from=%j: 400',
    async (from) => {
      const res = await ctx.call(
        ctx.operator,
        'GET',
        `/api/admin/departures?from=${encodeURIComponent(from)}`,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^from must (be a date|not contain control characters)/);
    },
  );

  it('POST /api/admin/departures with year 0000, 9999, four years ahead or a NUL: 400 on startsOn, nothing stored', async () => {
    const fourYears = `${Number(ctx.today.slice(0, 4)) + 4}${ctx.today.slice(4)}`;
    for (const startsOn of ['0000-01-01', '9999-06-01', fourYears, `${nul}2030-01-01`]) {
      const res = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
        packageId: 'swiss-alpine-lakes',
        startsOn,
        capacity: 12,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.startsOn).toBeDefined();
    }
    const res = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
      packageId: `swiss-alpine-lakes${nul}`,
      startsOn: '2030-01-01',
      capacity: 12,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors.packageId).toMatch(/control characters/);
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM departures WHERE starts_on < '2000-01-01' OR starts_on > current_date + 1200",
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a cancellation reason with a NUL: 400 on reason; with line breaks: accepted', async () => {
    const booking = await ctx.book(ctx.traveller);
    const bad = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {
      reason: `No coach${nul}`,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fieldErrors.reason).toMatch(/control characters/);
    const good = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/cancel`, {
      reason: 'No coach.\nWe are sorry.',
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('control characters in path parameters: 400 with a message, never a 5xx', async () => {
    for (const url of [
      `/api/packages/${encodeURIComponent(`swiss${nul}`)}/departures`,
      `/api/bookings/${encodeURIComponent(nul)}`,
      `/api/admin/bookings/${encodeURIComponent(nul)}`,
      `/api/admin/departures/${encodeURIComponent(nul)}/manifest`,
    ]) {
      const res = await ctx.call(ctx.operator, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^The address must not contain control characters/);
    }
  });
});
