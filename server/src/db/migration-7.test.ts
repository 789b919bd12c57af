// @vitest-environment node
// Migration 7 counts each user's held seats in held_seats: filled from what an older release
// stored, then kept by triggers through every kind of write (insert, status change, party change,
// a booking moved to another user, delete), on bookings and on waiting-list offers.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import type { Queryable } from './database.js';

const held = async (db: Queryable) =>
  Object.fromEntries(
    (await db.query<{ user_id: string; seats: number }>('SELECT user_id, seats FROM held_seats')).rows
      .filter((r) => r.seats !== 0)
      .map((r) => [r.user_id, r.seats]),
  );

async function addBooking(
  db: Queryable,
  user: string,
  departureId: string,
  travellers: number,
  status: string,
) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, departure_id, travellers, total_cents, status)
     VALUES ($1, $2, $3, 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 1000, 'Ada', 'ada@example.com',
       '1 Road', '123456', $4, $5, $5 * 1000, $6)`,
    [id, `WT-${id.slice(0, 8).toUpperCase()}`, user, departureId, travellers, status],
  );
  return id;
}

describeEach(storeCases())('migration 7 (held seats) on $name', { timeout: 60_000 }, (store) => {
  it('fills the count from stored bookings and offers, and triggers keep it through every write', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 6);
      const departureId = randomUUID();
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken)
         VALUES ($1, 'swiss-alpine-lakes', '2031-05-01', 40, 0)`,
        [departureId],
      );
      const a1 = await addBooking(db, 'ann', departureId, 2, 'requested');
      await addBooking(db, 'ann', departureId, 3, 'confirmed');
      await addBooking(db, 'bob', departureId, 4, 'requested');
      await db.query(
        `INSERT INTO waitlist_entries (id, departure_id, package_id, user_id, user_email, travellers, status, offered_at, offer_expires_at)
         VALUES ($1, $2, 'swiss-alpine-lakes', 'bob', 'bob@example.com', 2, 'offered', now(), now() + interval '1 day')`,
        [randomUUID(), departureId],
      );

      expect(await migrate(db)).toContain(7);
      expect(await held(db)).toEqual({ ann: 2, bob: 6 });

      // Many rows in one statement, as a booking batch writes them.
      const c1 = await addBooking(db, 'cy', departureId, 1, 'requested');
      expect(await held(db)).toEqual({ ann: 2, bob: 6, cy: 1 });
      await db.query(`UPDATE bookings SET travellers = 5, total_cents = 5000 WHERE id = $1`, [a1]);
      expect(await held(db)).toEqual({ ann: 5, bob: 6, cy: 1 });
      await db.query(`UPDATE bookings SET status = 'confirmed' WHERE user_id = 'bob'`);
      expect(await held(db)).toEqual({ ann: 5, bob: 2, cy: 1 });
      await db.query(`UPDATE waitlist_entries SET status = 'expired' WHERE user_id = 'bob'`);
      expect(await held(db)).toEqual({ ann: 5, cy: 1 });
      await db.query(`UPDATE bookings SET user_id = 'dee' WHERE id = $1`, [c1]);
      expect(await held(db)).toEqual({ ann: 5, dee: 1 });
      await db.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [a1]);
      expect(await held(db)).toEqual({ dee: 1 });
      await db.query(`DELETE FROM bookings WHERE id = $1`, [c1]);
      expect(await held(db)).toEqual({});
      // An update that changes nothing held leaves the count alone.
      await db.query(`UPDATE bookings SET name = 'Ada B' WHERE user_id = 'ann'`);
      expect(await held(db)).toEqual({});
    } finally {
      await db.close();
    }
  });
});
