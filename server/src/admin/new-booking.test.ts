// @vitest-environment node
// A booking staff enter (POST /api/admin/bookings): through the booking writer, so the seat rule
// holds; no held-seat cap; its emails to the typed address unless told not to; its history names
// the operator; and it becomes the account's whose verified email it carries, once.
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { beforeAll, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { createUser, signInUser, storeCases, validBooking } from '../test/fixtures.js';
import { useAdminApp, type AdminTestContext } from '../test/console-kit.js';
import { unclaimedUserId } from '../bookings/claim.js';
import type { AdminBooking } from '#contracts/api';

describeEach(storeCases())('bookings made by staff on $name', { timeout: 120_000 }, (store) => {
  // Tests about this set the real cap: staff bookings must not count against it.
  const ctx: AdminTestContext = useAdminApp(store, { maxHeldSeatsPerUser: 4 });
  let departure: string;

  const staffBooking = (email: string, change: Record<string, unknown> = {}) => ({
    ...validBooking,
    email,
    departureId: departure,
    travellers: 3,
    ...change,
  });
  const outbox = async (bookingId: string) =>
    (
      await ctx.db.query<{ kind: string; recipient: string }>(
        'SELECT kind, recipient FROM outbox WHERE booking_id = $1 ORDER BY created_at, kind',
        [bookingId],
      )
    ).rows;

  beforeAll(async () => {
    departure = await ctx.addDeparture({ capacity: 10 });
  });

  it('201: confirmed by default, no account, the operator in its history, the confirmation to the typed email', async () => {
    const email = `phone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await ctx.call(ctx.operator, 'POST', '/api/admin/bookings', staffBooking(email));
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as AdminBooking;
    expect(booking).toMatchObject({ status: 'confirmed', travellers: 3, userId: unclaimedUserId, email });
    expect(await ctx.seatsTaken(departure)).toBe(3);
    expect(await ctx.audit({ bookingId: booking.id })).toEqual([
      expect.objectContaining({
        actor_type: 'operator',
        actor: ctx.operator.email,
        action: 'booking.created',
        to_value: 'confirmed',
      }),
    ]);
    expect(await outbox(booking.id)).toEqual([{ kind: 'booking-confirmed', recipient: email }]);
    // More than the traveller cap (4 here): the cap is for travellers' own requests.
    const requested = await ctx.call(
      ctx.operator,
      'POST',
      '/api/admin/bookings',
      staffBooking(email, { status: 'requested', travellers: 5, sendEmails: false }),
    );
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ status: 'requested' });
    expect(await outbox(requested.json().id)).toEqual([]);
  });

  it('409 when the party does not fit, and nothing is stored', async () => {
    const full = await ctx.addDeparture({ capacity: 2 });
    const before = (await ctx.db.query('SELECT id FROM bookings')).rows.length;
    const res = await ctx.call(
      ctx.operator,
      'POST',
      '/api/admin/bookings',
      staffBooking('x@example.com', { departureId: full, travellers: 3 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ seatsLeft: 2 });
    expect((await ctx.db.query('SELECT id FROM bookings')).rows.length).toBe(before);
    expect(await ctx.seatsTaken(full)).toBe(0);
  });

  it('bad input is a 400 with a message, never a 5xx', async () => {
    for (const change of [
      { travellers: 0 },
      { travellers: undefined },
      { departureId: 'nope' },
      { packageId: 'no-such-trip' },
      { status: 'cancelled' },
      { sendEmails: 'yes' },
      { name: 'a\u0007b' },
      { userId: 'someone' },
    ]) {
      const res = await ctx.call(
        ctx.operator,
        'POST',
        '/api/admin/bookings',
        staffBooking('y@example.com', change),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('made while its traveller is signed in, shows in their My bookings at once, claimed by that read', async () => {
    const email = `claim-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const user = await createUser('present', { verified: true });
    const auth = getAuth(getApps().find((a) => a.name === 'bookings-api')!);
    await auth.updateUser(user.uid, { email, emailVerified: true });
    const owner = { ...user, idToken: await signInUser(email) };
    // The token is checked (and trusted from now on) before the booking exists.
    expect((await ctx.call(owner, 'GET', '/api/bookings')).json().bookings).toEqual([]);
    const made = (
      await ctx.call(
        ctx.operator,
        'POST',
        '/api/admin/bookings',
        staffBooking(email, { travellers: 2, departureId: await ctx.addDeparture() }),
      )
    ).json() as AdminBooking;
    const mine = await ctx.call(owner, 'GET', '/api/bookings');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().bookings).toEqual([
      expect.objectContaining({
        id: made.id,
        reference: made.reference,
        travellers: 2,
        email,
        status: 'confirmed',
      }),
    ]);
    const { rows } = await ctx.db.query<{ user_id: string; account_email: string }>(
      'SELECT user_id, account_email FROM bookings WHERE id = $1',
      [made.id],
    );
    expect(rows[0]).toEqual({ user_id: owner.uid, account_email: email });
    expect(
      (await ctx.audit({ bookingId: made.id })).filter((a) => a.action === 'booking.claimed'),
    ).toHaveLength(1);
    // The next read finds it as theirs, and claims nothing more.
    expect(
      (await ctx.call(owner, 'GET', '/api/bookings')).json().bookings.map((b: { id: string }) => b.id),
    ).toEqual([made.id]);
    expect(
      (await ctx.audit({ bookingId: made.id })).filter((a) => a.action === 'booking.claimed'),
    ).toHaveLength(1);
  });

  it('becomes the account’s with that verified email on its first signed-in call, once, audited', async () => {
    const email = `claim-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = (
      await ctx.call(ctx.operator, 'POST', '/api/admin/bookings', staffBooking(email, { travellers: 1 }))
    ).json() as AdminBooking;
    // The account with that address (any case), its email not verified yet: nothing is claimed.
    const user = await createUser('claimer', { verified: false });
    const auth = getAuth(getApps().find((a) => a.name === 'bookings-api')!);
    await auth.updateUser(user.uid, { email: email.toUpperCase(), emailVerified: false });
    const unverified = { ...user, idToken: await signInUser(email) };
    expect((await ctx.call(unverified, 'GET', '/api/bookings')).json().bookings).toEqual([]);
    await auth.updateUser(user.uid, { emailVerified: true });
    const owner = { ...user, idToken: await signInUser(email) };
    const mine = await ctx.call(owner, 'GET', '/api/bookings');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().bookings.map((b: { id: string }) => b.id)).toEqual([made.id]);
    // Again, and from another call: still one claim, one audit row.
    await ctx.call(owner, 'GET', '/api/bookings');
    await ctx.call(owner, 'GET', `/api/bookings/${made.id}`);
    const claims = (await ctx.audit({ bookingId: made.id })).filter((a) => a.action === 'booking.claimed');
    expect(claims).toEqual([expect.objectContaining({ actor_type: 'traveller' })]);
    const { rows } = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM bookings WHERE id = $1', [
      made.id,
    ]);
    expect(rows[0]!.user_id).toBe(owner.uid);
    // Nobody else sees it.
    expect((await ctx.call(ctx.traveller, 'GET', `/api/bookings/${made.id}`)).statusCode).toBe(404);
  });
});
