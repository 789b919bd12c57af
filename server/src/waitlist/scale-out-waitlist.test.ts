// @vitest-environment node
// Changes and the waiting list through two real server processes on one PostgreSQL: the last
// seats are never oversold by changes and bookings racing, freed seats are offered once when a
// cancellation and an offer's lapse race, and after a randomised mix of every operation the seat
// rule holds for every departure. PGlite runs one statement at a time inside one process, so these
// races only mean something on PostgreSQL: without TEST_DATABASE_URL they skip.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, postBooking, validBooking, type TestUser } from '../test/fixtures.js';
import { useServerCluster } from '../test/server-cluster.js';
import { waitFor } from '../test/wait-for.js';
import { expireOffers } from './repository.js';
import { seatInvariantBreaches } from './seat-audit.js';
import type { WaitlistEntry } from '#contracts/api';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.warn(
    'waiting-list scale-out tests skipped: TEST_DATABASE_URL is not set (they need a real PostgreSQL server)',
  );
}

const details = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  address: '1 Navy Yard',
  phone: '12025550100',
};

describe.skipIf(!baseUrl)('changes and the waiting list on two server processes, one PostgreSQL', () => {
  // Two processes; the second runs three booking batches at once (BOOKING_BATCH_LANES; the
  // default is one).
  const cluster = useServerCluster(baseUrl, [14405, 14406], (i): Record<string, string> =>
    i === 1 ? { BOOKING_BATCH_LANES: '3' } : {},
  );
  const { api, newDeparture, book, seatsTaken } = cluster;
  let users: TestUser[];
  const statusOf = async (entryId: string) =>
    (
      await cluster.db.query<{ status: string }>('SELECT status FROM waitlist_entries WHERE id = $1', [
        entryId,
      ])
    ).rows[0]!.status;
  const offerContext = () => ({ now: new Date(), offerHours: 24, packageName: (id: string) => id });

  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(`waiter${i}`)));
  }, 120_000);

  it('parallel changes and bookings for the last seats never oversell', async () => {
    const target = await newDeparture(10);
    const home = await newDeparture(40);
    await book(users[0]!, target, 6);
    // 10 bookings of 2 elsewhere that all try to move to the target, racing 20 bookings of 1 for it.
    const movers = await Promise.all(Array.from({ length: 10 }, (_, i) => book(users[i % 12]!, home, 2)));
    const [changes, bookings] = await Promise.all([
      Promise.all(
        movers.map((b, i) =>
          api(users[i % 12]!, 'POST', `/api/bookings/${b.id}/change`, { departureId: target }, i),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await postBooking(cluster.servers[i % 2]!.url, users[i % 12]!, {
            ...validBooking,
            departureId: target,
          });
          return { status: res.status };
        }),
      ),
    ]);
    expect(
      [...changes, ...bookings].every((r) => r.status === 200 || r.status === 201 || r.status === 409),
    ).toBe(true);
    const moved = changes.filter((r) => r.status === 200).length;
    const booked = bookings.filter((r) => r.status === 201).length;
    expect(6 + moved * 2 + booked).toBe(await seatsTaken(target));
    expect(await seatsTaken(target)).toBeLessThanOrEqual(10);
    expect(await seatsTaken(home)).toBe(2 * (10 - moved));
    // The last seat goes too: the capacity was reached, or only a party of 2 was left to fail.
    expect(await seatsTaken(target)).toBeGreaterThanOrEqual(9);
    expect(await seatInvariantBreaches(cluster.db)).toEqual([]);
  }, 60_000);

  it('a cancellation and a lapse racing for the same freed seats offer them once', async () => {
    // Five departures at once, for more chances to interleave.
    const rounds = await Promise.all(
      Array.from({ length: 5 }, async (_, r) => {
        const id = await newDeparture(4);
        const a = await book(users[r]!, id, 2);
        const b = await book(users[r + 1]!, id, 2);
        const waiting: WaitlistEntry[] = [];
        for (const u of [users[r + 2]!, users[r + 3]!, users[r + 4]!]) {
          const res = await api(u, 'POST', `/api/departures/${id}/waitlist`, { travellers: 2 });
          expect(res.status).toBe(201);
          waiting.push(res.body as unknown as WaitlistEntry);
        }
        // The first in line is offered alice's seats...
        expect((await api(users[r]!, 'POST', `/api/bookings/${a.id}/cancel`)).status).toBe(200);
        expect(await statusOf(waiting[0]!.id)).toBe('offered');
        return { id, b, owner: users[r + 1]!, waiting };
      }),
    );
    // ...then its offer lapses while bob cancels: both free seats at the same moment, through both
    // processes' schedulers, this process and a cancellation on either server.
    await Promise.all(
      rounds.map(async ({ id, b, owner, waiting }, r) => {
        await cluster.db.query(
          `UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second' WHERE id = $1`,
          [waiting[0]!.id],
        );
        await Promise.all([
          api(owner, 'POST', `/api/bookings/${b.id}/cancel`, undefined, r),
          expireOffers(cluster.db, offerContext),
        ]);
        void id;
      }),
    );
    for (const { id, waiting } of rounds) {
      await waitFor(async () => (await statusOf(waiting[0]!.id)) === 'expired', 10_000);
      expect(await statusOf(waiting[1]!.id)).toBe('offered');
      expect(await statusOf(waiting[2]!.id)).toBe('offered');
      expect(await seatsTaken(id)).toBe(4);
      const offers = await cluster.db.query<{ entry: string; n: number }>(
        `SELECT waitlist_entry_id AS entry, count(*)::int AS n FROM audit_events
          WHERE departure_id = $1 AND action IN ('waitlist.offered', 'waitlist.expired')
          GROUP BY waitlist_entry_id, action`,
        [id],
      );
      expect(offers.rows.every((r) => r.n === 1)).toBe(true);
      const mails = await cluster.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE kind = 'waitlist-offered' AND payload->>'startsOn' =
           (SELECT to_char(starts_on, 'YYYY-MM-DD') FROM departures WHERE id = $1)`,
        [id],
      );
      expect(mails.rows[0]!.n).toBe(3);
    }
    expect(await seatInvariantBreaches(cluster.db)).toEqual([]);
  }, 60_000);

  it('a randomised mix of bookings, changes, cancellations, joins, leaves, accepts and lapses keeps the seat rule', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('book' as const),
        user: fc.nat(11),
        dep: fc.nat(2),
        n: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({
        kind: fc.constant('change' as const),
        pick: fc.nat(),
        dep: fc.nat(2),
        n: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('join' as const),
        user: fc.nat(11),
        dep: fc.nat(2),
        n: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('leave' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('accept' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('lapse' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 3, maxLength: 6 }),
        async (rounds) => {
          const deps = [await newDeparture(5), await newDeparture(4), await newDeparture(6)];
          const bookings: { id: string; user: TestUser }[] = [];
          const entries: { id: string; user: TestUser }[] = [];
          let server = 0;
          const pick = <T>(list: T[], i: number) => (list.length > 0 ? list[i % list.length] : undefined);
          for (const round of rounds) {
            // The operations of a round run at the same time, spread over both processes.
            await Promise.all(
              round.map(async (o) => {
                const s = server++;
                switch (o.kind) {
                  case 'book': {
                    const user = users[o.user]!;
                    const res = await api(
                      user,
                      'POST',
                      '/api/bookings',
                      { ...validBooking, departureId: deps[o.dep], travellers: o.n },
                      s,
                    );
                    expect([201, 409]).toContain(res.status);
                    if (res.status === 201) bookings.push({ id: res.body.id as string, user });
                    return;
                  }
                  case 'change': {
                    const b = pick(bookings, o.pick);
                    if (!b) return;
                    const res = await api(
                      b.user,
                      'POST',
                      `/api/bookings/${b.id}/change`,
                      { departureId: deps[o.dep], travellers: o.n },
                      s,
                    );
                    expect([200, 409]).toContain(res.status);
                    return;
                  }
                  case 'cancel': {
                    const b = pick(bookings, o.pick);
                    if (!b) return;
                    expect(
                      (await api(b.user, 'POST', `/api/bookings/${b.id}/cancel`, undefined, s)).status,
                    ).toBe(200);
                    return;
                  }
                  case 'join': {
                    const user = users[o.user]!;
                    const res = await api(
                      user,
                      'POST',
                      `/api/departures/${deps[o.dep]}/waitlist`,
                      { travellers: o.n },
                      s,
                    );
                    expect([200, 201, 409]).toContain(res.status);
                    if (res.status === 201) entries.push({ id: res.body.id as string, user });
                    return;
                  }
                  case 'leave': {
                    const e = pick(entries, o.pick);
                    if (!e) return;
                    expect([200, 409]).toContain(
                      (await api(e.user, 'DELETE', `/api/waitlist/${e.id}`, undefined, s)).status,
                    );
                    return;
                  }
                  case 'accept': {
                    const e = pick(entries, o.pick);
                    if (!e) return;
                    const res = await api(e.user, 'POST', `/api/waitlist/${e.id}/accept`, details, s);
                    expect([200, 201, 409]).toContain(res.status);
                    if (res.status === 201) bookings.push({ id: res.body.id as string, user: e.user });
                    return;
                  }
                  case 'lapse': {
                    const e = pick(entries, o.pick);
                    if (!e) return;
                    await cluster.db.query(
                      `UPDATE waitlist_entries SET offer_expires_at = now() - interval '1 second'
                      WHERE id = $1 AND status = 'offered'`,
                      [e.id],
                    );
                    await expireOffers(cluster.db, offerContext);
                  }
                }
              }),
            );
          }
          expect(await seatInvariantBreaches(cluster.db)).toEqual([]);
          // No departure has seats free while a party that fits them waits.
          const stranded = await cluster.db.query<{ id: string }>(
            `SELECT d.id FROM departures d WHERE d.id = ANY($1::uuid[]) AND d.status = 'open' AND EXISTS (
             SELECT 1 FROM waitlist_entries w WHERE w.departure_id = d.id AND w.status = 'waiting'
               AND w.travellers <= d.capacity - d.seats_taken)`,
            [deps],
          );
          expect(stranded.rows).toEqual([]);
        },
      ),
      { numRuns: 6 },
    );
  }, 240_000);
});
