// @vitest-environment node
// Each traveller fills in their own details, end to end with real emulator tokens, on PGlite and
// (TEST_DATABASE_URL) PostgreSQL: the lead's invitation (verified email, owner, index, daily
// limit, the email through the outbox and its audit row), the personal link's read and save with
// the guests rules, replaced and forged links, the cutoff and a cancellation, and that no answer
// carries another traveller's details.
import { beforeAll, expect, it } from 'vitest';
import { registerCatalogue, translator } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import type { GuestLink } from '#contracts/guest-links';
import { completeCount, type Guest } from '#contracts/guests';
import { addDays, todayIso } from '#contracts/iso-dates';
import { useAdminApp } from '../test/console-kit.js';
import {
  createUser,
  emulatorHost,
  projectId,
  signInUser,
  storeCases,
  type TestUser,
} from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { guestDetailsIncomplete, runReminders } from '../reminders/reminders.js';
import type { Booking } from '#contracts/api';

// The emulator's admin call: the account's address is confirmed; a new sign-in carries it.
async function markVerified(uid: string) {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      // The display name set at sign-up: who the invitations say they are from.
      body: JSON.stringify({ localId: uid, emailVerified: true, displayName: 'Ada Lovelace' }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update failed: ${res.status}`);
}

async function verifiedUser(name: string): Promise<TestUser> {
  const user = await createUser(name);
  await markVerified(user.uid);
  return { ...user, idToken: await signInUser(user.email) };
}

const other: Guest = {
  fullName: 'Zebedee Otherperson',
  dateOfBirth: '1971-03-04',
  dietary: 'No shellfish please',
  medical: 'Pacemaker fitted',
  emergencyName: 'Quentin Contactname',
  emergencyPhone: '+44 20 7946 1234',
};

const mine: Guest = {
  fullName: 'Charles Babbage',
  dateOfBirth: '1991-12-26',
  dietary: 'Vegetarian',
  medical: '',
  emergencyName: 'Georgiana Babbage',
  emergencyPhone: '+44 20 7946 5555',
};

describeEach(storeCases())('guest links on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store, { detailsCutoffDays: 2 });
  let lead: TestUser;
  let unverified: TestUser;
  beforeAll(async () => {
    [lead, unverified] = await Promise.all([
      verifiedUser('lead'),
      createUser('unverified', { verified: false }),
    ]);
  }, 60_000);

  const invite = (user: TestUser | null, id: string, index: number | string, email: unknown) =>
    ctx.call(user, 'POST', `/api/bookings/${id}/guests/${index}/invite`, { email });
  const bookFor = async (user: TestUser, travellers: number) => {
    const departureId = await ctx.addDeparture();
    return ctx.book(user, { departureId, travellers });
  };
  // The last invitation email for a booking, from the outbox: its recipient and the link's token.
  const lastInvite = async (bookingId: string, kind = 'guest-invite') => {
    const { rows } = await ctx.db.query<{ recipient: string; payload: unknown }>(
      `SELECT recipient, payload FROM outbox WHERE booking_id = $1 AND kind = $2 ORDER BY created_at DESC, id LIMIT 1`,
      [bookingId, kind],
    );
    const row = rows[0]!;
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
      linkPath: string;
      leadName: string;
      editableUntil: string;
      packageName: string;
    };
    return { ...row, payload, token: payload.linkPath.replace('/travellers/', '') };
  };
  const getLink = (token: string) => ctx.call(null, 'GET', `/api/guest-links/${token}`);
  const putLink = (token: string, body: unknown) => ctx.call(null, 'PUT', `/api/guest-links/${token}`, body);

  it('invites a traveller: 202, one email with a personal link through the outbox, an audit row without the address', async () => {
    const booking = await bookFor(lead, 3);
    const address = `guest-${booking.id.slice(0, 8)}@example.com`;
    const res = await invite(lead, booking.id, 1, address);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ index: 1, inviteStatus: 'invited' });
    const email = await lastInvite(booking.id);
    expect(email.recipient).toBe(address);
    expect(email.payload).toMatchObject({
      packageName: booking.packageName,
      leadName: 'Ada Lovelace',
      editableUntil: addDays(booking.startsOn!, -2),
    });
    // 32 random bytes, base64url; stored only as its SHA-256.
    expect(email.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await ctx.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM guest_links WHERE booking_id = $1',
      [booking.id],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(email.token);
    const audit = (await ctx.audit({ bookingId: booking.id })).filter((r) => r.action === 'guest.invited');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.to_value).toBe('traveller 2: invited to fill in their details');
    expect(JSON.stringify(await ctx.audit({ bookingId: booking.id }))).not.toContain(address);
    // The lead's bookings say who is invited.
    const after = (await ctx.call(lead, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
    expect(after.guests.map((g) => g.inviteStatus)).toEqual([undefined, 'invited', 'not-invited']);
  });

  it('an address confirmed after the token was made: the identity provider has the last word, no new sign-in needed', async () => {
    const late = await createUser('late', { verified: false });
    const own = await bookFor(late, 2);
    expect((await invite(late, own.id, 1, 'late-friend@example.com')).statusCode).toBe(403);
    // The traveller clicks the confirmation link; the page keeps its old token (it says unverified).
    await markVerified(late.uid);
    const res = await invite(late, own.id, 1, 'late-friend@example.com');
    expect(res.statusCode, res.body).toBe(202);
    expect((await lastInvite(own.id)).recipient).toBe('late-friend@example.com');
  });

  it('refuses an account without a confirmed email (403), someone else’s booking and unknown travellers (404), the lead and bad addresses (400/404)', async () => {
    const own = await bookFor(unverified, 2);
    const refused = await invite(unverified, own.id, 1, 'x@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/confirm your email/i);

    const booking = await bookFor(lead, 2);
    const stranger = await verifiedUser('stranger');
    expect((await invite(stranger, booking.id, 1, 'x@example.com')).statusCode).toBe(404);
    expect((await invite(lead, booking.id, 2, 'x@example.com')).statusCode).toBe(404);
    expect((await invite(lead, booking.id, 0, 'x@example.com')).statusCode).toBe(404);
    expect((await invite(lead, booking.id, 'x', 'x@example.com')).statusCode).toBe(404);
    expect((await invite(null, booking.id, 1, 'x@example.com')).statusCode).toBe(401);
    for (const bad of ['', 'not-an-address', 'a\u0000b@example.com', 42, `${'a'.repeat(300)}@example.com`]) {
      const res = await invite(lead, booking.id, 1, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const outbox = await ctx.db.query('SELECT 1 FROM outbox WHERE booking_id = $1 AND kind = $2', [
      booking.id,
      'guest-invite',
    ]);
    expect(outbox.rows).toHaveLength(0);
  });

  it('sends at most `travellers` invitations per booking a day (429 with a message)', async () => {
    const booking = await bookFor(lead, 2);
    expect((await invite(lead, booking.id, 1, 'a@example.com')).statusCode).toBe(202);
    expect((await invite(lead, booking.id, 1, 'b@example.com')).statusCode).toBe(202);
    const third = await invite(lead, booking.id, 1, 'c@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/2 invitations today/);
    // Marked with its count: a Spanish page reads it in Spanish.
    registerCatalogue(es);
    expect(translator('es').known(third.json().message)).toBe(
      'Esta reserva ya ha enviado hoy 2 invitaciones, todas las que puede. Inténtelo de nuevo mañana.',
    );
  });

  it('opens the link without an account: the trip, the lead, this traveller only; saves with the guests rules', async () => {
    const booking = await bookFor(lead, 3);
    // The lead fills in traveller 3; traveller 2 is invited.
    const put = await ctx.call(lead, 'PUT', `/api/bookings/${booking.id}/guests`, {
      guests: [{ ...other, fullName: 'Ada Lovelace', emergencyName: 'Leadcontact Person' }, {}, other],
    });
    expect(put.statusCode, put.body).toBe(200);
    await invite(lead, booking.id, 1, 'charles@example.com');
    const { token } = await lastInvite(booking.id);

    const read = await getLink(token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    const link = read.json() as GuestLink;
    expect(link).toMatchObject({
      packageName: booking.packageName,
      startsOn: booking.startsOn,
      leadName: 'Ada Lovelace',
      position: 1,
      questions: [],
      complete: false,
    });
    expect(link.guest.fullName).toBe('');
    // A package without translated questions: no translations in the answer, as before them.
    expect(link).not.toHaveProperty('translations');

    const bad = await putLink(token, {
      guest: {
        ...mine,
        dateOfBirth: addDays(todayIso('UTC'), 5),
        emergencyPhone: 'call me',
        fullName: 'A\u0007',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual([
      'guest.dateOfBirth',
      'guest.emergencyPhone',
      'guest.fullName',
    ]);

    const before = await ctx.call(
      ctx.operator,
      'GET',
      `/api/admin/departures/${booking.departureId}/manifest`,
    );
    expect(before.json().departure).toMatchObject({ travellersComplete: 2, travellersTotal: 3 });
    const saved = await putLink(token, { guest: mine });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as GuestLink).guest).toEqual({ ...mine, answers: {} });
    expect((saved.json() as GuestLink).complete).toBe(true);

    // No answer carries another traveller's details (nor the lead's own).
    for (const body of [read.body, bad.body, saved.body, (await getLink(token)).body]) {
      for (const value of Object.values(other).filter(Boolean)) expect(body).not.toContain(value);
      expect(body).not.toContain('Leadcontact');
    }
    const lead2 = (await ctx.call(lead, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
    expect(lead2.guests[1]).toMatchObject({ ...mine, inviteStatus: 'complete' });
    expect(lead2.guests[2]).toMatchObject({ ...other });
    const audit = (await ctx.audit({ bookingId: booking.id })).filter((r) => r.action === 'guests.updated');
    expect(audit.at(-1)).toMatchObject({ actor: 'traveller 2 (personal link)' });
    // The console counts the departure's travellers whose details are complete.
    const manifest = await ctx.call(
      ctx.operator,
      'GET',
      `/api/admin/departures/${booking.departureId}/manifest`,
    );
    expect(manifest.json().departure).toMatchObject({ travellersComplete: 3, travellersTotal: 3 });
    const list = (await ctx.call(ctx.operator, 'GET', '/api/admin/departures')).json() as {
      departures: { id: string; travellersComplete: number; travellersTotal: number }[];
    };
    expect(list.departures.find((d) => d.id === booking.departureId)).toMatchObject({
      travellersComplete: 3,
      travellersTotal: 3,
    });
    expect(JSON.stringify(audit)).not.toContain('Babbage');
  });

  it('asks the package’s questions on the link: a required one unanswered is not complete, anywhere; answers are checked and reach the manifest', async () => {
    const packageId = 'kyoto-temples-and-tea';
    const questions = [
      { id: 'boot-size', label: 'Boot size', kind: 'text', required: true, sensitive: false },
      { id: 'room', label: 'Room', kind: 'choice', choices: ['Single', 'Shared'], required: false },
    ];
    // The console's Spanish for one question, one of its choices left untranslated (migration 68).
    const translations = {
      es: { questions: [{ id: 'room', label: 'Habitación', choices: ['Individual', ''] }] },
    };
    const set = await ctx.call(ctx.operator, 'PATCH', `/api/admin/packages/${packageId}`, {
      questions,
      translations,
    });
    expect(set.statusCode, set.body).toBe(200);
    const departureId = await ctx.addDeparture({ packageId });
    const booking = await ctx.book(lead, { packageId, departureId, travellers: 2 });
    await invite(lead, booking.id, 1, 'boots@example.com');
    const { token } = await lastInvite(booking.id);

    const read = (await getLink(token)).json() as GuestLink;
    expect(read.questions).toEqual([
      { id: 'boot-size', label: 'Boot size', kind: 'text', choices: [], required: true },
      { id: 'room', label: 'Room', kind: 'choice', choices: ['Single', 'Shared'], required: false },
    ]);
    // The link's page in Spanish shows them; the answers stay keyed and valued in English.
    expect(read.translations).toEqual(translations);

    // Every detail but the required answer: saved, and not complete, on the link and for the lead.
    const partial = await putLink(token, { guest: { ...mine, answers: { room: 'Shared' } } });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ complete: false, guest: { answers: { room: 'Shared' } } });
    expect((partial.json() as GuestLink).translations).toEqual(translations);
    const forLead = (await ctx.call(lead, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
    expect(forLead.guests[1]).toMatchObject({ inviteStatus: 'invited', answers: { room: 'Shared' } });
    expect(forLead.detailsComplete).toBe(false);
    // The lead's "N of M travellers complete" counts the required answer too: traveller 2 has every
    // detail but it, and is not counted.
    expect(forLead.travellersComplete).toBe(completeCount(forLead.guests) - 1);

    // Checked as the lead's form checks them.
    const bad = await putLink(token, { guest: { ...mine, answers: { room: 'Suite', nope: 'x' } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['guest.answers.nope', 'guest.answers.room']);

    const full = await putLink(token, { guest: { ...mine, answers: { 'boot-size': '42', room: 'Shared' } } });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ complete: true });
    // A save without answers keeps them.
    expect((await putLink(token, { guest: { ...mine, dietary: 'None' } })).json()).toMatchObject({
      complete: true,
      guest: { answers: { 'boot-size': '42' } },
    });
    const after = (await ctx.call(lead, 'GET', `/api/bookings/${booking.id}`)).json() as Booking;
    expect(after.guests[1]).toMatchObject({ inviteStatus: 'complete' });
    const manifest = await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${departureId}/manifest`);
    expect(manifest.body).toContain('"boot-size":"42"');
  });

  it('a new invitation replaces the link: the old one answers 404 like a forged one; hostile tokens are 4xx', async () => {
    const booking = await bookFor(lead, 2);
    await invite(lead, booking.id, 1, 'first@example.com');
    const first = (await lastInvite(booking.id)).token;
    expect((await getLink(first)).statusCode).toBe(200);
    await invite(lead, booking.id, 1, 'second@example.com');
    const second = await lastInvite(booking.id);
    expect(second.token).not.toBe(first);
    expect(second.recipient).toBe('second@example.com');
    const old = await getLink(first);
    expect(old.statusCode).toBe(404);
    const forged = await getLink('A'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(old.json()).toEqual(forged.json());
    expect((await putLink(first, { guest: mine })).statusCode).toBe(404);
    expect((await getLink(second.token)).statusCode).toBe(200);
    for (const token of ['short', 'x'.repeat(5000), '%00abc', "'%20OR%201=1", '..%2F..%2Fetc']) {
      const res = await getLink(token);
      expect(res.statusCode, token).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, token).toBeLessThan(500);
      expect(res.json().message).toBeTruthy();
    }
    for (const body of ['not json', '[]', '{"guest": "x"}', '{"guest": null}', '{}']) {
      const res = await putLink(second.token, body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('a cancelled booking, or past the details cutoff: 409 on read and save, and no invitation', async () => {
    const booking = await bookFor(lead, 2);
    await invite(lead, booking.id, 1, 'late@example.com');
    const { token } = await lastInvite(booking.id);
    // Its go/no-go date comes along: it may not fall after the departure (migration 40).
    await ctx.db.query(
      'UPDATE departures SET starts_on = $2::date, decide_by = $2::date - 30 WHERE id = $1',
      [booking.departureId, addDays(todayIso('UTC'), 1)],
    );
    expect((await getLink(token)).statusCode).toBe(409);
    expect((await putLink(token, { guest: mine })).statusCode).toBe(409);
    expect((await invite(lead, booking.id, 1, 'late@example.com')).statusCode).toBe(409);

    const cancelled = await bookFor(lead, 2);
    await invite(lead, cancelled.id, 1, 'gone@example.com');
    const gone = (await lastInvite(cancelled.id)).token;
    expect((await ctx.call(lead, 'POST', `/api/bookings/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
    const res = await getLink(gone);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cancelled/);
  });

  it('the details reminder goes to each invited traveller missing details once, with a fresh link; the lead’s lists who is missing', async () => {
    const booking = await bookFor(lead, 3);
    await invite(lead, booking.id, 1, 'remind-me@example.com');
    const invited = (await lastInvite(booking.id)).token;
    const settings = { tripDays: 7, detailsDays: 2000, detailsIncomplete: guestDetailsIncomplete };
    // Invited just now: the invitation is its own reminder, the link stays.
    await runReminders(ctx.db, todayIso('UTC'), settings);
    expect((await getLink(invited)).statusCode).toBe(200);
    await ctx.db.query(
      `UPDATE guest_links SET invited_at = now() - interval '4 days' WHERE booking_id = $1`,
      [booking.id],
    );
    await runReminders(ctx.db, todayIso('UTC'), settings);
    await runReminders(ctx.db, todayIso('UTC'), settings);
    const { rows } = await ctx.db.query<{ recipient: string; kind: string; payload: unknown }>(
      `SELECT recipient, kind, payload FROM outbox WHERE booking_id = $1 AND kind IN ('guest-details-reminder', 'details-reminder')`,
      [booking.id],
    );
    const guestOnes = rows.filter((r) => r.kind === 'guest-details-reminder');
    expect(guestOnes.map((r) => r.recipient)).toEqual(['remind-me@example.com']);
    const leadOne = rows.find((r) => r.kind === 'details-reminder')!;
    const payload = (typeof leadOne.payload === 'string' ? JSON.parse(leadOne.payload) : leadOne.payload) as {
      missing: string[];
    };
    expect(payload.missing).toEqual(['Ada Lovelace (you)', 'Traveller 2 (invited)', 'Traveller 3']);
    // The reminder's link replaced the invitation's.
    const fresh = (await lastInvite(booking.id, 'guest-details-reminder')).token;
    expect((await getLink(invited)).statusCode).toBe(404);
    expect((await getLink(fresh)).statusCode).toBe(200);
  });
});
