// @vitest-environment node
// A personal link belongs to the person it was sent to, not to a place in the booking: when the
// lead types someone else into that traveller's details (or clears them, or the party shrinks),
// the link ends at once. Invitations are no mail relay: INVITES_PER_DAY per account across all
// its bookings, in the account's one write budget; the lead's name in them is the account's
// display name, in the body only, never the booking's free text.
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { beforeAll, expect, it } from 'vitest';
import type { Guest } from '#contracts/guests';
import { renderEmail } from '../mail/templates.js';
import { useAdminApp } from '../test/console-kit.js';
import { createUser, signInUser, storeCases, type TestUser } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

const sam: Guest = {
  fullName: 'Sam Invited',
  dateOfBirth: '1980-01-02',
  dietary: '',
  medical: 'Asthma',
  emergencyName: 'Sam Contact',
  emergencyPhone: '+44 20 7946 0001',
};
const ruth: Guest = {
  fullName: 'Ruth Replacement',
  dateOfBirth: '1975-06-07',
  dietary: 'Vegan',
  medical: 'Allergic to penicillin',
  emergencyName: 'Ruth Contact',
  emergencyPhone: '+44 20 7946 0002',
};

describeEach(storeCases())('personal links and invitations on $name', { timeout: 90_000 }, (store) => {
  const ctx = useAdminApp(store, { invitesPerDay: 4 });
  let lead: TestUser;

  // A verified account with a display name (set at sign-up; the token carries it as `name`).
  const withName = async (label: string, displayName: string) => {
    const user = await createUser(label);
    await getAuth(getApps().find((a) => a.name === 'bookings-api')!).updateUser(user.uid, { displayName });
    return { ...user, idToken: await signInUser(user.email) };
  };
  beforeAll(async () => {
    lead = await withName('link-lead', 'Grace Hopper');
  }, 60_000);

  const bookFor = async (user: TestUser, travellers: number, name = 'Grace Hopper') =>
    ctx.book(user, { departureId: await ctx.addDeparture(), travellers, name });
  const invite = (user: TestUser, id: string, index: number, email: string) =>
    ctx.call(user, 'POST', `/api/bookings/${id}/guests/${index}/invite`, { email });
  const lastInvite = async (bookingId: string) => {
    const { rows } = await ctx.db.query<{ recipient: string; payload: unknown }>(
      `SELECT recipient, payload FROM outbox WHERE booking_id = $1 AND kind = 'guest-invite'
        ORDER BY created_at DESC, id LIMIT 1`,
      [bookingId],
    );
    const row = rows[0]!;
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
      linkPath: string;
      leadName: string;
      packageName: string;
      startsOn: string | null;
      editableUntil: string | null;
    };
    return { ...row, payload, token: payload.linkPath.replace('/travellers/', '') };
  };
  const getLink = (token: string) => ctx.call(null, 'GET', `/api/guest-links/${token}`);
  const putLink = (token: string, guest: Guest) =>
    ctx.call(null, 'PUT', `/api/guest-links/${token}`, { guest });
  const saveGuests = (id: string, guests: unknown[]) =>
    ctx.call(lead, 'PUT', `/api/bookings/${id}/guests`, { guests });

  it('the lead typing someone else into traveller 2 ends the old link: 404 on read and save, their details untouched', async () => {
    const booking = await bookFor(lead, 3);
    expect((await invite(lead, booking.id, 1, 'sam@example.com')).statusCode).toBe(202);
    const { token } = await lastInvite(booking.id);
    expect((await putLink(token, sam)).statusCode).toBe(200);
    // The lead replaces traveller 2 by someone else, without inviting again.
    const replaced = await saveGuests(booking.id, [{}, ruth, {}]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const read = await getLink(token);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('penicillin');
    expect(read.body).not.toContain(ruth.dateOfBirth);
    const write = await putLink(token, sam);
    expect(write.statusCode).toBe(404);
    const after = (await ctx.call(lead, 'GET', `/api/bookings/${booking.id}`)).json() as { guests: Guest[] };
    expect(after.guests[1]).toMatchObject(ruth);
    // The invited address goes with the link.
    const { rows } = await ctx.db.query('SELECT email FROM guest_links WHERE booking_id = $1', [booking.id]);
    expect(rows).toEqual([]);
  });

  it('clearing a traveller, or a smaller party, ends their link; editing another traveller does not', async () => {
    const booking = await bookFor(lead, 3);
    await invite(lead, booking.id, 1, 'two@example.com');
    const two = (await lastInvite(booking.id)).token;
    await invite(lead, booking.id, 2, 'three@example.com');
    const three = (await lastInvite(booking.id)).token;
    expect((await putLink(two, sam)).statusCode).toBe(200);
    expect((await putLink(three, ruth)).statusCode).toBe(200);
    // The lead edits their own details and leaves 2 and 3 as the travellers wrote them.
    const own = await saveGuests(booking.id, [{ fullName: 'Grace Hopper' }, sam, ruth]);
    expect(own.statusCode, own.body).toBe(200);
    expect((await getLink(two)).statusCode).toBe(200);
    expect((await getLink(three)).statusCode).toBe(200);
    // Traveller 3 cleared by the lead: their link ends, 2's stays.
    expect((await saveGuests(booking.id, [{ fullName: 'Grace Hopper' }, sam, {}])).statusCode).toBe(200);
    expect((await getLink(three)).statusCode).toBe(404);
    expect((await getLink(two)).statusCode).toBe(200);
    // The party shrinks to one: traveller 2's link ends too.
    const change = await ctx.call(lead, 'POST', `/api/bookings/${booking.id}/change`, { travellers: 1 });
    expect(change.statusCode, change.body).toBe(200);
    expect((await getLink(two)).statusCode).toBe(404);
  });

  it('the lead’s name is the account’s display name, in the body only; the subject names no one', async () => {
    const booking = await bookFor(lead, 2, 'Claim your prize at evil.example');
    expect((await invite(lead, booking.id, 1, 'friend@example.com')).statusCode).toBe(202);
    const email = await lastInvite(booking.id);
    expect(email.payload.leadName).toBe('Grace Hopper');
    const letter = renderEmail('guest-invite', email.payload as never);
    expect(letter.subject).not.toContain('Grace');
    expect(letter.subject).not.toContain('evil');
    expect(letter.text).toContain('Grace Hopper');
    expect(letter.text).not.toContain('evil.example');
    const link = (await getLink(email.token)).json();
    expect(link.leadName).toBe('Grace Hopper');
    // An account without a display name: a neutral phrase, never the booking's text.
    const nameless = await createUser('nameless-lead');
    const theirs = await bookFor(nameless, 2, 'Visit evil.example now');
    expect((await invite(nameless, theirs.id, 1, 'friend2@example.com')).statusCode).toBe(202);
    const plain = await lastInvite(theirs.id);
    expect(JSON.stringify(plain.payload)).not.toContain('evil');
    expect(renderEmail('guest-invite', plain.payload as never).text).not.toContain('evil');
  });

  it('caps invitations per account a day across all its bookings: cancelling and booking again does not reset it', async () => {
    const user = await withName('relay', 'Relay Tester');
    const first = await bookFor(user, 3, 'Relay Tester');
    expect((await invite(user, first.id, 1, 'r1@example.com')).statusCode).toBe(202);
    expect((await invite(user, first.id, 2, 'r2@example.com')).statusCode).toBe(202);
    expect((await invite(user, first.id, 2, 'r3@example.com')).statusCode).toBe(202);
    const cancel = await ctx.call(user, 'POST', `/api/bookings/${first.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const second = await bookFor(user, 3, 'Relay Tester');
    expect((await invite(user, second.id, 1, 'r4@example.com')).statusCode).toBe(202);
    const refused = await invite(user, second.id, 2, 'r5@example.com');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toBe(
      'Your account has sent 4 invitations today, as many as it may. Please try again tomorrow.',
    );
    const { rows } = await ctx.db.query(
      `SELECT 1 FROM outbox WHERE kind = 'guest-invite' AND recipient = 'r5@example.com'`,
    );
    expect(rows).toEqual([]);
  });
});
