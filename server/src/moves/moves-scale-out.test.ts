// @vitest-environment node
// Moving departures through three real server processes on one PostgreSQL: a move racing bookings
// for the new date's last seats never oversells it (the held seats count as taken), and offers
// that lapse together are cancelled exactly once while all three processes sweep them (and this
// one too). PGlite runs one statement at a time inside one process, so these races only mean
// something on PostgreSQL: without TEST_DATABASE_URL they skip.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createUser, validBooking, type TestUser } from '../test/fixtures.js';
import { useServerCluster } from '../test/server-cluster.js';
import { waitFor } from '../test/wait-for.js';
import { seatInvariantBreaches } from '../waitlist/seat-audit.js';
import { expireMoveOffers } from './repository.js';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.warn(
    'move scale-out tests skipped: TEST_DATABASE_URL is not set (they need a real PostgreSQL server)',
  );
}

describe.skipIf(!baseUrl)('moving departures on three server processes, one PostgreSQL', () => {
  // Three processes; the second runs three booking batches at once (BOOKING_BATCH_LANES).
  const cluster = useServerCluster(baseUrl, [14415, 14416, 14417], (i): Record<string, string> =>
    i === 1 ? { BOOKING_BATCH_LANES: '3' } : {},
  );
  const { api, newDeparture, book, seatsTaken } = cluster;
  let users: TestUser[];
  let operator: TestUser;

  beforeAll(async () => {
    [operator, ...users] = await Promise.all([
      createOperator('mover'),
      ...Array.from({ length: 8 }, (_, i) => createUser(`party${i}`)),
    ]);
  }, 120_000);

  it('a move racing bookings for the new date’s last seats never oversells it', async () => {
    // Six rounds at once: a date with 6 seats left, a move needing 4 of them, 8 bookings of 1 for it.
    const rounds = await Promise.all(
      Array.from({ length: 6 }, async (_, r) => {
        const source = await newDeparture(12);
        const target = await newDeparture(10);
        await book(users[r % 8]!, target, 4);
        await book(users[(r + 1) % 8]!, source, 2);
        await book(users[(r + 2) % 8]!, source, 2);
        return { source, target };
      }),
    );
    const results = await Promise.all(
      rounds.map(async ({ source, target }, r) => {
        const [moved, ...bookings] = await Promise.all([
          api(operator, 'POST', `/api/admin/departures/${source}/move`, { toDepartureId: target }, r),
          ...Array.from({ length: 8 }, (_, i) =>
            api(
              users[(r + i) % 8]!,
              'POST',
              '/api/bookings',
              { ...validBooking, departureId: target },
              r + i + 1,
            ),
          ),
        ]);
        return { source, target, moved, bookings };
      }),
    );
    let movesWon = 0;
    for (const { source, target, moved, bookings } of results) {
      expect([200, 409]).toContain(moved.status);
      expect(bookings.every((b) => b.status === 201 || b.status === 409)).toBe(true);
      const booked = bookings.filter((b) => b.status === 201).length;
      const held = moved.status === 200 ? 4 : 0;
      if (moved.status === 200) {
        movesWon++;
        expect(moved.body).toMatchObject({ parties: 2, travellers: 4 });
      } else {
        // Refused because the bookings took the seats first, saying how many it needed.
        expect(moved.body).toMatchObject({ seatsNeeded: 4 });
        expect(await seatsTaken(source)).toBe(4);
      }
      expect(await seatsTaken(target)).toBe(4 + booked + held);
      expect(await seatsTaken(target)).toBeLessThanOrEqual(10);
      // The last seats were all taken by someone: a booking of 1 was refused only when full.
      if (bookings.some((b) => b.status === 409)) expect(await seatsTaken(target)).toBeGreaterThanOrEqual(9);
    }
    void movesWon;
    expect(await seatInvariantBreaches(cluster.db)).toEqual([]);
  }, 90_000);

  it('offers lapsing together are cancelled once while three processes sweep them', async () => {
    const moves = await Promise.all(
      Array.from({ length: 4 }, async (_, r) => {
        const source = await newDeparture(12);
        const target = await newDeparture(12);
        const parties = [
          await book(users[r]!, source, 2),
          await book(users[r + 1]!, source, 1),
          await book(users[r + 2]!, source, 3),
        ];
        const res = await api(
          operator,
          'POST',
          `/api/admin/departures/${source}/move`,
          { toDepartureId: target },
          r,
        );
        expect(res.status).toBe(200);
        expect(await seatsTaken(target)).toBe(6);
        return { source, target, parties };
      }),
    );
    const bookingIds = moves.flatMap((m) => m.parties.map((p) => p.id));
    // Every deadline passes at once: the three servers' schedulers (each second) and this process
    // all try to lapse the same twelve offers.
    await cluster.db.query(
      `UPDATE move_offers SET expires_at = now() - interval '1 second' WHERE booking_id = ANY($1::uuid[])`,
      [bookingIds],
    );
    const offers = () => ({ now: new Date(), offerHours: 24, packageName: (id: string) => id });
    await Promise.all([expireMoveOffers(cluster.db, offers), expireMoveOffers(cluster.db, offers)]);
    await waitFor(async () => {
      const { rows } = await cluster.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM move_offers WHERE booking_id = ANY($1::uuid[]) AND status = 'open'`,
        [bookingIds],
      );
      return rows[0]!.n === 0;
    }, 20_000);
    // Give any late sweep a chance to do something twice (it must not).
    await new Promise((r) => setTimeout(r, 1500));
    const counts = async (sql: string) =>
      (await cluster.db.query<{ id: string; n: number }>(sql, [bookingIds])).rows.map((r) => r.n);
    expect(
      await counts(`SELECT booking_id AS id, count(*)::int AS n FROM audit_events
        WHERE booking_id = ANY($1::uuid[]) AND action = 'booking.move-expired' GROUP BY booking_id`),
    ).toEqual(Array(12).fill(1));
    expect(
      await counts(`SELECT booking_id AS id, count(*)::int AS n FROM audit_events
        WHERE booking_id = ANY($1::uuid[]) AND action = 'booking.cancelled' GROUP BY booking_id`),
    ).toEqual(Array(12).fill(1));
    expect(
      await counts(`SELECT booking_id AS id, count(*)::int AS n FROM outbox
        WHERE booking_id = ANY($1::uuid[]) AND kind = 'booking-cancelled' GROUP BY booking_id`),
    ).toEqual(Array(12).fill(1));
    const { rows } = await cluster.db.query<{ status: string; cancel_reason: string }>(
      'SELECT DISTINCT status, cancel_reason FROM bookings WHERE id = ANY($1::uuid[])',
      [bookingIds],
    );
    expect(rows).toEqual([{ status: 'cancelled', cancel_reason: 'The departure did not run' }]);
    for (const { source, target } of moves) {
      expect(await seatsTaken(target)).toBe(0);
      expect(await seatsTaken(source)).toBe(0);
    }
    expect(await seatInvariantBreaches(cluster.db)).toEqual([]);
  }, 90_000);
});
