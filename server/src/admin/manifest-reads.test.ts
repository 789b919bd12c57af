// @vitest-environment node
// What a process keeps of the manifests it read (./manifest-reads.ts), on PGlite and
// (TEST_DATABASE_URL) PostgreSQL: kept while nothing is written, read again at once after any
// change made through the API, by this process or another (a reader of its own stands for
// another process), and within `freshMs` after a change that writes no audit row.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { emptyGuest } from '#contracts/guests';
import { describeEach } from '../test/services.js';
import { useAdminApp } from '../test/console-kit.js';
import { storeCases } from '../test/fixtures.js';
import { manifestReader } from './manifest-reads.js';

describeEach(storeCases())('the manifest kept between requests on $name', { timeout: 120_000 }, (store) => {
  const ctx = useAdminApp(store);

  const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
  };

  it('is the same read while nothing changed, and every change through the API shows at the next read', async () => {
    const departureId = await ctx.addDeparture();
    const booking = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
    const other = manifestReader(ctx.db);
    const first = await other(departureId);
    expect(first!.value.bookings.map((b) => b.id)).toEqual([booking.id]);
    expect(await other(departureId)).toBe(first);

    await ok(
      ctx.call(ctx.traveller, 'PUT', `/api/bookings/${booking.id}/guests`, {
        guests: [{ ...emptyGuest(), fullName: 'Ada Lovelace' }, emptyGuest()],
      }),
    );
    expect((await other(departureId))!.value.bookings[0]!.guests[0]!.fullName).toBe('Ada Lovelace');

    await ok(
      ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/guests/0/check-in`, {
        state: 'present',
      }),
    );
    expect((await other(departureId))!.value.bookings[0]!.guests[0]!.checkIn).toBe('present');

    await ok(
      ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/notes`, { text: 'Window seat' }),
      201,
    );
    expect((await other(departureId))!.value.bookings[0]!.notes.map((n) => n.text)).toEqual(['Window seat']);

    await ok(
      ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${departureId}`, { meetingPoint: 'Pier 4' }),
    );
    const moved = await other(departureId);
    expect(moved!.value.row.meeting_point).toBe('Pier 4');
    expect(moved!.value.bookings[0]!.meetingPoint).toBe('Pier 4');

    const second = await ctx.book(ctx.traveller, { departureId, travellers: 1, name: 'Brenda Blue' });
    expect((await other(departureId))!.value.bookings.map((b) => b.id).sort()).toEqual(
      [booking.id, second.id].sort(),
    );
    expect((await other(departureId))!.value.row.seats_taken).toBe(3);

    await ok(ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/cancel`));
    const after = await other(departureId);
    expect(after!.value.bookings.map((b) => b.id)).toEqual([second.id]);
    expect(after!.value.row.seats_taken).toBe(1);
    expect(await other(departureId)).toBe(after);
  });

  it('a change that writes no audit row shows once freshMs has passed', async () => {
    const departureId = await ctx.addDeparture();
    const booking = await ctx.book(ctx.traveller, { departureId, travellers: 1 });
    const read = manifestReader(ctx.db, { freshMs: 300 });
    const first = await read(departureId);
    await ctx.db.query(`UPDATE bookings SET name = 'Renamed Quietly' WHERE id = $1`, [booking.id]);
    expect(await read(departureId)).toBe(first);
    await sleep(350);
    expect((await read(departureId))!.value.bookings[0]!.name).toBe('Renamed Quietly');
  });

  it('keeps the last `keep` departures asked for; a departure that does not exist is not kept', async () => {
    const ids = [await ctx.addDeparture(), await ctx.addDeparture(), await ctx.addDeparture()];
    const read = manifestReader(ctx.db, { keep: 2 });
    const [a, b] = [await read(ids[0]!), await read(ids[1]!)];
    expect(await read(ids[0]!)).toBe(a);
    await read(ids[2]!);
    // ids[1] was the least recently read: gone; ids[0] stays.
    expect(await read(ids[0]!)).toBe(a);
    expect(await read(ids[1]!)).not.toBe(b);
    expect(await read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  describe('GET /api/admin/departures/{id}/manifest', () => {
    it('sends the same answer while nothing changed, and a check-in at the next request', async () => {
      const departureId = await ctx.addDeparture();
      const booking = await ctx.book(ctx.traveller, { departureId, travellers: 2 });
      const get = () =>
        ctx.app.inject({
          url: `/api/admin/departures/${departureId}/manifest`,
          headers: { authorization: `Bearer ${ctx.operator.idToken}`, 'accept-encoding': 'gzip' },
        });
      const first = await get();
      expect(first.statusCode, first.body).toBe(200);
      expect((await get()).rawPayload.equals(first.rawPayload)).toBe(true);
      await ok(
        ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${booking.id}/guests/1/check-in`, {
          state: 'no-show',
        }),
      );
      const after = await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${departureId}/manifest`);
      expect(after.json().bookings[0].guests.map((g: { checkIn: string | null }) => g.checkIn)).toEqual([
        null,
        'no-show',
      ]);
    });
  });
});
