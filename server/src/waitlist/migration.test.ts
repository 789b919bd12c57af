// @vitest-environment node
// Migration 5 (waiting list, minimum travellers) keeps what a release before it stored: the
// departures with their seats, the bookings and their audit rows.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { migrate } from '../db/migrations.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { storeCases } from '../test/fixtures.js';
import { seatInvariantBreaches } from './seat-audit.js';

describeEach(storeCases())('migration 5 on $name', (store) => {
  it('keeps departures, seats, bookings and audit rows; departures get no minimum', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 2);
      const departureId = randomUUID();
      const bookingId = randomUUID();
      const startsOn = addDays(todayIso('UTC'), 90);
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken, status)
         VALUES ($1, 'swiss-alpine-lakes', $2, 10, 3, 'closed')`,
        [departureId, startsOn],
      );
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           address, phone, departure_id, travellers, total_cents, status)
         VALUES ($1, 'WT-MIGRATE5', 'u1', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 245000, 'Ada', 'ada@example.com',
           '1 Road', '123456', $2, 3, 735000, 'confirmed')`,
        [bookingId, departureId],
      );
      await db.query(
        `INSERT INTO audit_events (booking_id, departure_id, actor_type, actor, action, to_value)
         VALUES ($1, $2, 'traveller', 'ada@example.com', 'booking.created', 'requested')`,
        [bookingId, departureId],
      );
      expect(await migrate(db)).toContain(5);
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT d.capacity, d.seats_taken, d.status, d.min_travellers, to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on,
           b.reference, b.travellers, b.total_cents, b.status AS booking_status,
           (SELECT count(*)::int FROM audit_events a WHERE a.booking_id = b.id) AS audit_rows
         FROM departures d JOIN bookings b ON b.departure_id = d.id WHERE d.id = $1`,
        [departureId],
      );
      expect(rows).toEqual([
        {
          capacity: 10,
          seats_taken: 3,
          status: 'closed',
          min_travellers: 0,
          starts_on: startsOn,
          reference: 'WT-MIGRATE5',
          travellers: 3,
          total_cents: 735000,
          booking_status: 'confirmed',
          audit_rows: 1,
        },
      ]);
      expect(await seatInvariantBreaches(db)).toEqual([]);
      // Running it again changes nothing.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
