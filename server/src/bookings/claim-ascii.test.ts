// @vitest-environment node
// A booking staff made for an address is claimed only by an account whose verified address is
// the same once ASCII letters are lower-cased, never through PostgreSQL's locale folding: an
// account whose address folds to it (a Kelvin sign K for a K) claims nothing (./claim.ts).
import { expect, it } from 'vitest';
import { firebaseTokenVerifier } from '../auth/verify-token.js';
import type { TokenVerifier, VerifiedUser } from '../auth/verified-user.js';
import type { AdminBooking } from '#contracts/api';
import { useAdminApp } from '../test/console-kit.js';
import { projectId, storeCases, validBooking, type TestUser } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { asciiLower, unclaimedUserId } from './claim.js';

describeEach(storeCases())('claims by address on $name', { timeout: 60_000 }, (store) => {
  // The Auth Emulator folds an address with JavaScript's toLowerCase (a Kelvin sign becomes a k)
  // before it stores it; an identity provider need not. Tokens named "stand-in-..." verify as the
  // account this test gave them; every other token is checked by the emulator.
  const standIns = new Map<string, VerifiedUser>();
  const emulator = firebaseTokenVerifier(projectId, { cacheMs: 0 });
  const verifyToken: TokenVerifier = async (idToken) => standIns.get(idToken) ?? emulator(idToken);
  const ctx = useAdminApp(store, { verifyToken });

  const accountWith = (email: string): TestUser => {
    const uid = `claim-ascii-${crypto.randomUUID().slice(0, 8)}`;
    const idToken = `stand-in-${uid}-token`;
    standIns.set(idToken, { uid, email, emailVerified: true });
    return { uid, email, idToken };
  };
  const staffBooking = async (email: string) => {
    const res = await ctx.call(ctx.operator, 'POST', '/api/admin/bookings', {
      ...validBooking,
      email,
      departureId: await ctx.addDeparture(),
      travellers: 1,
      sendEmails: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminBooking;
  };

  it('an address with a Kelvin sign claims nothing of the K address; the exact one (any ASCII case) does', async () => {
    const local = `kelly-${crypto.randomUUID().slice(0, 8)}`;
    const made = await staffBooking(`${local.toUpperCase()}@Example.com`);
    const lookalike = accountWith(`\u212A${local.slice(1)}@example.com`);
    const theirs = await ctx.call(lookalike, 'GET', '/api/bookings');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().bookings).toEqual([]);
    const { rows } = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM bookings WHERE id = $1', [
      made.id,
    ]);
    expect(rows[0]!.user_id).toBe(unclaimedUserId);
    const real = accountWith(`${local}@example.com`);
    const mine = await ctx.call(real, 'GET', '/api/bookings');
    expect(mine.json().bookings.map((b: { id: string }) => b.id)).toEqual([made.id]);
  });

  it('lower-cases ASCII letters only', () => {
    expect(asciiLower('Kelly@Example.COM')).toBe('kelly@example.com');
    expect(asciiLower('\u212Aelly@example.com')).toBe('\u212Aelly@example.com');
    expect(asciiLower('ÉLODIE@example.com')).toBe('Élodie@example.com');
  });
});
