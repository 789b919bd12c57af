// @vitest-environment node
// The console reads the language each booking was made in (migration 63: the /es pages send es):
// the bookings list and one booking's record answer it, English for a booking made on the English
// site, so an operator knows which language to write and call in.
import { expect, it } from 'vitest';
import type { AdminBooking, AdminBookingsPage } from '#contracts/api';
import { useAdminApp } from '../test/console-kit.js';
import { describeEach } from '../test/services.js';
import { storeCases } from '../test/fixtures.js';

describeEach(storeCases())('a booking’s language in the console on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  it('the list and the record answer the language the booking was made in', async () => {
    const spanish = await ctx.book(ctx.traveller, { name: 'Rosalía Vila', language: 'es' });
    const english = await ctx.book(ctx.traveller, { name: 'Ada Lovelace' });

    const page = await ctx.call(ctx.operator, 'GET', '/api/admin/bookings?limit=100');
    expect(page.statusCode, page.body).toBe(200);
    const listed = new Map((page.json() as AdminBookingsPage).bookings.map((b) => [b.id, b.language]));
    expect(listed.get(spanish.id)).toBe('es');
    expect(listed.get(english.id)).toBe('en');

    for (const [booking, language] of [
      [spanish, 'es'],
      [english, 'en'],
    ] as const) {
      const one = await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${booking.id}`);
      expect(one.statusCode, one.body).toBe(200);
      expect((one.json() as AdminBooking).language).toBe(language);
    }
  });
});
