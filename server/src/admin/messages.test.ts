// @vitest-environment node
// A message to everyone on a departure (POST /api/admin/departures/{id}/messages) end to end, on
// PGlite and (TEST_DATABASE_URL) PostgreSQL: who it reaches, what is queued and audited, the dry
// run, hostile text, bad input and who may send it.
import { expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import type { DepartureMessageData } from '../mail/outbox.js';
import { renderEmail } from '../mail/templates.js';
import { storeCases } from '../test/fixtures.js';
import { useAdminApp } from '../test/console-kit.js';
import type { AuditEvent } from '#contracts/api';

describeEach(storeCases())('departure messages on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  const send = (departureId: string, body: unknown, user = ctx.operator) =>
    ctx.call(user, 'POST', `/api/admin/departures/${departureId}/messages`, body);
  const queued = async (departureId: string) =>
    (
      await ctx.db.query<{ booking_id: string; recipient: string; payload: DepartureMessageData }>(
        `SELECT o.booking_id, o.recipient, o.payload FROM outbox o JOIN bookings b ON b.id = o.booking_id
         WHERE b.departure_id = $1 AND o.kind = 'departure-message' ORDER BY o.booking_id`,
        [departureId],
      )
    ).rows;

  // Three bookings on a new departure: requested, confirmed and cancelled.
  const departureWithBookings = async () => {
    const departureId = await ctx.addDeparture();
    const requested = await ctx.book(ctx.traveller, {
      departureId,
      name: 'Requested Rae',
      email: 'rae@example.com',
    });
    const confirmed = await ctx.book(ctx.traveller, {
      departureId,
      name: 'Confirmed Cy',
      email: 'cy@example.com',
    });
    const cancelled = await ctx.book(ctx.traveller, {
      departureId,
      name: 'Cancelled Cal',
      email: 'cal@example.com',
    });
    expect(
      (await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${confirmed.id}/confirm`)).statusCode,
    ).toBe(200);
    const cancel = await ctx.call(ctx.operator, 'POST', `/api/admin/bookings/${cancelled.id}/cancel`, {
      reason: 'Asked to',
    });
    expect(cancel.statusCode).toBe(200);
    return { departureId, requested, confirmed, cancelled };
  };

  it('a dry run answers 200 with how many travellers it would reach, and queues nothing', async () => {
    const { departureId } = await departureWithBookings();
    const res = await send(departureId, { subject: 'Hello', body: 'Hi all', dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recipients: 2 });
    expect(await queued(departureId)).toEqual([]);
  });

  it('sends one email to each requested and confirmed booking, none to the cancelled one, with an audit row each', async () => {
    const { departureId, requested, confirmed, cancelled } = await departureWithBookings();
    const before = ctx.emailsQueued;
    const res = await send(departureId, {
      subject: 'New meeting point',
      body: 'Meet at the pier.\n\nBring a coat.',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ recipients: 2 });
    expect(ctx.emailsQueued).toBe(before + 1);

    const rows = await queued(departureId);
    expect(rows.map((r) => r.booking_id).sort()).toEqual([requested.id, confirmed.id].sort());
    expect(rows.find((r) => r.booking_id === confirmed.id)).toMatchObject({
      payload: {
        subject: 'New meeting point',
        body: 'Meet at the pier.\n\nBring a coat.',
        reference: confirmed.reference,
      },
    });

    for (const booking of [requested, confirmed]) {
      const events = (
        await ctx.call(ctx.operator, 'GET', `/api/admin/bookings/${booking.id}/events`)
      ).json() as {
        events: AuditEvent[];
      };
      const message = events.events.find((e) => e.action === 'booking.message');
      // The history shows that a message went out, by whom, and its subject; never its text.
      expect(message).toMatchObject({
        actor: ctx.operator.email,
        actorType: 'operator',
        to: 'New meeting point',
      });
      expect(JSON.stringify(events)).not.toContain('Meet at the pier');
    }
    expect((await ctx.audit({ bookingId: cancelled.id })).map((r) => r.action)).not.toContain(
      'booking.message',
    );
  });

  it('hostile text is escaped in the email and kept as typed in the text part', async () => {
    const { departureId } = await departureWithBookings();
    const body = '<script>alert(1)</script>\n<a href="javascript:x">click</a> & more';
    const res = await send(departureId, { subject: '<img src=x onerror=alert(2)>', body });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await queued(departureId);
    const email = renderEmail('departure-message', row!.payload);
    expect(email.html).not.toMatch(/<script|<img|<a href="javascript/);
    expect(email.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;a href=&quot;javascript:x&quot;&gt;click&lt;/a&gt; &amp; more',
    );
    expect(email.text).toContain(body);
  });

  it("each traveller reads the frame in their booking's language; the operator's words stay as written", async () => {
    const departureId = await ctx.addDeparture();
    const spanish = await ctx.book(ctx.traveller, { departureId, name: 'Lucía', language: 'es' });
    const english = await ctx.book(ctx.traveller, { departureId, name: 'Ada' });
    const res = await send(departureId, { subject: 'Packing list', body: 'Bring boots.' });
    expect(res.statusCode, res.body).toBe(202);
    const rows = await queued(departureId);
    const of = (id: string) => rows.find((r) => r.booking_id === id)!.payload;
    expect(of(spanish.id)).toMatchObject({ language: 'es' });
    expect(of(english.id)).not.toHaveProperty('language');
    const email = renderEmail('departure-message', of(spanish.id));
    expect(email.subject).toBe(`Packing list – ${spanish.packageName}`);
    expect(email.text).toContain('Hola, Lucía:');
    expect(email.text).toContain('Bring boots.');
    expect(email.text).toContain(`Referencia de la reserva: ${spanish.reference}`);
    expect(renderEmail('departure-message', of(english.id)).text).toContain('Hi Ada,');
  });

  it('a departure with no active bookings: 202 with no recipients', async () => {
    const departureId = await ctx.addDeparture();
    const res = await send(departureId, { subject: 'Anyone?', body: 'Nobody is booked.' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ recipients: 0 });
  });

  it.each([
    [{ subject: '', body: 'x' }, 'subject'],
    [{ subject: '   ', body: 'x' }, 'subject'],
    [{ subject: 'x'.repeat(151), body: 'x' }, 'subject'],
    [{ subject: 'Two\nlines', body: 'x' }, 'subject'],
    [{ subject: 42, body: 'x' }, 'subject'],
    [{ subject: 'Hi', body: '' }, 'body'],
    [{ subject: 'Hi', body: 'x'.repeat(5001) }, 'body'],
    [{ subject: 'Hi', body: 'bell \u0007' }, 'body'],
    [{ subject: 'Hi', body: 'x', dryRun: 'yes' }, 'dryRun'],
  ])('400 with a field message for %j', async (payload, field) => {
    const departureId = await ctx.addDeparture();
    const res = await send(departureId, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys((res.json() as { fieldErrors: object }).fieldErrors)).toEqual([field]);
  });

  it('the limits themselves are accepted: 150 and 5,000 characters', async () => {
    const departureId = await ctx.addDeparture();
    const res = await send(departureId, { subject: 's'.repeat(150), body: 'b'.repeat(5000), dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('not a JSON object: 400; an unknown departure: 404', async () => {
    const departureId = await ctx.addDeparture();
    expect((await send(departureId, '[1]')).statusCode).toBe(400);
    expect((await send(crypto.randomUUID(), { subject: 'Hi', body: 'x' })).statusCode).toBe(404);
    expect((await send('not-a-uuid', { subject: 'Hi', body: 'x' })).statusCode).toBe(404);
  });

  it('403 for a traveller, 401 without a token; nothing is queued', async () => {
    const { departureId } = await departureWithBookings();
    expect((await send(departureId, { subject: 'Hi', body: 'x' }, ctx.traveller)).statusCode).toBe(403);
    expect(
      (
        await ctx.call(null, 'POST', `/api/admin/departures/${departureId}/messages`, {
          subject: 'Hi',
          body: 'x',
        })
      ).statusCode,
    ).toBe(401);
    expect(await queued(departureId)).toEqual([]);
  });
});
