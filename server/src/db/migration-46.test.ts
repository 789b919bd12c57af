// @vitest-environment node
// Migration 46 counts each departure's travellers on active bookings, and those with complete
// details, in departure_travellers: filled from what the release before stored, then kept by
// triggers through every write that changes them (travellers added, edited, removed; a booking
// cancelled, restored or moved to another date; a booking and its travellers in one statement).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import type { Queryable } from './database.js';

const counts = async (db: Queryable) =>
  Object.fromEntries(
    (
      await db.query<{ departure_id: string; total: number; complete: number }>(
        'SELECT departure_id, total, complete FROM departure_travellers',
      )
    ).rows
      .filter((r) => r.total !== 0 || r.complete !== 0)
      .map((r) => [r.departure_id, [r.total, r.complete]]),
  );

const complete = `full_name = 'Ada Lovelace', date_of_birth = '1990-01-01', emergency_name = 'Byron',
  emergency_phone = '+44 20 7946 0000'`;

async function addBooking(db: Queryable, departureId: string, travellers: number, status = 'requested') {
  const id = randomUUID();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, departure_id, travellers, total_cents, status)
     VALUES ($1, $2, 'ann', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 1000, 'Ada', 'ada@example.com',
       '1 Road', '123456', $3, $4, $4 * 1000, $5)`,
    [id, `WT-${id.slice(0, 8).toUpperCase()}`, departureId, travellers, status],
  );
  await db.query(
    `INSERT INTO booking_guests (booking_id, position) SELECT $1, g FROM generate_series(0, $2 - 1) g`,
    [id, travellers],
  );
  return id;
}

describeEach(storeCases())('migration 46 (traveller counts) on $name', { timeout: 60_000 }, (store) => {
  it('fills the counts from stored travellers, and triggers keep them through every write', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 45);
      const [june, july] = [randomUUID(), randomUUID()];
      for (const [id, day] of [
        [june, '2031-06-01'],
        [july, '2031-07-01'],
      ]) {
        await db.query(
          `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, 'swiss-alpine-lakes', $2, 40)`,
          [id, day],
        );
      }
      const a = await addBooking(db, june, 3);
      const b = await addBooking(db, june, 2);
      await addBooking(db, june, 4, 'cancelled');
      await db.query(`UPDATE booking_guests SET ${complete} WHERE booking_id = $1 AND position < 2`, [a]);

      expect(await migrate(db)).toContain(46);
      expect(await counts(db)).toEqual({ [june]: [5, 2] });

      // A traveller's details completed, then one of them emptied again; a check-in changes nothing.
      await db.query(`UPDATE booking_guests SET ${complete} WHERE booking_id = $1`, [b]);
      expect(await counts(db)).toEqual({ [june]: [5, 4] });
      await db.query(
        `UPDATE booking_guests SET emergency_phone = '' WHERE booking_id = $1 AND position = 1`,
        [b],
      );
      await db.query(`UPDATE booking_guests SET check_in = 'present' WHERE booking_id = $1`, [a]);
      expect(await counts(db)).toEqual({ [june]: [5, 3] });

      // The party shrinks and grows.
      await db.query('DELETE FROM booking_guests WHERE booking_id = $1 AND position = 2', [a]);
      expect(await counts(db)).toEqual({ [june]: [4, 3] });
      await db.query(`INSERT INTO booking_guests (booking_id, position, full_name) VALUES ($1, 2, 'Kim')`, [
        a,
      ]);
      expect(await counts(db)).toEqual({ [june]: [5, 3] });

      // Moved to another date, cancelled, restored.
      await db.query('UPDATE bookings SET departure_id = $2 WHERE id = $1', [b, july]);
      expect(await counts(db)).toEqual({ [june]: [3, 2], [july]: [2, 1] });
      await db.query(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [a]);
      expect(await counts(db)).toEqual({ [july]: [2, 1] });
      await db.query(`UPDATE booking_guests SET ${complete} WHERE booking_id = $1`, [a]);
      expect(await counts(db)).toEqual({ [july]: [2, 1] });
      await db.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [a]);
      expect(await counts(db)).toEqual({ [june]: [3, 3], [july]: [2, 1] });

      // A booking and its travellers in one statement, as the booking writer stores them: once.
      const c = randomUUID();
      await db.query(
        `WITH ins AS (
           INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
             address, phone, departure_id, travellers, total_cents)
           VALUES ($1, 'WT-ONESTMT', 'bob', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 1000, 'Bo', 'bo@example.com',
             '2 Road', '123456', $2, 2, 2000) RETURNING id, travellers
         )
         INSERT INTO booking_guests (booking_id, position, full_name)
         SELECT ins.id, g, 'Bo' FROM ins CROSS JOIN LATERAL generate_series(0, ins.travellers - 1) g`,
        [c, july],
      );
      expect(await counts(db)).toEqual({ [june]: [3, 3], [july]: [4, 1] });
    } finally {
      await db.close();
    }
  });
});
