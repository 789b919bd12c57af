// @vitest-environment node
// Session cookies end to end on the Auth Emulator: made from an ID token (POST /api/session),
// cleared on sign-out (DELETE), verified with revocation on every page request, and never
// accepted by a write. The page renderer is a stand-in that shows what the server handed it
// (the real one is React Router's build: e2e/server-rendered.spec.ts).
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEach } from '../test/services.js';
import type { Database } from '../db/database.js';
import type { PageRenderer } from '../pages/render.js';
import {
  buildTestApp,
  createOperator,
  createUser,
  injectBooking,
  makeClientDir,
  storeCases,
  validBooking,
  type TestUser,
} from '../test/fixtures.js';
import { pageReadHeader } from './page-reads.js';
import { sessionCookieName, sessionsFrom } from './sessions.js';
import type { Booking } from '#contracts/api';

// Shows the load context as JSON: the cookie's user and the API answers read as that user. Its
// script carries the response's nonce, as React Router's do (src/entry.server.tsx).
const echoRenderer: PageRenderer = async (request, context, nonce) => {
  const url = new URL(request.url);
  const read = url.searchParams.get('read');
  const body = {
    path: url.pathname,
    user: context.user,
    data: read ? ((await context.read(read)) ?? null) : null,
  };
  return new Response(
    `<!DOCTYPE html><html><body><script nonce="${nonce}">window.page=1</script><pre>${JSON.stringify(body)}</pre></body></html>`,
    {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    },
  );
};

type Rendered = { path: string; user: { uid: string; operator: boolean } | null; data: unknown };
const rendered = (body: string) => JSON.parse(/<pre>(.*)<\/pre>/s.exec(body)![1]!) as Rendered;

const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describeEach(storeCases())('session cookies on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let alice: TestUser;

  const exchange = async (user: TestUser) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === sessionCookieName);
    expect(cookie).toBeDefined();
    return { res, value: cookie!.value };
  };
  const page = (path: string, cookie?: string) =>
    app.inject({ url: path, headers: cookie ? { cookie: `${sessionCookieName}=${cookie}` } : {} });

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({ clientDir, db, renderer: echoRenderer });
    alice = await createUser('alice');
  });

  afterAll(async () => {
    await app.close();
    await db.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('makes an HttpOnly, Secure, SameSite=Lax cookie for path / from a Bearer ID token, for two weeks', async () => {
    const { res } = await exchange(alice);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${sessionCookieName}=[\\w.-]+;`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('Secure');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain('Max-Age=1209600');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not Secure on a development server (plain HTTP)', async () => {
    // buildTestApp runs as production; this is the same app with production off.
    const { buildApp } = await import('../app.js');
    const { testCsp, packages } = await import('../test/fixtures.js');
    const { firebaseSessions } = await import('./sessions.js');
    const { firebaseTokenVerifier } = await import('./verify-token.js');
    const plain = await buildApp({
      clientDir,
      production: false,
      logLevel: 'silent',
      csp: testCsp,
      sessions: firebaseSessions('demo-travel'),
      context: { db, verifyToken: firebaseTokenVerifier('demo-travel'), packages, rateLimitPerMinute: 100 },
    });
    const res = await plain.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${alice.idToken}` },
    });
    await plain.close();
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).not.toContain('Secure');
  });

  it('refuses to make one without a valid ID token', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/session' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['set-cookie']).toBeUndefined();
    const forged = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['set-cookie']).toBeUndefined();
  });

  it('renders a page for the cookie’s user, whose data the page reads as that user', async () => {
    const booked = await injectBooking(app, alice, validBooking);
    expect(booked.statusCode).toBe(201);
    const { value } = await exchange(alice);
    const res = await page('/bookings?read=/api/bookings', value);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('Cookie');
    // The page's inline script is allowed by this response's nonce, never by a hash of the output.
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(scriptSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}==' https:\/\/apis\.google\.com$/);
    expect(scriptSrc).not.toContain('sha256-');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    expect(res.body).toContain(`<script nonce="${nonce}">window.page=1</script>`);
    // Never the same twice.
    const again = await page('/bookings?read=/api/bookings', value);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
    const body = rendered(res.body);
    expect(body.user).toMatchObject({ uid: alice.uid, operator: false });
    expect((body.data as { bookings: Booking[] }).bookings.map((b) => b.id)).toEqual([
      (booked.json() as Booking).id,
    ]);
  });

  it('renders the page without a user (as today) when there is no cookie', async () => {
    const res = await page('/bookings?read=/api/bookings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(rendered(res.body)).toMatchObject({ user: null, data: null });
  });

  it('gives an operator’s page the claim, and a traveller’s page no console data', async () => {
    const operator = await createOperator('op');
    const { value } = await exchange(operator);
    const res = rendered((await page('/admin?read=/api/admin/bookings', value)).body);
    expect(res.user).toMatchObject({ uid: operator.uid, operator: true });
    expect(res.data).toMatchObject({ bookings: expect.any(Array) });

    const { value: travellers } = await exchange(alice);
    const refused = rendered((await page('/admin?read=/api/admin/bookings', travellers)).body);
    expect(refused.user).toMatchObject({ uid: alice.uid, operator: false });
    expect(refused.data).toBeNull();
  });

  it('refuses a cookie once its user’s sessions are revoked, and clears it', async () => {
    const bob = await createUser('bob');
    const { value } = await exchange(bob);
    expect(rendered((await page('/bookings', value)).body).user?.uid).toBe(bob.uid);
    // Revocation counts from the next whole second after the cookie was made.
    await new Promise((r) => setTimeout(r, 1100));
    const admin = getApps().find((a) => a.name === 'bookings-api')!;
    await getAuth(admin).revokeRefreshTokens(bob.uid);
    const res = await page('/bookings', value);
    expect(res.statusCode).toBe(200);
    expect(rendered(res.body).user).toBeNull();
    const cleared = res.cookies.find((c) => c.name === sessionCookieName);
    expect(cleared?.value).toBe('');
  });

  it('refuses an expired cookie and a forged one', async () => {
    const { value } = await exchange(alice);
    const claims = claimsOf(value);
    const now = Math.floor(Date.now() / 1000);
    // In emulator mode cookies are unsigned, so a copy with an expiry in the past is one the
    // provider made, except for its age.
    const expired = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, iat: now - 7200, exp: now - 60 })}.`;
    const res = await page('/bookings', expired);
    expect(rendered(res.body).user).toBeNull();
    expect(res.cookies.find((c) => c.name === sessionCookieName)?.value).toBe('');
    const forged = `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, sub: 'mallory', user_id: 'mallory' })}.`;
    expect(rendered((await page('/bookings', forged)).body).user).toBeNull();
    expect(rendered((await page('/bookings', 'not-a-cookie')).body).user).toBeNull();
  });

  it('DELETE /api/session clears it (sign-out)', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/session' });
    expect(res.statusCode).toBe(204);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${sessionCookieName}=;`));
    expect(header).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(header).toContain('Path=/');
  });

  it('a cookie signed out of is refused afterwards, even a kept copy; other devices stay signed in', async () => {
    const carol = await createUser('carol');
    const laptop = (await exchange(carol)).value;
    // Another device, another second: another cookie.
    await new Promise((r) => setTimeout(r, 1100));
    const phone = (await exchange(carol)).value;
    expect(phone).not.toBe(laptop);
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: `${sessionCookieName}=${laptop}` },
    });
    expect(out.statusCode).toBe(204);
    const kept = await page('/bookings', laptop);
    expect(rendered(kept.body).user).toBeNull();
    expect(kept.cookies.find((c) => c.name === sessionCookieName)?.value).toBe('');
    expect(rendered((await page('/bookings', phone)).body).user?.uid).toBe(carol.uid);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM signed_out_sessions');
    expect(rows[0]!.n).toBeGreaterThan(0);
    // A hash is stored, never the cookie itself.
    const { rows: raw } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM signed_out_sessions WHERE cookie_hash = $1',
      [laptop],
    );
    expect(raw[0]!.n).toBe(0);
  });

  it('renders the 404 page once for all unknown paths, without a session check', async () => {
    let renders = 0;
    const counting: PageRenderer = (request, context, nonce) => {
      renders++;
      return echoRenderer(request, context, nonce);
    };
    const app404 = await buildTestApp({ clientDir, db, renderer: counting });
    try {
      const { value } = await exchange(alice);
      const nonces = new Set<string>();
      for (const path of ['/no-such-page', '/another/made-up', '/wp-login.php', '/no-such-page']) {
        const res = await app404.inject({ url: path, headers: { cookie: `${sessionCookieName}=${value}` } });
        expect(res.statusCode).toBe(404);
        expect(rendered(res.body).user).toBeNull();
        // The kept HTML's scripts carry each response's own nonce, the one its CSP allows.
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
        expect(res.body).toContain(`<script nonce="${nonce}">`);
        nonces.add(nonce);
      }
      expect(nonces.size).toBe(4);
      expect(renders).toBe(1);
      // A known page still renders per request, with its user.
      expect(
        rendered(
          (await app404.inject({ url: '/bookings', headers: { cookie: `${sessionCookieName}=${value}` } }))
            .body,
        ).user?.uid,
      ).toBe(alice.uid);
    } finally {
      await app404.close();
    }
  });

  it('makes a cookie only from a sign-in of the last five minutes', async () => {
    const { firebaseTokenVerifier } = await import('./verify-token.js');
    const real = firebaseTokenVerifier('demo-travel');
    const signedInAt = { ms: Date.now() - 6 * 60 * 1000 };
    const stale = await buildTestApp({
      clientDir,
      db,
      userLimits: { sessionsPerMinute: 10 },
      verifyToken: async (token) => ({ ...(await real(token)), authTime: signedInAt.ms }),
    });
    try {
      const post = () =>
        stale.inject({
          method: 'POST',
          url: '/api/session',
          headers: { authorization: `Bearer ${alice.idToken}` },
        });
      const old = await post();
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toBe('Please log in again to stay signed in on this device.');
      expect(old.headers['set-cookie']).toBeUndefined();
      signedInAt.ms = Date.now() - 4 * 60 * 1000;
      expect((await post()).statusCode).toBe(204);
      // Each is a call to the identity provider: ten a minute per user, then 429.
      const codes: number[] = [];
      for (let i = 0; i < 10; i++) codes.push((await post()).statusCode);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    } finally {
      await stale.close();
    }
  });

  it('never authorises a write: the cookie alone is answered 401', async () => {
    const { value } = await exchange(alice);
    const cookie = { cookie: `${sessionCookieName}=${value}` };
    const booking = await injectBooking(app, null, validBooking, cookie);
    expect(booking.statusCode).toBe(401);
    const mine = (
      await app.inject({ url: '/api/bookings', headers: { authorization: `Bearer ${alice.idToken}` } })
    ).json() as { bookings: Booking[] };
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/${mine.bookings[0]!.id}/cancel`,
      headers: cookie,
    });
    expect(cancel.statusCode).toBe(401);
    // Nor the API's reads: only the page renderer reads with it.
    expect((await app.inject({ url: '/api/bookings', headers: cookie })).statusCode).toBe(401);
    const operator = await createOperator('op2');
    const { value: opCookie } = await exchange(operator);
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${mine.bookings[0]!.id}/confirm`,
      headers: { cookie: `${sessionCookieName}=${opCookie}` },
    });
    expect(confirm.statusCode).toBe(401);
  });

  it('ignores a made-up page-read key from outside', async () => {
    const res = await app.inject({ url: '/api/bookings', headers: { [pageReadHeader]: 'a'.repeat(32) } });
    expect(res.statusCode).toBe(401);
  });
});

describe('sessionsFrom', () => {
  it('verifies with the revocation check on, and makes two-week cookies', async () => {
    const verifySessionCookie = vi.fn(async () => ({
      uid: 'u1',
      email: 'a@example.com',
      role: 'admin',
      email_verified: true,
      exp: 2_000_000_000,
    }));
    const createSessionCookie = vi.fn(async () => 'cookie');
    const sessions = sessionsFrom({
      verifySessionCookie,
      createSessionCookie,
    } as unknown as Parameters<typeof sessionsFrom>[0]);
    expect(await sessions.verify('c')).toEqual({
      uid: 'u1',
      email: 'a@example.com',
      role: 'admin',
      name: undefined,
      emailVerified: true,
      expiresAt: 2_000_000_000_000,
    });
    expect(verifySessionCookie).toHaveBeenCalledWith('c', true);
    await sessions.create('t');
    expect(createSessionCookie).toHaveBeenCalledWith('t', { expiresIn: 14 * 24 * 60 * 60 * 1000 });
  });
});
