// @vitest-environment node
// Migration 6 on a database an older release left: departures and bookings are kept as they were
// (no meeting point or time), the reminders and operator_views tables are there, and the new
// columns refuse what the API refuses.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrate } from './migrations.js';

describe('migration 6 on a database an older release left', { timeout: 60_000 }, () => {
  it('keeps every departure and booking, and adds meeting point and time, reminders and last looks', async () => {
    const db = await openDatabase({});
    try {
      await migrate(db, 3);
      const departureId = randomUUID();
      const bookingId = randomUUID();
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, 'swiss-alpine-lakes', '2030-05-01', 12, 2)`,
        [departureId],
      );
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, total_cents, travellers,
           name, email, account_email, address, phone, departure_id, status)
         VALUES ($1, 'WT-OLD00006', 'u1', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 245000, 490000, 2,
           'Old Timer', 'typed@example.com', 'typed@example.com', '1 Old Road', '123456', $2, 'confirmed')`,
        [bookingId, departureId],
      );
      expect(await migrate(db)).toContain(6);
      const departure = await db.query(
        `SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on, capacity, seats_taken, status, meeting_point, meeting_time
         FROM departures WHERE id = $1`,
        [departureId],
      );
      expect(departure.rows[0]).toEqual({
        starts_on: '2030-05-01',
        capacity: 12,
        seats_taken: 2,
        status: 'open',
        meeting_point: null,
        meeting_time: null,
      });
      const booking = await db.query('SELECT reference, status, travellers FROM bookings WHERE id = $1', [
        bookingId,
      ]);
      expect(booking.rows[0]).toEqual({ reference: 'WT-OLD00006', status: 'confirmed', travellers: 2 });

      // Once per booking and kind: the key itself refuses a second row.
      await db.query(`INSERT INTO reminders (booking_id, kind) VALUES ($1, 'trip')`, [bookingId]);
      await expect(
        db.query(`INSERT INTO reminders (booking_id, kind) VALUES ($1, 'trip')`, [bookingId]),
      ).rejects.toThrow();
      await db.query(`INSERT INTO operator_views (operator_id, seen_at) VALUES ('op', now())`);
      // The backstops behind the API's own checks.
      for (const bad of [
        `meeting_time = '24:00'`,
        `meeting_time = '8:30'`,
        `meeting_point = ''`,
        `meeting_point = repeat('x', 201)`,
      ]) {
        await expect(db.query(`UPDATE departures SET ${bad} WHERE id = $1`, [departureId])).rejects.toThrow();
      }
      await db.query(`UPDATE departures SET meeting_point = 'Pier 3', meeting_time = '23:59' WHERE id = $1`, [
        departureId,
      ]);
    } finally {
      await db.close();
    }
  });
});
