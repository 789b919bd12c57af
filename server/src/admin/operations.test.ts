// @vitest-environment node
// The brand hears of its bookings, on PGlite and (TEST_DATABASE_URL) PostgreSQL: the operations
// copy of each new request and traveller's cancellation (OPERATIONS_EMAIL), the operator's last
// look with the count of bookings since, and the meeting point and time on a departure.
import { describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { createOperator, storeCases } from '../test/fixtures.js';
import { useAdminApp } from '../test/console-kit.js';
import type { AdminDeparture, LastSeen, Booking } from '#contracts/api';

const operations = 'ops-desk@example.com';

describeEach(storeCases())('the brand is told, on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store, { operationsEmail: operations });

  const mail = async (bookingId: string) =>
    (
      await ctx.db.query<{ kind: string; recipient: string; payload: Record<string, unknown> }>(
        'SELECT kind, recipient, payload FROM outbox WHERE booking_id = $1 ORDER BY created_at, kind',
        [bookingId],
      )
    ).rows;

  describe('the operations email', () => {
    it('a new request: the traveller’s email and a copy to OPERATIONS_EMAIL, in the booking’s transaction', async () => {
      const booking = await ctx.book(ctx.traveller, { name: 'Mary Seacole', phone: '442079460001' });
      const rows = await mail(booking.id);
      expect(rows.map((r) => r.kind).sort()).toEqual(['booking-received', 'operations-request']);
      const copy = rows.find((r) => r.kind === 'operations-request')!;
      expect(copy.recipient).toBe(operations);
      expect(copy.payload).toMatchObject({
        reference: booking.reference,
        name: 'Mary Seacole',
        email: booking.email,
        phone: '442079460001',
        status: 'requested',
      });
    });

    it('a traveller’s cancellation is copied; an operator’s is not (they did it)', async () => {
      const mine = await ctx.book(ctx.traveller);
      const res = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${mine.id}/cancel`);
      expect(res.statusCode, res.body).toBe(200);
      const copy = (await mail(mine.id)).find((r) => r.kind === 'operations-cancellation');
      expect(copy).toMatchObject({
        recipient: operations,
        payload: { reference: mine.reference, status: 'cancelled' },
      });
      // Repeating the cancellation changes nothing and tells nobody again.
      await ctx.call(ctx.traveller, 'POST', `/api/bookings/${mine.id}/cancel`);
      expect((await mail(mine.id)).filter((r) => r.kind === 'operations-cancellation')).toHaveLength(1);

      const theirs = await ctx.book(ctx.traveller);
      await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${theirs.id}/cancel`, { reason: 'Closed' });
      expect((await mail(theirs.id)).map((r) => r.kind)).not.toContain('operations-cancellation');
    });

    it('a batch of bookings at once: one copy each', async () => {
      const departureId = await ctx.addDeparture({ capacity: 40 });
      const made = await Promise.all(
        Array.from({ length: 8 }, () => ctx.book(ctx.traveller, { departureId })),
      );
      const { rows } = await ctx.db.query<{ booking_id: string }>(
        `SELECT booking_id FROM outbox WHERE kind = 'operations-request' AND booking_id = ANY($1::uuid[])`,
        [made.map((b) => b.id)],
      );
      expect(rows.map((r) => r.booking_id).sort()).toEqual(made.map((b) => b.id).sort());
    });
  });

  describe('what arrived since the operator last looked', () => {
    const lastSeen = async (user = ctx.operator) => {
      const res = await ctx.call(user, 'GET', '/api/admin/last-seen');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as LastSeen;
    };

    it('counts the bookings made since the operator’s last look, per operator', async () => {
      const other = await createOperator('other-operator');
      await ctx.book(ctx.traveller);
      const first = await lastSeen();
      expect(first.lastSeenAt).toBeNull();
      expect(first.newBookings).toBeGreaterThan(0);

      const looked = await ctx.call(ctx.operator, 'PUT', '/api/admin/last-seen');
      expect(looked.statusCode, looked.body).toBe(200);
      const seen = looked.json() as LastSeen;
      expect(seen.newBookings).toBe(0);
      expect(Date.parse(seen.lastSeenAt!)).not.toBeNaN();

      const a = await ctx.book(ctx.traveller);
      const b = await ctx.book(ctx.traveller);
      const now = await lastSeen();
      expect(now).toEqual({ lastSeenAt: seen.lastSeenAt, newBookings: 2 });
      // The bookings list tells which ones: created after lastSeenAt.
      const page = (await ctx.call(ctx.operator, 'GET', '/api/admin/bookings?limit=5')).json() as {
        bookings: Booking[];
      };
      const fresh = page.bookings.filter((x) => x.createdAt > seen.lastSeenAt!).map((x) => x.id);
      expect(fresh.sort()).toEqual([a.id, b.id].sort());
      // Another operator's look is their own.
      expect((await lastSeen(other)).lastSeenAt).toBeNull();
    });

    it('caps the count (the badge says 99+) and is only for operators', async () => {
      const res = await lastSeen();
      expect(res.newBookings).toBeLessThanOrEqual(100);
      expect((await ctx.call(ctx.traveller, 'GET', '/api/admin/last-seen')).statusCode).toBe(403);
      expect((await ctx.call(null, 'PUT', '/api/admin/last-seen')).statusCode).toBe(401);
    });
  });

  describe('meeting point and time', () => {
    it('set on a new departure, changed and cleared, each with an audit row; travellers see them on their booking', async () => {
      const startsOn = new Date(Date.now() + 900 * 86_400_000 + Math.random() * 80 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const created = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
        packageId: 'swiss-alpine-lakes',
        startsOn,
        capacity: 10,
        meetingPoint: '  Zürich HB, under the clock  ',
        meetingTime: '08:30',
      });
      expect(created.statusCode, created.body).toBe(201);
      const departure = created.json() as AdminDeparture;
      expect(departure).toMatchObject({ meetingPoint: 'Zürich HB, under the clock', meetingTime: '08:30' });

      const booking = await ctx.book(ctx.traveller, { departureId: departure.id });
      expect(booking).toMatchObject({ meetingPoint: 'Zürich HB, under the clock', meetingTime: '08:30' });

      const moved = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${departure.id}`, {
        meetingPoint: 'Lake pier 3',
        meetingTime: '09:15',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const mine = (await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
      expect(mine).toMatchObject({ meetingPoint: 'Lake pier 3', meetingTime: '09:15' });
      const trail = (await ctx.audit({ departureId: departure.id })).filter((r) => r.booking_id === null);
      expect(trail.map((r) => [r.action, r.from_value, r.to_value])).toEqual(
        expect.arrayContaining([
          ['departure.meeting-point', 'Zürich HB, under the clock', 'Lake pier 3'],
          ['departure.meeting-time', '08:30', '09:15'],
        ]),
      );

      const cleared = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${departure.id}`, {
        meetingPoint: '',
        meetingTime: null,
      });
      expect(cleared.json()).toMatchObject({ meetingPoint: null, meetingTime: null });
    });

    it.each([
      [{ meetingTime: '8:30' }, 'meetingTime'],
      [{ meetingTime: '24:00' }, 'meetingTime'],
      [{ meetingTime: 830 }, 'meetingTime'],
      [{ meetingPoint: 'x'.repeat(201) }, 'meetingPoint'],
      [{ meetingPoint: 'Pier\n3' }, 'meetingPoint'],
      [{ meetingPoint: ['Pier'] }, 'meetingPoint'],
    ])('400 with a field message for %j', async (change, field) => {
      const id = await ctx.addDeparture();
      const res = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${id}`, change);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys((res.json() as { fieldErrors: object }).fieldErrors)).toEqual([field]);
    });
  });
});
