// @vitest-environment node
// The booking API end to end: real ID tokens from the Auth Emulator, checked by firebase-admin;
// bookings stored in PGlite and, when TEST_DATABASE_URL is set, in PostgreSQL.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEach } from '../test/services.js';
import { phoneMessages } from '#contracts/phone';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import {
  buildTestApp,
  createUser,
  injectBooking,
  makeClientDir,
  projectId,
  storeCases,
  type TestUser,
} from '../test/fixtures.js';
import type { TokenVerifier } from '../auth/verified-user.js';
import { firebaseTokenVerifier } from '../auth/verify-token.js';
import type { Booking } from '#contracts/api';

const valid = {
  packageId: 'swiss-alpine-lakes',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: '12 St James Square, London',
  phone: '442079460000',
};

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

// An unsigned token, by default for a made-up user.
const forgedToken = (uid = 'mallory', extra: object = {}) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: 'https://securetoken.google.com/demo-travel',
    aud: 'demo-travel',
    sub: uid,
    user_id: uid,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    ...extra,
  })}.`;
};

describeEach(storeCases())('bookings API on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let alice: TestUser;
  let bob: TestUser;

  const count = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!.n;
  const post = (user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
    injectBooking(app, user, payload, headers);
  const list = async (user: TestUser) => {
    const res = await app.inject({ url: '/api/bookings', headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { bookings: Booking[] }).bookings;
  };

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({ clientDir, db });
    [alice, bob] = await Promise.all([createUser('alice'), createUser('bob')]);
  });

  afterAll(async () => {
    await app.close();
    await db.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  });

  describe('authentication', () => {
    it('answers 401 without a token, and stores nothing', async () => {
      const res = await post(null, valid);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json().message).toBe('Please log in to book a trip.');
      expect((await app.inject({ url: '/api/bookings' })).statusCode).toBe(401);
      expect(await count()).toBe(0);
    });

    it.each([
      // The emulator accepts unsigned tokens, but looks every token's account up.
      ['an unsigned token for an account that does not exist', () => forgedToken()],
      ['a garbage token', () => 'x'.repeat(40)],
      [
        'a token for another project',
        () =>
          alice.idToken.replace(/^([^.]+)\.([^.]+)/, (_m, h: string, p: string) => {
            const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
            return `${h}.${Buffer.from(JSON.stringify({ ...claims, aud: 'someone-else' })).toString('base64url')}`;
          }),
      ],
    ])('answers 401 with %s', async (_label, token) => {
      // The emulator's tokens carry no signature, so a changed user id passes in emulator mode;
      // main.ts allows emulator mode for demo-* projects only. Claims are still checked.
      const value = token();
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { authorization: `Bearer ${value}`, 'content-type': 'application/json' },
        payload: JSON.stringify(valid),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Your session has expired. Please log in again.');
      expect(await count()).toBe(0);
    });

    it('answers 401 with a forged unsigned token for an existing account, with operator claims, where signatures are checked (a real project)', async () => {
      // Without FIREBASE_AUTH_EMULATOR_HOST firebase-admin checks the signature as against a real
      // project; it reads the variable on each call, so it is hidden for that call only. (In
      // emulator mode this very token would pass: that is why main.ts serves emulator mode on a
      // loopback address only, server/src/env.ts.)
      const signatureChecked = firebaseTokenVerifier(projectId, { cacheMs: 0, appName: 'signature-check' });
      const verify: TokenVerifier = (token) => {
        const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
        delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
        try {
          return signatureChecked(token);
        } finally {
          process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
        }
      };
      const forged = forgedToken(alice.uid, { email: alice.email, role: 'admin' });
      const strict = await buildTestApp({ clientDir, db, verifyToken: verify });
      try {
        for (const url of ['/api/bookings', '/api/admin/bookings']) {
          const res = await strict.inject({ url, headers: { authorization: `Bearer ${forged}` } });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
        }
        const res = await strict.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' },
          payload: JSON.stringify(valid),
        });
        expect(res.statusCode).toBe(401);
        expect(await count()).toBe(0);
      } finally {
        await strict.close();
      }
      // The same account's real token is accepted there, as a control: the refusal was the forgery.
      const real = await app.inject({ url: '/api/bookings', headers: bearer(alice) });
      expect(real.statusCode).toBe(200);
    });
  });

  describe('a booking', () => {
    it('is stored with the server’s package name and price, whatever the client says', async () => {
      const res = await post(alice, {
        ...valid,
        price: 1,
        packageName: 'Free trip',
        name: '  Ada Lovelace  ',
      });
      expect(res.statusCode).toBe(201);
      const booking = res.json() as Booking;
      expect(booking).toMatchObject({
        packageId: 'swiss-alpine-lakes',
        packageName: 'Swiss Alpine Lakes',
        price: 2450,
        name: 'Ada Lovelace',
        email: valid.email,
        address: valid.address,
        phone: valid.phone,
      });
      expect(booking.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(booking.reference).toMatch(/^WT-[0-9A-Z]{8}$/);
      expect(Date.now() - Date.parse(booking.createdAt)).toBeLessThan(60_000);
      expect(res.headers.location).toBe(`/api/bookings/${booking.id}`);

      const one = await app.inject({ url: `/api/bookings/${booking.id}`, headers: bearer(alice) });
      expect(one.json()).toEqual(booking);
    });

    it('is listed for its owner only, newest first', async () => {
      const second = (await post(alice, { ...valid, packageId: 'kyoto-temples-and-tea' })).json() as Booking;
      const mine = await list(alice);
      expect(mine.map((b) => b.id)[0]).toBe(second.id);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.every((b, i) => i === 0 || b.createdAt <= mine[i - 1]!.createdAt)).toBe(true);

      expect(await list(bob)).toEqual([]);
      const peek = await app.inject({ url: `/api/bookings/${second.id}`, headers: bearer(bob) });
      expect(peek.statusCode).toBe(404);
    });
    it.each([
      ['+44 7700 900123', '+44 7700 900123'],
      ['(415) 555-0142', '(415) 555-0142'],
      ['  +1 (415)   555.0142 ', '+1 (415) 555.0142'],
      ['030 901820', '030 901820'],
    ])('keeps the phone %j as typed (%j): country codes and leading zeros survive', async (typed, kept) => {
      const res = await post(alice, { ...valid, phone: typed });
      expect(res.statusCode).toBe(201);
      const booking = res.json() as Booking;
      expect(booking.phone).toBe(kept);
      const one = await app.inject({ url: `/api/bookings/${booking.id}`, headers: bearer(alice) });
      expect((one.json() as Booking).phone).toBe(kept);
    });
  });

  describe('validation: 400 with a message per field, nothing stored', () => {
    it.each([
      ['name', { name: '' }, 'Please enter your name.'],
      ['name', { name: '   ' }, 'Please enter your name.'],
      ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters.'],
      ['name', { name: 42 }, 'Name must be text.'],
      ['email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
      ['email', { email: '' }, 'Please enter your email.'],
      ['email', { email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters.'],
      ['address', { address: '' }, 'Please enter your address.'],
      ['address', { address: 'x'.repeat(301) }, 'Address must be at most 300 characters.'],
      ['phone', { phone: '' }, 'Please enter your phone number.'],
      ['phone', { phone: '12ab56' }, phoneMessages.characters],
      ['phone', { phone: '1e10' }, phoneMessages.characters],
      ['phone', { phone: '44+7700900123' }, phoneMessages.characters],
      ['phone', { phone: '0044\u00007700900123' }, phoneMessages.control],
      ['phone', { phone: '12345' }, phoneMessages.tooShort],
      ['phone', { phone: '(415) 55' }, phoneMessages.tooShort],
      ['phone', { phone: '1'.repeat(16) }, phoneMessages.tooLong],
      ['phone', { phone: '1 '.repeat(20) }, phoneMessages.length],
      ['phone', { phone: 4420794600 }, 'Phone must be text.'],
      ['packageId', { packageId: 'atlantis' }, 'This package does not exist.'],
      ['packageId', { packageId: '' }, 'Choose a package.'],
    ])('%s: %j', async (field, change, message) => {
      const before = await count();
      const res = await post(alice, { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
      expect(await count()).toBe(before);
    });

    it('names every missing field at once', async () => {
      const res = await post(alice, {});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
        'address',
        'email',
        'name',
        'packageId',
        'phone',
      ]);
    });

    it.each([
      ['malformed JSON', '{"name": "Ada",', {}, 400],
      ['an array', '[1,2,3]', {}, 400],
      ['null', 'null', {}, 400],
      ['a __proto__ key', `{"__proto__": {"admin": true}, ${JSON.stringify(valid).slice(1)}`, {}, 400],
      ['a body over 8 KiB', JSON.stringify({ ...valid, address: 'x'.repeat(9000) }), {}, 413],
      ['a form body', 'name=Ada', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
      ['a bad Idempotency-Key', JSON.stringify(valid), { 'idempotency-key': 'x'.repeat(200) }, 400],
    ])('refuses %s', async (_label, payload, headers, status) => {
      const before = await count();
      const res = await post(alice, payload, headers);
      expect(res.statusCode).toBe(status);
      expect(typeof res.json().message).toBe('string');
      expect(await count()).toBe(before);
    });
  });

  describe('idempotency', () => {
    it('a retried submit with the same key stores one booking', async () => {
      const before = await count();
      const key = crypto.randomUUID();
      const first = await post(alice, valid, { 'idempotency-key': key });
      const retry = await post(alice, valid, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
      expect(await count()).toBe(before + 1);
    });

    it('ten parallel submits with one key store one booking', async () => {
      const before = await count();
      const key = crypto.randomUUID();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post(alice, valid, { 'idempotency-key': key })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      expect(await count()).toBe(before + 1);
    });

    it('the same key with a different booking is refused with 422', async () => {
      const key = crypto.randomUUID();
      expect((await post(alice, valid, { 'idempotency-key': key })).statusCode).toBe(201);
      const other = await post(alice, { ...valid, address: 'Somewhere else 1' }, { 'idempotency-key': key });
      expect(other.statusCode).toBe(422);
    });

    it('keys belong to one user: another user with the same key gets a booking of their own', async () => {
      const key = crypto.randomUUID();
      const a = (await post(alice, valid, { 'idempotency-key': key })).json() as Booking;
      const b = (await post(bob, valid, { 'idempotency-key': key })).json() as Booking;
      expect(a.id).not.toBe(b.id);
      expect((await list(bob)).map((x) => x.id)).toEqual([b.id]);
    });
  });

  describe('health and restarts', () => {
    it('health answers 200 while the database answers', async () => {
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok' });
    });

    it('keeps every booking across a restart, and migrations run once', async () => {
      const before = await list(alice);
      expect(before.length).toBeGreaterThan(0);
      await app.close();
      await db.close();

      db = await store.reopen();
      expect(await migrate(db)).toEqual([]);
      app = await buildTestApp({ clientDir, db });
      expect(await list(alice)).toEqual(before);
    });

    it('health answers 503 and bookings 503 when the database is gone; nothing typed is accepted as stored', async () => {
      await db.close();
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      const res = await post(alice, valid);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/unavailable right now/);
    });
  });
});

// Each test opens a PGlite store of its own: seconds on a loaded 2-core machine.
describe('rate limit', { timeout: 60_000 }, () => {
  const setup = async (rateLimitPerMinute: number, trustProxy?: number) => {
    const [store] = storeCases();
    const db = await store!.open();
    const clientDir = makeClientDir();
    const app = await buildTestApp({ clientDir, db, rateLimitPerMinute, trustProxy });
    const close = async () => {
      await app.close();
      await db.close();
      await store!.cleanup();
      rmSync(clientDir, { recursive: true, force: true });
    };
    return { app, close };
  };
  const book = (app: FastifyInstance, user: TestUser, headers: Record<string, string> = {}) =>
    injectBooking(app, user, valid, headers);

  it('answers 429 with a readable message past the limit', async () => {
    const { app, close } = await setup(3);
    const user = await createUser('eager');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await book(app, user);
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many requests/);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    await close();
  });

  it.each([
    ['no proxy is trusted', undefined],
    ['one proxy hop is trusted', 1],
  ])(
    'counts per signed-in user: 40 forged X-Forwarded-For addresses do not lift it (%s)',
    async (_l, hops) => {
      const { app, close } = await setup(30, hops);
      const user = await createUser('forger');
      const codes: number[] = [];
      for (let i = 0; i < 40; i++) {
        codes.push((await book(app, user, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
      }
      expect(codes.filter((c) => c === 201)).toHaveLength(30);
      expect(codes.filter((c) => c === 429)).toHaveLength(10);
      await close();
    },
  );

  it('one budget per user shared by booking, cancelling, changing and the waiting list', async () => {
    const { app, close } = await setup(4);
    const user = await createUser('shared-budget');
    const auth = { authorization: `Bearer ${user.idToken}` };
    const booked = await book(app, user);
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    const change = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/change`,
      headers: auth,
      payload: { travellers: 1 },
    });
    expect(change.statusCode).not.toBe(429);
    const leave = await app.inject({ method: 'DELETE', url: `/api/waitlist/${randomUUID()}`, headers: auth });
    expect(leave.statusCode).not.toBe(429);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: auth,
      payload: {},
    });
    expect(cancel.statusCode).not.toBe(429);
    // Four writes of four kinds: the fifth, of any kind, waits.
    const fifth = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: auth,
      payload: {},
    });
    expect(fifth.statusCode).toBe(429);
    expect((await book(app, user)).statusCode).toBe(429);
    await close();
  });

  it('users behind one address do not share a budget', async () => {
    const { app, close } = await setup(2);
    const [a, b] = await Promise.all([createUser('nat-a'), createUser('nat-b')]);
    const codes = [];
    for (const user of [a, a, b, b, a]) codes.push((await book(app, user!)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429]);
    await close();
  });
});
