// @vitest-environment node
// The team: an owner grants, changes and removes roles through the API; each change sets the
// claim and revokes the account's tokens, so a demoted operator is refused by the API and by a
// server-rendered page within the token cache's time; the last owner stays; every change has its
// audit row (who did it, whose uid, from and to; no one else's personal data).
import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { askToSignUpMessage } from '#contracts/staff';
import type { Database } from '../db/database.js';
import type { PageRenderer } from '../pages/render.js';
import { sessionCookieName } from '../auth/sessions.js';
import { firebaseTokenVerifier } from '../auth/verify-token.js';
import {
  buildTestApp,
  createUser,
  makeClientDir,
  projectId,
  setEmulatorClaims,
  signInUser,
  storeCases,
  type TestUser,
} from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { lastOwnerMessage } from './staff.js';

// The cookie's user and what the page could read as them.
const echoRenderer: PageRenderer = async (request, context) => {
  const read = new URL(request.url).searchParams.get('read');
  const body = { user: context.user, data: read ? ((await context.read(read)) ?? null) : null };
  return new Response(`<!DOCTYPE html><html><body><pre>${JSON.stringify(body)}</pre></body></html>`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
};
const rendered = (body: string) =>
  JSON.parse(/<pre>(.*)<\/pre>/s.exec(body)![1]!) as { user: { uid: string } | null; data: unknown };

// The verifier's cache (TOKEN_CACHE_SECONDS) in this test: a revoked token may keep working
// this long on a process, no longer.
const cacheMs = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEach(storeCases())('the team on $name', { timeout: 120_000 }, (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let owner: TestUser;

  const call = (user: TestUser, method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${user.idToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const claimsOf = async (uid: string) =>
    (await getAuth(getApps().find((a) => a.name === 'bookings-api')!).getUser(uid)).customClaims ?? {};
  const events = async () =>
    (await db.query('SELECT actor, staff_uid, from_role, to_role FROM staff_events ORDER BY id')).rows;

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({
      clientDir,
      db,
      renderer: echoRenderer,
      verifyToken: firebaseTokenVerifier(projectId, { cacheMs, appName: 'staff-test' }),
    });
    owner = await createUser('owner');
    await setEmulatorClaims(owner.uid, { role: 'owner' });
    owner = { ...owner, idToken: await signInUser(owner.email) };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('a demoted operator is refused by the API and by a page within the cache time', async () => {
    const user = await createUser('staffer');
    const grant = await call(owner, 'PUT', '/api/admin/staff', {
      email: user.email.toUpperCase(),
      role: 'operator',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({ uid: user.uid, role: 'operator' });
    expect(await claimsOf(user.uid)).toEqual({ role: 'operator' });
    // The grant revoked the tokens issued before it: sign in again, a second later (auth_time
    // and the revocation are counted in whole seconds).
    await sleep(1_100);
    const operator = { ...user, idToken: await signInUser(user.email) };
    expect((await call(operator, 'GET', '/api/admin/bookings')).statusCode).toBe(200);
    const session = await call(operator, 'POST', '/api/session');
    const cookie = session.cookies.find((c) => c.name === sessionCookieName)!.value;
    const page = () =>
      app.inject({
        url: '/admin?read=/api/admin/bookings',
        headers: { cookie: `${sessionCookieName}=${cookie}` },
      });
    expect(rendered((await page()).body).data).toMatchObject({ bookings: expect.any(Array) });

    await sleep(1_100);
    const demote = await call(owner, 'PUT', '/api/admin/staff', { email: user.email, role: 'guide' });
    expect(demote.statusCode, demote.body).toBe(200);
    const demotedAt = Date.now();
    // The page checks the cookie against revocation on every request: refused at once.
    expect(rendered((await page()).body)).toEqual({ user: null, data: null });
    // The API: once the cached verification lapses, the revoked token is refused.
    let status = 200;
    while (Date.now() - demotedAt < cacheMs + 1_000) {
      status = (await call(operator, 'GET', '/api/admin/bookings')).statusCode;
      if (status !== 200) break;
      await sleep(200);
    }
    expect(status).toBe(401);
    // Signed in again, the token carries the new role: a guide, refused the bookings.
    const guide = { ...user, idToken: await signInUser(user.email) };
    expect((await call(guide, 'GET', '/api/admin/bookings')).statusCode).toBe(403);

    expect(await events()).toEqual([
      { actor: owner.email, staff_uid: user.uid, from_role: null, to_role: 'operator' },
      { actor: owner.email, staff_uid: user.uid, from_role: 'operator', to_role: 'guide' },
    ]);
  });

  it('lists the team with roles and last sign-in; removing a role takes the claim away', async () => {
    const user = await createUser('listed');
    expect(
      (await call(owner, 'PUT', '/api/admin/staff', { email: user.email, role: 'guide' })).statusCode,
    ).toBe(200);
    const list = await call(owner, 'GET', '/api/admin/staff');
    expect(list.statusCode).toBe(200);
    const staff = list.json().staff as {
      uid: string;
      role: string;
      email: string;
      lastSignInAt: string | null;
    }[];
    expect(staff).toContainEqual({
      uid: owner.uid,
      email: owner.email,
      role: 'owner',
      lastSignInAt: expect.any(String),
    });
    expect(staff).toContainEqual(expect.objectContaining({ uid: user.uid, role: 'guide' }));

    const removed = await call(owner, 'DELETE', `/api/admin/staff/${user.uid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await claimsOf(user.uid)).toEqual({});
    const after = (await call(owner, 'GET', '/api/admin/staff')).json().staff as { uid: string }[];
    expect(after.map((s) => s.uid)).not.toContain(user.uid);
    expect((await events()).at(-1)).toEqual({
      actor: owner.email,
      staff_uid: user.uid,
      from_role: 'guide',
      to_role: null,
    });
    expect((await call(owner, 'DELETE', `/api/admin/staff/${user.uid}`)).statusCode).toBe(404);
  });

  it('an account that does not exist: 404 asking them to sign up; bad input 400', async () => {
    const res = await call(owner, 'PUT', '/api/admin/staff', {
      email: 'nobody-t35@example.com',
      role: 'operator',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(askToSignUpMessage);
    for (const body of [
      { email: 'a\u0000b@example.com', role: 'operator' },
      { email: owner.email, role: 'admin' },
      { email: owner.email },
      'x'.repeat(2000),
    ]) {
      const bad = await call(owner, 'PUT', '/api/admin/staff', body);
      expect(bad.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode).toBeLessThan(500);
      expect(typeof bad.json().message).toBe('string');
    }
  });

  it('the last owner can be neither removed nor demoted (409), and stays an owner', async () => {
    const before = (await events()).length;
    const demote = await call(owner, 'PUT', '/api/admin/staff', { email: owner.email, role: 'operator' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(lastOwnerMessage);
    const remove = await call(owner, 'DELETE', `/api/admin/staff/${owner.uid}`);
    expect(remove.statusCode).toBe(409);
    expect(await claimsOf(owner.uid)).toEqual({ role: 'owner' });
    expect((await events()).length).toBe(before);
    // With a second owner, the first may step down.
    const second = await createUser('second-owner');
    expect(
      (await call(owner, 'PUT', '/api/admin/staff', { email: second.email, role: 'owner' })).statusCode,
    ).toBe(200);
    expect(
      (await call(owner, 'PUT', '/api/admin/staff', { email: owner.email, role: 'operator' })).statusCode,
    ).toBe(200);
    expect(await claimsOf(owner.uid)).toEqual({ role: 'operator' });
  });
});
