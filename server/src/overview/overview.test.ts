// @vitest-environment node
// GET /api/admin/overview on PGlite and (TEST_DATABASE_URL) PostgreSQL: every figure against the
// bookings, offers and waiting entries made through the API (confirmed, requested, offered, free,
// waiting, at risk, bookings per week), the window of six months, and who may read it.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { Overview, OverviewDeparture } from '#contracts/overview';
import { describeEach } from '../test/services.js';
import { createUser, setEmulatorClaims, signInUser, storeCases, type TestUser } from '../test/fixtures.js';
import { useAdminApp } from '../test/console-kit.js';
import { monthsAfter, overviewReader, weekStartOf } from './queries.js';
import type { Booking } from '#contracts/api';

async function staffUser(name: string, role: string): Promise<TestUser> {
  const user = await createUser(name);
  await setEmulatorClaims(user.uid, { role });
  return { ...user, idToken: await signInUser(user.email) };
}

describe('the overview’s calendar', () => {
  it('weeks start on Monday', () => {
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });
  it('six months after the 31st of August is the last day of February', () => {
    expect(monthsAfter('2026-08-31', 6)).toBe('2027-02-28');
    expect(monthsAfter('2026-11-26', 6)).toBe('2027-05-26');
  });
});

describeEach(storeCases())('the overview on $name', { timeout: 120_000 }, (store) => {
  const ctx = useAdminApp(store);
  const today = todayIso('UTC');
  let owner: TestUser;
  let operator: TestUser;
  let guide: TestUser;
  const travellers: TestUser[] = [];
  const made: Booking[] = [];

  const overview = async (user: TestUser = operator) => {
    const res = await ctx.call(user, 'GET', '/api/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as Overview;
  };
  const find = (o: Overview, id: string) => o.departures.find((d) => d.id === id);
  // A departure straight into the table: `daysAhead` from today, with a minimum.
  const departure = async (daysAhead: number, capacity: number, min = 0) => {
    const id = randomUUID();
    await ctx.db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, min_travellers)
       VALUES ($1, 'tromso-northern-lights', $2, $3, $4)`,
      [id, addDays(today, daysAhead), capacity, min],
    );
    return id;
  };
  const book = async (user: TestUser, departureId: string, n: number) => {
    const booking = await ctx.book(user, {
      packageId: 'tromso-northern-lights',
      departureId,
      travellers: n,
    });
    made.push(booking);
    return booking;
  };
  const confirm = async (id: string) =>
    expect((await ctx.call(operator, 'POST', `/api/admin/bookings/${id}/confirm`, {})).statusCode).toBe(200);
  const cancel = async (id: string) =>
    expect(
      (await ctx.call(operator, 'POST', `/api/admin/bookings/${id}/cancel`, { reason: 'Plans changed' }))
        .statusCode,
    ).toBe(200);
  const join = async (user: TestUser, departureId: string, n: number) =>
    expect(
      (await ctx.call(user, 'POST', `/api/departures/${departureId}/waitlist`, { travellers: n })).statusCode,
    ).toBe(201);

  const daysTo = (iso: string) => Math.round((Date.parse(iso) - Date.parse(today)) / 86_400_000);
  const ids = { risky: '', open: '', guaranteed: '', edge: '', late: '', beyond: '', past: '' };

  // Set-up, not a test: departures whose every figure is known from what is made on them.
  beforeAll(async () => {
    [owner, operator, guide] = await Promise.all([
      staffUser('owner', 'owner'),
      staffUser('operator', 'operator'),
      staffUser('guide', 'guide'),
    ]);
    travellers.push(...(await Promise.all([1, 2, 3, 4, 5].map((i) => createUser(`traveller${i}`)))));
    const [t1, t2, t3, t4, t5] = travellers as [TestUser, TestUser, TestUser, TestUser, TestUser];
    // 44 days ahead: its go/no-go date (30 days before) is 14 days away, close enough to be at
    // risk while its minimum is not reached.
    ids.risky = await departure(44, 10, 8);
    const a = await book(t1, ids.risky, 3);
    await confirm(a.id);
    await book(t2, ids.risky, 2);
    const c = await book(t3, ids.risky, 4);
    // 1 seat left: parties of 2 and 4 wait; the cancel frees 4 seats, offered to the first party
    // (2); the second (4) no longer fits the 3 left and keeps waiting.
    await join(t4, ids.risky, 2);
    await join(t5, ids.risky, 4);
    await cancel(c.id);
    // 45 days ahead: its go/no-go date is 15 days away, not yet at risk.
    ids.edge = await departure(45, 6, 4);
    await book(t1, ids.edge, 1);
    // Its minimum met by confirmed and requested travellers: guaranteed, not at risk.
    ids.guaranteed = await departure(20, 8, 4);
    const g = await book(t2, ids.guaranteed, 2);
    await confirm(g.id);
    await book(t3, ids.guaranteed, 2);
    // No minimum: never at risk, even tomorrow.
    ids.open = await departure(1, 12, 0);
    await book(t4, ids.open, 1);
    // The last day of the window is outside it; yesterday is past.
    ids.late = await departure(daysTo(monthsAfter(today, 6)) - 1, 5);
    ids.beyond = await departure(daysTo(monthsAfter(today, 6)), 5);
    ids.past = await departure(-1, 5);
    const thisWeek = weekStartOf(today);
    const first = addDays(thisWeek, -77);
    // Received earlier (before any read: a booking's created_at never moves, and the overview
    // counts the weeks before the last minute once): one on the first day counted, one the day before it (not counted), two
    // in the same week three weeks ago.
    const [early, outside, threeA, threeB] = made;
    const backdate = (b: Booking, at: string) =>
      ctx.db.query('UPDATE bookings SET created_at = $2 WHERE id = $1', [b.id, at]);
    await backdate(early!, `${first}T00:00:00Z`);
    await backdate(outside!, `${addDays(first, -1)}T23:59:59Z`);
    await backdate(threeA!, `${addDays(thisWeek, -21)}T10:00:00Z`);
    await backdate(threeB!, `${addDays(thisWeek, -15)}T23:00:00Z`);
  });

  it('answers each departure’s seats, waiting travellers and risk as the bookings made them', async () => {
    const o = await overview();
    expect(o.from).toBe(today);
    expect(o.to).toBe(monthsAfter(today, 6));
    expect(find(o, ids.risky)).toEqual<OverviewDeparture>({
      id: ids.risky,
      packageId: 'tromso-northern-lights',
      packageName: 'Tromsø Northern Lights',
      startsOn: addDays(today, 44),
      status: 'open',
      capacity: 10,
      confirmed: 3,
      requested: 2,
      offered: 2,
      free: 3,
      waiting: 4,
      minTravellers: 8,
      toGuarantee: 3,
      decideBy: addDays(today, 14),
      atRisk: true,
    });
    expect(find(o, ids.edge)).toMatchObject({
      confirmed: 0,
      requested: 1,
      offered: 0,
      free: 5,
      waiting: 0,
      toGuarantee: 3,
      decideBy: addDays(today, 15),
      atRisk: false,
    });
    expect(find(o, ids.guaranteed)).toMatchObject({
      confirmed: 2,
      requested: 2,
      free: 4,
      toGuarantee: 0,
      atRisk: false,
    });
    expect(find(o, ids.open)).toMatchObject({ requested: 1, free: 11, minTravellers: 0, atRisk: false });
    expect(find(o, ids.late)).toMatchObject({ free: 5, confirmed: 0 });
    expect(find(o, ids.beyond)).toBeUndefined();
    expect(find(o, ids.past)).toBeUndefined();
  });

  it('every departure of the window, soonest first, its seats adding up to its capacity and its bookings', async () => {
    const o = await overview();
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT id FROM departures WHERE starts_on >= $1 AND starts_on < $2 ORDER BY starts_on, package_id, id`,
      [o.from, o.to],
    );
    expect(o.departures.map((d) => d.id)).toEqual(rows.map((r) => r.id));
    for (const d of o.departures) {
      expect(d.confirmed + d.requested + d.offered + d.free, d.id).toBe(d.capacity);
      // Counted from the bookings themselves, not from the counters the overview reads.
      const live = made.filter((b) => b.departureId === d.id);
      const seats = async (status: string) =>
        (
          await ctx.db.query<{ n: number }>(
            `SELECT coalesce(sum(travellers), 0)::int AS n FROM bookings WHERE departure_id = $1 AND status = $2`,
            [d.id, status],
          )
        ).rows[0]!.n;
      expect([d.confirmed, d.requested], d.id).toEqual([await seats('confirmed'), await seats('requested')]);
      if (live.length === 0) expect(d.confirmed + d.requested).toBe(0);
    }
  });

  it('counts the bookings received in each of the last twelve weeks, zero weeks included', async () => {
    const thisWeek = weekStartOf(today);
    const first = addDays(thisWeek, -77);
    const [early, , threeA, threeB] = made;
    const o = await overview(owner);
    expect(o.weeks.map((w) => w.weekStart)).toEqual(
      Array.from({ length: 12 }, (_, i) => addDays(first, 7 * i)),
    );
    const rest = made.slice(4);
    const sum = (bs: Booking[]) => bs.reduce((n, b) => n + b.travellers, 0);
    const expected = o.weeks.map((w) => ({ weekStart: w.weekStart, bookings: 0, travellers: 0 }));
    expected[0] = { weekStart: first, bookings: 1, travellers: early!.travellers };
    expected[8] = {
      weekStart: addDays(thisWeek, -21),
      bookings: 2,
      travellers: threeA!.travellers + threeB!.travellers,
    };
    // Cancelled ones were received too.
    expected[11] = { weekStart: thisWeek, bookings: rest.length, travellers: sum(rest) };
    expect(o.weeks).toEqual(expected);
  });

  it('is for owners and operators: a guide is refused, nobody signed in is asked to', async () => {
    await overview(owner);
    await overview(operator);
    const refused = await ctx.call(guide, 'GET', '/api/admin/overview');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/staff only/);
    const traveller = await ctx.call(travellers[0]!, 'GET', '/api/admin/overview');
    expect(traveller.statusCode).toBe(403);
    const anonymous = await ctx.call(null, 'GET', '/api/admin/overview');
    expect(anonymous.statusCode).toBe(401);
  });

  it('compresses the answer as the client accepts, the same bytes while nothing changed, new ones after a change', async () => {
    const read = (encoding: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: { authorization: `Bearer ${operator.idToken}`, 'accept-encoding': encoding },
      });
    const plain = await overview();
    const br = await read('gzip;q=0.5, br');
    expect(br.statusCode, br.body).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('private, no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain);
    const gzip = await read('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain);
    expect((await read('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    expect((await read('identity')).headers['content-encoding']).toBeUndefined();

    await book(travellers[3]!, ids.open, 1);
    const changed = await read('br');
    expect(changed.rawPayload.equals(br.rawPayload)).toBe(false);
    const now = JSON.parse(brotliDecompressSync(changed.rawPayload).toString('utf8')) as Overview;
    expect(find(now, ids.open)!.requested).toBe(find(plain, ids.open)!.requested + 1);
  });

  it('shows a change made after a read at the next read', async () => {
    const before = await overview();
    const booking = await book(travellers[4]!, ids.open, 2);
    const after = await overview();
    expect(find(after, ids.open)!.requested).toBe(find(before, ids.open)!.requested + 2);
    expect(after.weeks.at(-1)!.bookings).toBe(before.weeks.at(-1)!.bookings + 1);
    expect(after.weeks.at(-1)!.travellers).toBe(before.weeks.at(-1)!.travellers + 2);
    await confirm(booking.id);
    const confirmed = find(await overview(), ids.open)!;
    expect([confirmed.confirmed, confirmed.requested]).toEqual([
      find(before, ids.open)!.confirmed + 2,
      find(before, ids.open)!.requested,
    ]);
  });

  // The reader hands out the answer it made last while nothing it is made of changed, so the
  // route need not write it again (server/src/http/shared-answer.ts): never a stale one.
  it('is the same answer while nothing changed, a new one after a booking or a package’s new name', async () => {
    const names = new Map([['tromso-northern-lights', 'Tromsø Northern Lights']]);
    const read = overviewReader(ctx.db);
    const first = await read(today, (id) => names.get(id));
    expect(await read(today, (id) => names.get(id))).toBe(first);

    await book(travellers[0]!, ids.open, 1);
    const booked = await read(today, (id) => names.get(id));
    expect(booked).not.toBe(first);
    expect(find(booked, ids.open)!.requested).toBe(find(first, ids.open)!.requested + 1);
    expect(booked.weeks.at(-1)!.bookings).toBe(first.weeks.at(-1)!.bookings + 1);
    expect(await read(today, (id) => names.get(id))).toBe(booked);

    names.set('tromso-northern-lights', 'Tromsø by Night');
    const renamed = await read(today, (id) => names.get(id));
    expect(renamed).not.toBe(booked);
    expect(find(renamed, ids.open)!.packageName).toBe('Tromsø by Night');
    names.delete('tromso-northern-lights');
    expect(find(await read(today, (id) => names.get(id)), ids.open)!.packageName).toBe('tromso-northern-lights');
  });

  it('shows a package’s new name at the next read', async () => {
    const rename = (name: string) =>
      ctx.call(owner, 'PATCH', '/api/admin/packages/tromso-northern-lights', { name });
    const before = find(await overview(), ids.open)!.packageName;
    const renamed = await rename('Tromsø by Night');
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      expect(find(await overview(), ids.open)!.packageName).toBe('Tromsø by Night');
    } finally {
      expect((await rename(before)).statusCode).toBe(200);
    }
  });
});
