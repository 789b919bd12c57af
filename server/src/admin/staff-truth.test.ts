// @vitest-environment node
// The role claim is the truth, the staff table its index (docs/decisions/029-staff-roles.md):
// a role only for an address someone confirmed; a demoted operator's writes refused at once
// (staff writes read the claim again); the last-owner rule and guide assignment read the claim
// where the index is stale or has no answer.
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { beforeAll, expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import { confirmAddressFirstMessage } from '#contracts/staff';
import { useAdminApp } from '../test/console-kit.js';
import { createUser, setEmulatorClaims, signInUser, storeCases, type TestUser } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { lastOwnerMessage } from './staff.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEach(storeCases())('the claim is the truth on $name', { timeout: 120_000 }, (store) => {
  const ctx = useAdminApp(store);
  let ownerA: TestUser;
  let ownerB: TestUser;
  let dateOffset = 700 + Math.floor(Math.random() * 300);

  const withRole = async (label: string, role: string) => {
    const user = await createUser(label);
    await setEmulatorClaims(user.uid, { role });
    return { ...user, idToken: await signInUser(user.email) };
  };
  const claimsOf = async (uid: string) =>
    (await getAuth(getApps().find((a) => a.name === 'bookings-api')!).getUser(uid)).customClaims ?? {};

  beforeAll(async () => {
    [ownerA, ownerB] = await Promise.all([withRole('owner-a', 'owner'), withRole('owner-b', 'owner')]);
  }, 60_000);

  it('a role only for a confirmed address: 409 "Ask them to confirm their email address first", nothing changed', async () => {
    const squatter = await createUser('squatter', { verified: false });
    const res = await ctx.call(ownerA, 'PUT', '/api/admin/staff', {
      email: squatter.email,
      role: 'operator',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(confirmAddressFirstMessage);
    expect(confirmAddressFirstMessage).toBe('Ask them to confirm their email address first');
    expect(await claimsOf(squatter.uid)).toEqual({});
    const signedIn = { ...squatter, idToken: await signInUser(squatter.email) };
    expect((await ctx.call(signedIn, 'GET', '/api/admin/bookings')).statusCode).toBe(403);
    expect((await ctx.db.query('SELECT 1 FROM staff WHERE uid = $1', [squatter.uid])).rows).toEqual([]);
  });

  it('a removed operator’s cached token writes nothing, at once', async () => {
    const operator = await withRole('cached-operator', 'operator');
    // Trusted by this process from now on (TOKEN_CACHE_SECONDS).
    expect((await ctx.call(operator, 'GET', '/api/admin/bookings')).statusCode).toBe(200);
    const removed = await ctx.call(ownerA, 'DELETE', `/api/admin/staff/${operator.uid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const write = await ctx.call(operator, 'POST', '/api/admin/departures', {
      packageId: 'swiss-alpine-lakes',
      startsOn: addDays(todayIso('UTC'), dateOffset++),
      capacity: 10,
    });
    expect(write.statusCode, write.body).toBe(403);
    const { rows } = await ctx.db.query(`SELECT 1 FROM audit_events WHERE actor = $1`, [operator.email]);
    expect(rows).toEqual([]);
  });

  it('the last-owner rule reads the claim of the owners the index lists: one revoked from the terminal does not count', async () => {
    // Only A and B are owners in the index (each used the console).
    await ctx.db.query('DELETE FROM staff');
    expect((await ctx.call(ownerA, 'GET', '/api/admin/staff')).statusCode).toBe(200);
    expect((await ctx.call(ownerB, 'GET', '/api/admin/staff')).statusCode).toBe(200);
    // `npm run admin -- revoke` takes B's claim away in the identity provider.
    await setEmulatorClaims(ownerB.uid, {});
    await sleep(1_100);
    const demote = await ctx.call(ownerA, 'PUT', '/api/admin/staff', {
      email: ownerA.email,
      role: 'operator',
    });
    expect(demote.statusCode, demote.body).toBe(409);
    expect(demote.json().message).toBe(lastOwnerMessage);
    expect(await claimsOf(ownerA.uid)).toMatchObject({ role: 'owner' });
    // The index is put right on the way.
    const { rows } = await ctx.db.query<{ uid: string }>(`SELECT uid FROM staff WHERE role = 'owner'`);
    expect(rows.map((r) => r.uid)).toEqual([ownerA.uid]);
  });

  it('a guide whose role was set in the identity provider can be assigned before anyone opens Team', async () => {
    const guide = await withRole('idp-guide', 'guide');
    const traveller = await createUser('not-a-guide');
    expect((await ctx.db.query('SELECT 1 FROM staff WHERE uid = $1', [guide.uid])).rows).toEqual([]);
    const departure = await ctx.addDeparture();
    const assign = await ctx.call(ownerA, 'PATCH', `/api/admin/departures/${departure}`, {
      guides: [guide.uid],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const { rows } = await ctx.db.query<{ uid: string }>(
      'SELECT uid FROM departure_guides WHERE departure_id = $1',
      [departure],
    );
    expect(rows).toEqual([{ uid: guide.uid }]);
    expect((await ctx.db.query(`SELECT role FROM staff WHERE uid = $1`, [guide.uid])).rows).toEqual([
      { role: 'guide' },
    ]);
    // An account without the claim is still refused, as is a uid of nobody.
    for (const uid of [traveller.uid, 'no-such-account']) {
      const res = await ctx.call(ownerA, 'PATCH', `/api/admin/departures/${departure}`, { guides: [uid] });
      expect(res.statusCode, uid).toBe(400);
    }
  });
});
