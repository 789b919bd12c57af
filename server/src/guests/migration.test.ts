// @vitest-environment node
// Migration 4 on a database an older release left: every stored booking gets one guest per
// traveller (the first with the booking's name), nothing stored is lost, and the API answers the
// old bookings with their guests.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { emptyGuest } from '#contracts/guests';
import { bearer } from '../test/console-kit.js';
import { migrate } from '../db/migrations.js';
import { buildTestApp, createUser, makeClientDir, storeCases } from '../test/fixtures.js';
import type { Booking } from '#contracts/api';

describeEach(storeCases())('migration 4 on $name', { timeout: 60_000 }, (store) => {
  it('gives every stored booking its guests and keeps every row as it was', async () => {
    const db = await store.reopen();
    const clientDir = makeClientDir();
    try {
      // As release 1 left it: a booking without departures or travellers.
      await migrate(db, 1);
      const user = await createUser('old-guest');
      const v1 = randomUUID();
      await db.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email, address, phone, created_at)
         VALUES ($1, 'WT-OLDV0001', $2, 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 245000, 'Old Timer', 'old@example.com', '1 Old Road', '123456', '2026-01-02T03:04:05Z')`,
        [v1, user.uid],
      );
      // As release 2 left it: bookings for several travellers on a departure, one cancelled, with
      // their audit rows and emails.
      await migrate(db, 2);
      const departure = randomUUID();
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, 'swiss-alpine-lakes', '2027-06-01', 12, 4)`,
        [departure],
      );
      const party = randomUUID();
      const cancelled = randomUUID();
      for (const [id, ref, name, travellers, status] of [
        [party, 'WT-OLDV0002', 'Grace Hopper', 4, 'confirmed'],
        [cancelled, 'WT-OLDV0003', 'Alan Turing', 2, 'cancelled'],
      ] as const) {
        await db.query(
          `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email, address,
             phone, departure_id, travellers, total_cents, status)
           VALUES ($1, $2, $3, 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 100000, $4, 'g@example.com', '2 New Road', '654321', $5, $6, $7, $8)`,
          [id, ref, user.uid, name, departure, travellers, 100000 * travellers, status],
        );
        await db.query(
          `INSERT INTO audit_events (booking_id, departure_id, actor_type, actor, action, to_value) VALUES ($1, $2, 'traveller', 'g@example.com', 'booking.created', 'requested')`,
          [id, departure],
        );
      }
      const before = (await db.query<Record<string, unknown>>('SELECT * FROM bookings ORDER BY reference'))
        .rows;
      const auditBefore = (await db.query('SELECT id, booking_id, action FROM audit_events ORDER BY id'))
        .rows;

      expect(await migrate(db)).toContain(4);
      // A second start applies nothing.
      expect(await migrate(db)).toEqual([]);

      const { rows: guests } = await db.query<{ booking_id: string; position: number; full_name: string }>(
        'SELECT booking_id, position, full_name FROM booking_guests ORDER BY booking_id, position',
      );
      const of = (id: string) =>
        guests.filter((g) => g.booking_id === id).map((g) => [g.position, g.full_name]);
      expect(of(v1)).toEqual([[0, 'Old Timer']]);
      expect(of(party)).toEqual([
        [0, 'Grace Hopper'],
        [1, ''],
        [2, ''],
        [3, ''],
      ]);
      expect(of(cancelled)).toEqual([
        [0, 'Alan Turing'],
        [1, ''],
      ]);
      // Nothing stored changed (later versions may add columns: the old ones are compared).
      const after = (await db.query<Record<string, unknown>>('SELECT * FROM bookings ORDER BY reference'))
        .rows;
      expect(after.map((row) => Object.fromEntries(Object.keys(before[0]!).map((k) => [k, row[k]])))).toEqual(
        before,
      );
      expect((await db.query('SELECT id, booking_id, action FROM audit_events ORDER BY id')).rows).toEqual(
        auditBefore,
      );

      const app = await buildTestApp({ clientDir, db });
      try {
        const res = await app.inject({ url: '/api/bookings', headers: bearer(user) });
        const bookings = (res.json() as { bookings: Booking[] }).bookings;
        const byRef = new Map(bookings.map((b) => [b.reference, b]));
        expect(byRef.get('WT-OLDV0001')).toMatchObject({
          guests: [emptyGuest('Old Timer')],
          detailsComplete: false,
        });
        // Travellers after the first carry whether the lead invited them (server/src/guest-links).
        const notInvited = { ...emptyGuest(), inviteStatus: 'not-invited' };
        expect(byRef.get('WT-OLDV0002')!.guests).toEqual([
          emptyGuest('Grace Hopper'),
          notInvited,
          notInvited,
          notInvited,
        ]);
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
