// @vitest-environment node
// Migration 64: the bookings' traveller-count trigger (migration 46) meets a statement's old and
// new rows in one aggregate instead of a join without a key. The counts still follow every booking
// a statement moves, cancels or restores, several in one statement among rows it leaves as they
// were; and an UPDATE of 20,000 bookings that changes none of that takes seconds (the join made it
// quadratic: 10,000 rows took 42 s on PostgreSQL, a million more than 20 minutes).
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

// `n` bookings of `travellers` each on a departure, the first traveller of each complete.
async function addBookings(
  db: Queryable,
  departureId: string,
  n: number,
  travellers: number,
  status = 'confirmed',
) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
       address, phone, departure_id, travellers, total_cents, status)
     SELECT gen_random_uuid(), 'WT-' || upper(substr(md5(random()::text), 1, 10)), 'm64', 'swiss-alpine-lakes',
       'Swiss Alpine Lakes', 1000, 'Ada', 'ada@example.com', '1 Road', '123456', $1, $3, $3 * 1000, $4
     FROM generate_series(1, $2) RETURNING id`,
    [departureId, n, travellers, status],
  );
  await db.query(
    `INSERT INTO booking_guests (booking_id, position, full_name, date_of_birth, emergency_name, emergency_phone)
     SELECT b, g, CASE WHEN g = 0 THEN 'Ada Lovelace' ELSE '' END, CASE WHEN g = 0 THEN date '1990-01-01' END,
       CASE WHEN g = 0 THEN 'Byron' ELSE '' END, CASE WHEN g = 0 THEN '+44 20 7946 0000' ELSE '' END
     FROM unnest($1::uuid[]) b CROSS JOIN generate_series(0, $2 - 1) g`,
    [rows.map((r) => r.id), travellers],
  );
  return rows.map((r) => r.id);
}

describeEach(storeCases())(
  'migration 64 (traveller counts, linear) on $name',
  { timeout: 180_000 },
  (store) => {
    it('counts follow several bookings moved, cancelled and restored in one statement; a bulk UPDATE is cheap', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 63);
        const [june, july] = [randomUUID(), randomUUID()];
        for (const [id, day] of [
          [june, '2031-06-01'],
          [july, '2031-07-01'],
        ]) {
          await db.query(
            `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, 'swiss-alpine-lakes', $2, 100000)`,
            [id, day],
          );
        }
        const [moved, cancelled, same] = await addBookings(db, june, 3, 2);
        const [restored, movedWhileCancelled] = await addBookings(db, june, 2, 3, 'cancelled');
        expect(await migrate(db)).toContain(64);
        expect(await counts(db)).toEqual({ [june]: [6, 3] });

        // One statement: a booking moved to July, one cancelled, one restored, a cancelled one moved
        // (counted nowhere before or after), and one whose columns are set to what they were.
        await db.query(
          `UPDATE bookings SET
           departure_id = CASE WHEN id IN ($1, $4) THEN $6::uuid ELSE departure_id END,
           status = CASE WHEN id = $2 THEN 'cancelled' WHEN id = $3 THEN 'confirmed' ELSE status END
         WHERE id IN ($1, $2, $3, $4, $5)`,
          [moved, cancelled, restored, movedWhileCancelled, same, july],
        );
        expect(await counts(db)).toEqual({ [june]: [5, 2], [july]: [2, 1] });

        // 20,000 bookings more; one UPDATE of them all that changes no date nor status.
        await addBookings(db, july, 20_000, 1);
        expect(await counts(db)).toEqual({ [june]: [5, 2], [july]: [20_002, 20_001] });
        const started = Date.now();
        await db.query(
          `UPDATE bookings SET updated_at = updated_at, status = status, departure_id = departure_id`,
        );
        const seconds = (Date.now() - started) / 1000;
        expect(seconds).toBeLessThan(30);
        expect(await counts(db)).toEqual({ [june]: [5, 2], [july]: [20_002, 20_001] });

        // And one that moves every booking of July to June in one statement.
        await db.query(`UPDATE bookings SET departure_id = $1 WHERE departure_id = $2`, [june, july]);
        expect(await counts(db)).toEqual({ [june]: [20_007, 20_003] });
      } finally {
        await db.close();
      }
    });
  },
);
