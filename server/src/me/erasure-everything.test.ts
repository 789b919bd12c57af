// @vitest-environment node
// DELETE /api/me leaves nothing of the account in any table: the guests' answers, the addresses
// it invited, the address it signed in with unverified, its staff row (a deleted guide or owner
// is no longer in the team's index), beside what me.test.ts searches for. The export lists the
// invited addresses and the answers. And the deleted account is refused at once by every
// process, even with a token a process still trusts (its uid is remembered in the database).
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Booking } from '#contracts/api';
import type { AccountExport } from '#contracts/me';
import { addDays, todayIso } from '#contracts/iso-dates';
import { firebaseTokenVerifier } from '../auth/verify-token.js';
import type { Database } from '../db/database.js';
import {
  buildTestApp,
  createUser,
  injectBooking,
  makeClientDir,
  projectId,
  setEmulatorClaims,
  signInUser,
  storeCases,
  validBooking,
  type TestUser,
} from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { firebaseIdentityDeleter } from './routes.js';

const secrets = {
  name: 'Ottoline Wraxall-Pennyfeather',
  address: '9 Quillon Mews, Whitstable',
  phone: '441227555444',
  answer: 'Severe-reaction-to-kiwifruit',
  invited: 'zinnia.friend-of-ottoline@example.net',
};

describeEach(storeCases())('erasure leaves nothing on $name', { timeout: 180_000 }, (store) => {
  let db: Database;
  let app: FastifyInstance;
  let other: FastifyInstance;
  let clientDir: string;
  let dayOffset = 1500 + Math.floor(Math.random() * 500);

  const as = (
    on: FastifyInstance,
    user: TestUser,
    method: 'GET' | 'DELETE' | 'POST',
    url: string,
    body?: unknown,
  ) =>
    on.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${user.idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const departure = async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES (gen_random_uuid(), $1, $2, 20) RETURNING id`,
      [validBooking.packageId, addDays(todayIso('UTC'), dayOffset++)],
    );
    return rows[0]!.id;
  };

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    // Two processes on one database, each trusting a token it verified for a minute.
    const make = (appName: string) =>
      buildTestApp({
        clientDir,
        db,
        verifyToken: firebaseTokenVerifier(projectId, { cacheMs: 60_000, appName }),
        bookings: { deleteIdentity: firebaseIdentityDeleter(projectId) },
      });
    [app, other] = await Promise.all([make('erasure-one'), make('erasure-two')]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await other?.close();
    await db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('a verified guide who invited a friend and answered questions: nothing of them or the friend stays; the export lists both', async () => {
    let user = await createUser('erased-guide');
    await setEmulatorClaims(user.uid, { role: 'guide' });
    user = { ...user, idToken: await signInUser(user.email) };
    // In the team's index once they use the guide's screen.
    expect((await as(app, user, 'GET', '/api/guide/departures')).statusCode).toBe(200);
    expect((await db.query('SELECT 1 FROM staff WHERE uid = $1', [user.uid])).rows).toHaveLength(1);
    const booked = await injectBooking(app, user, {
      ...validBooking,
      ...secrets,
      email: user.email,
      departureId: await departure(),
      travellers: 2,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json() as Booking;
    await db.query(`UPDATE booking_guests SET answers = $2::jsonb WHERE booking_id = $1`, [
      booking.id,
      JSON.stringify({ allergies: secrets.answer }),
    ]);
    const invited = await as(app, user, 'POST', `/api/bookings/${booking.id}/guests/1/invite`, {
      email: secrets.invited,
    });
    expect(invited.statusCode, invited.body).toBe(202);

    const exported = (await as(app, user, 'GET', '/api/me/export')).json() as AccountExport;
    expect(exported.invitations).toEqual([
      expect.objectContaining({ reference: booking.reference, traveller: 2, email: secrets.invited }),
    ]);
    expect(JSON.stringify(exported.bookings)).toContain(secrets.answer);

    // Both processes trust the token now.
    expect((await as(other, user, 'GET', '/api/bookings')).statusCode).toBe(200);
    const deleted = await as(app, user, 'DELETE', '/api/me');
    expect(deleted.statusCode, deleted.body).toBe(200);

    const needles = [user.email, ...Object.values(secrets)];
    const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'character')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const hit = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text ILIKE '%' || $1 || '%'`,
          [needle],
        );
        if (hit.rows[0]!.n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
    expect((await db.query('SELECT 1 FROM staff WHERE uid = $1', [user.uid])).rows).toEqual([]);
    expect((await db.query('SELECT 1 FROM guest_links WHERE booking_id = $1', [booking.id])).rows).toEqual(
      [],
    );

    // The deleted account's token, trusted by both processes, is refused by both at once.
    for (const on of [app, other]) {
      const write = await injectBooking(on, user, { ...validBooking, departureId: await departure() });
      expect(write.statusCode, write.body).toBe(401);
      expect((await as(on, user, 'GET', '/api/bookings')).statusCode).toBe(401);
    }
    const { rows } = await db.query('SELECT 1 FROM bookings WHERE user_id = $1 AND status <> $2', [
      user.uid,
      'cancelled',
    ]);
    expect(rows).toEqual([]);
  });

  it('an account that never confirmed its address: its address leaves the list of unverified ones', async () => {
    const user = await createUser('erased-unverified', { verified: false });
    expect((await as(app, user, 'GET', '/api/bookings')).statusCode).toBe(200);
    expect(
      (await db.query('SELECT 1 FROM unverified_addresses WHERE user_id = $1', [user.uid])).rows,
    ).toHaveLength(1);
    // A fresh sign-in: deletion needs one of the last five minutes, as the token says.
    const fresh = { ...user, idToken: await signInUser(user.email) };
    const deleted = await as(app, fresh, 'DELETE', '/api/me');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (
        await db.query('SELECT 1 FROM unverified_addresses WHERE user_id = $1 OR email = $2', [
          user.uid,
          user.email,
        ])
      ).rows,
    ).toEqual([]);
    await expect(
      getAuth(getApps().find((a) => a.name === 'erasure-one')!).getUser(user.uid),
    ).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });
});
