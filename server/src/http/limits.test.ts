// @vitest-environment node
// The per-user limits of ./limits.ts on the API: signed-in reads (READ_RATE_LIMIT) and session
// cookies (SESSION_RATE_LIMIT per user, SESSION_ADDRESS_RATE_LIMIT per address), answered 429
// with Retry-After and a message; none lifted by a forged X-Forwarded-For; shared by every process
// through Redis. The pages' limit: server/src/pages/render.test.ts.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { buildTestApp, createUser, makeClientDir, type TestUser } from '../test/fixtures.js';
import { describeNeeding, missing, testRedisUrl } from '../test/services.js';

let db: Database;
let clientDir: string;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  clientDir = makeClientDir();
  db = await openDatabase({});
  await migrate(db);
  [alice, bob] = await Promise.all([createUser('alice'), createUser('bob')]);
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });
const expectRefused = (
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  message: RegExp,
) => {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect((res.json() as { message: string }).message).toMatch(message);
};

describe('signed-in reads', () => {
  const reads = 6;
  let app: FastifyInstance;
  beforeAll(async () => {
    // One proxy in front (TRUST_PROXY=1): the address is the one it appends.
    app = await buildTestApp({ clientDir, db, trustProxy: 1, userLimits: { readsPerMinute: reads } });
  }, 60_000);
  afterAll(() => app?.close());

  it('are READ_RATE_LIMIT a minute per user, over every read route, whatever the forwarded address', async () => {
    const paths = ['/api/bookings', `/api/bookings/${randomUUID()}`, '/api/waitlist', '/api/me/export'];
    for (let i = 0; i < reads; i++) {
      const res = await app.inject({
        url: paths[i % paths.length]!,
        headers: { ...bearer(alice), 'x-forwarded-for': `198.51.100.${i}, 192.0.2.${i}` },
      });
      expect(res.statusCode, `read ${i}: ${res.body}`).not.toBe(429);
    }
    const refused = await app.inject({
      url: '/api/me/export',
      headers: { ...bearer(alice), 'x-forwarded-for': '203.0.113.200' },
    });
    expectRefused(
      refused,
      /^Too many requests from your account\. Please wait \d+ seconds? and try again\.$/,
    );
    // Each user has their own budget; writes have theirs (BOOKING_RATE_LIMIT), not this one.
    expect((await app.inject({ url: '/api/bookings', headers: bearer(bob) })).statusCode).toBe(200);
    const write = await app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${randomUUID()}`,
      headers: bearer(alice),
    });
    expect(write.statusCode).toBe(404);
    // A call without a valid token is not a signed-in read: the public limit's (401 here).
    expect((await app.inject({ url: '/api/bookings' })).statusCode).toBe(401);
  });
});

describe('session cookies', () => {
  const perUser = 2;
  const perAddress = 4;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      clientDir,
      db,
      trustProxy: 1,
      userLimits: { sessionsPerMinute: perUser, sessionsPerAddressPerMinute: perAddress },
    });
  }, 60_000);
  afterAll(() => app?.close());

  const post = (user: TestUser | null, forwarded: string) =>
    app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { ...(user ? bearer(user) : {}), 'x-forwarded-for': forwarded },
    });

  it('are SESSION_RATE_LIMIT a minute per user, and SESSION_ADDRESS_RATE_LIMIT per address before any token check', async () => {
    // The client forges the first entry; the proxy appends the real address (203.0.113.1).
    for (let i = 0; i < perUser; i++)
      expect((await post(alice, `10.0.0.${i}, 203.0.113.1`)).statusCode).toBe(204);
    const refused = await post(alice, '10.9.9.9, 203.0.113.2');
    expectRefused(
      refused,
      /^Too many sign-ins from your account\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(refused.headers['set-cookie']).toBeUndefined();
    // From one address every request counts, before its token is looked at, whoever sends it:
    // requests without a token fill 203.0.113.3's budget, then Bob is refused from there.
    for (let i = 0; i < perAddress; i++) {
      expect((await post(null, `10.1.1.${i}, 203.0.113.3`)).statusCode).toBe(401);
    }
    const fromThere = await post(bob, '10.1.1.99, 203.0.113.3');
    expectRefused(
      fromThere,
      /^Too many sign-ins from your network\. Please wait \d+ seconds? and try again\.$/,
    );
    // Bob from elsewhere is fine.
    expect((await post(bob, '203.0.113.4')).statusCode).toBe(204);
  });

  it('count an IPv6 client per /64', async () => {
    for (let i = 0; i < perAddress; i++) {
      expect((await post(null, `2001:db8:7:7::${i + 1}`)).statusCode).toBe(401);
    }
    expectRefused(await post(bob, '2001:db8:7:7:ffff::9'), /from your network/);
  });
});

const redisUrl = testRedisUrl;

describeNeeding(missing.redis)('the per-user limits shared through Redis by two apps', () => {
  it('counts one user’s reads in one budget whichever process answers', async () => {
    const redis = new Redis(redisUrl!);
    const carol = await createUser('carol');
    const apps = await Promise.all(
      [0, 1].map(() => buildTestApp({ clientDir, db, redis, userLimits: { readsPerMinute: 4 } })),
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push((await apps[i % 2]!.inject({ url: '/api/bookings', headers: bearer(carol) })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      redis.disconnect();
    }
  }, 60_000);
});
