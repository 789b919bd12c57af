// @vitest-environment node
// PUBLIC_RATE_LIMIT: API requests without a valid token are limited per address, before any token
// is verified; the home page and static files are not counted; a valid token is never refused because of
// its address. The public departures list and the health check spare the database.
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenVerifier } from './auth/verified-user.js';
import { firebaseTokenVerifier } from './auth/verify-token.js';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrations.js';
import { todayIso } from '#contracts/iso-dates';
import { seedDepartures } from './departures/repository.js';
import {
  buildTestApp,
  createUser,
  postBooking,
  spawnServer,
  injectBooking,
  makeClientDir,
  packages,
  projectId,
  validBooking,
} from './test/fixtures.js';
import { describeNeeding, missing, testRedisUrl } from './test/services.js';
import { addressKey } from './public-limit.js';

const limit = 20;
// Looks like an ID token to a quick glance; no identity provider signed it.
const forged = (i: number) =>
  `${Buffer.from('{"alg":"RS256","kid":"x"}').toString('base64url')}.${Buffer.from(
    JSON.stringify({ aud: projectId, sub: `forged-${i}`, exp: 4_000_000_000 }),
  ).toString('base64url')}.c2lnbmF0dXJl${i}`;
const departuresUrl = `/api/packages/${validBooking.packageId}/departures`;

let db: Database;
let clientDir: string;

beforeAll(async () => {
  clientDir = makeClientDir();
  db = await openDatabase({});
  await migrate(db);
  await seedDepartures(db, [...packages.keys()], todayIso('UTC'));
});
afterAll(async () => {
  await db.close();
  rmSync(clientDir, { recursive: true, force: true });
});

// The real verifier, counting how often a token is really checked.
function countingVerifier() {
  const real = firebaseTokenVerifier(projectId);
  const counter = { checks: 0 };
  const verify: TokenVerifier = Object.assign(
    async (token: string) => {
      if (!real.known?.(token)) counter.checks++;
      return real(token);
    },
    { known: real.known },
  );
  return { verify, counter };
}

describe('addressKey', () => {
  it('counts an IPv6 client per /64, an IPv4 one per address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('the public limit per address', { timeout: 60_000 }, () => {
  let app: FastifyInstance;
  let counter: { checks: number };

  beforeAll(async () => {
    const verifier = countingVerifier();
    counter = verifier.counter;
    app = await buildTestApp({
      clientDir,
      db,
      verifyToken: verifier.verify,
      publicRateLimitPerMinute: limit,
      trustProxy: 1,
    });
  });
  afterAll(() => app.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it(`answers ${limit} public API requests from one address, then 429 with Retry-After; the home page and files are not counted`, async () => {
    const address = '198.51.100.1';
    // The catalogue's list, the sitemap, package and link pages and image misses are counted
    // (public-paths-limit.test.ts); the kept home page and the files a CDN serves are not.
    for (let i = 0; i < 50; i++) {
      expect((await app.inject({ url: '/', headers: from(address) })).statusCode).toBe(200);
      expect((await app.inject({ url: '/robots.txt', headers: from(address) })).statusCode).toBe(200);
    }
    for (let i = 0; i < limit; i++) {
      expect((await app.inject({ url: departuresUrl, headers: from(address) })).statusCode).toBe(200);
    }
    const refused = await app.inject({ url: departuresUrl, headers: from(address) });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many requests from your address/);
    // Every API request without a token counts, the 401s among them.
    expect((await app.inject({ url: '/api/bookings', headers: from(address) })).statusCode).toBe(429);
    expect((await app.inject({ url: '/', headers: from(address) })).statusCode).toBe(200);
    // Another address has its own budget.
    expect((await app.inject({ url: departuresUrl, headers: from('198.51.100.2') })).statusCode).toBe(200);
  });

  it('counts a percent-encoded API path (/%61pi/...) like the plain one: it reaches the same route', async () => {
    const address = '198.51.100.9';
    const encoded = departuresUrl.replace('/api/', '/%61pi/');
    expect((await app.inject({ url: encoded, headers: from(address) })).statusCode).toBe(200);
    for (let i = 1; i < limit; i++) {
      expect((await app.inject({ url: encoded, headers: from(address) })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: encoded, headers: from(address) })).statusCode).toBe(429);
    expect((await app.inject({ url: '/%61pi/bookings', headers: from(address) })).statusCode).toBe(429);
  });

  it('counts IPv6 clients per /64: a new address in the same block does not get a new budget', async () => {
    for (let i = 0; i < limit; i++) {
      const res = await app.inject({
        url: departuresUrl,
        headers: from(`2001:db8:7:7::${(i + 1).toString(16)}`),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await app.inject({ url: departuresUrl, headers: from('2001:db8:7:7:ffff::99') })).statusCode,
    ).toBe(429);
    expect((await app.inject({ url: departuresUrl, headers: from('2001:db8:7:8::1') })).statusCode).toBe(200);
  });

  it('forged tokens are counted before they are checked: past the limit a 429, each checked once', async () => {
    const address = '198.51.100.3';
    const codes: number[] = [];
    counter.checks = 0;
    for (let i = 0; i < 60; i++) {
      const res = await app.inject({
        url: '/api/bookings',
        headers: { ...from(address), authorization: `Bearer ${forged(i)}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(codes.slice(limit)).toEqual(Array(60 - limit).fill(429));
    // Each forged token is checked once: by the route under the limit, by the limiter past it
    // (which must, or a valid new token from that address would be refused), never both.
    expect(counter.checks).toBe(60);
  });

  it('the same forged token sent again and again past the limit is checked once', async () => {
    const address = '198.51.100.5';
    for (let i = 0; i < limit; i++) await app.inject({ url: departuresUrl, headers: from(address) });
    counter.checks = 0;
    const token = forged(9999);
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await app.inject({
        url: '/api/bookings',
        headers: { ...from(address), authorization: `Bearer ${token}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual(Array(200).fill(429));
    expect(counter.checks).toBe(1);
  });

  it('a valid token is never refused because of its address, even a new one from an address over the limit', async () => {
    const address = '198.51.100.4';
    for (let i = 0; i < limit + 5; i++) {
      await app.inject({
        url: '/api/bookings',
        headers: { ...from(address), authorization: `Bearer ${forged(i)}` },
      });
    }
    expect((await app.inject({ url: departuresUrl, headers: from(address) })).statusCode).toBe(429);
    const user = await createUser('behind-a-flood');
    const booked = await injectBooking(app, user, validBooking, from(address));
    expect(booked.statusCode, booked.body).toBe(201);
    for (let i = 0; i < limit * 2; i++) {
      const res = await app.inject({
        url: '/api/bookings',
        headers: { ...from(address), authorization: `Bearer ${user.idToken}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

const redisUrl = testRedisUrl;

describeNeeding(missing.redis)('the public limit shared through Redis by two apps', () => {
  it('counts one address across both', async () => {
    const redis = new Redis(redisUrl!);
    // Addresses of this run only: other runs share the Redis.
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    await redis.del(...(await redis.keys(`wayfarer-rl:*${address}*`)), 'none');
    const apps = await Promise.all(
      [0, 1].map(() =>
        buildTestApp({ clientDir, db, redis, publicRateLimitPerMinute: limit, trustProxy: 1 }),
      ),
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < limit + 4; i++) {
        const res = await apps[i % 2]!.inject({
          url: departuresUrl,
          headers: { 'x-forwarded-for': address },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(limit);
      expect(codes.filter((c) => c === 429)).toHaveLength(4);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      redis.disconnect();
    }
  });
});

describe('the public departures list and the health check spare the database', () => {
  it('answers departures from memory for a few seconds, with a Cache-Control that says so; a write through the API empties it', async () => {
    let queries = 0;
    const counting: Database = {
      ...db,
      query: (sql, params) => {
        const text = typeof sql === 'string' ? sql : sql.text;
        if (/FROM departures/.test(text) && !/FOR UPDATE/.test(text)) queries++;
        return db.query(sql, params);
      },
    };
    const app = await buildTestApp({ clientDir, db: counting, departuresCacheSeconds: 2 });
    try {
      const first = await app.inject({ url: departuresUrl });
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=2');
      const before = first.json().departures as { id: string; seatsLeft: number }[];
      await Promise.all(Array.from({ length: 30 }, () => app.inject({ url: departuresUrl })));
      expect(queries).toBe(1);

      const user = await createUser('cache-buster');
      const target = before[0]!;
      const booked = await injectBooking(app, user, {
        ...validBooking,
        departureId: target.id,
        travellers: 2,
      });
      expect(booked.statusCode).toBe(201);
      const after = (await app.inject({ url: departuresUrl })).json().departures as typeof before;
      expect(after.find((d) => d.id === target.id)!.seatsLeft).toBe(target.seatsLeft - 2);

      // A refused write (no token: 401) leaves the memory as it is.
      const beforeRefused = queries;
      const refused = await app.inject({ method: 'POST', url: '/api/bookings', payload: validBooking });
      expect(refused.statusCode).toBe(401);
      await app.inject({ url: departuresUrl });
      expect(queries).toBe(beforeRefused);

      // A change made by another process shows within the cache's seconds.
      await db.query('UPDATE departures SET capacity = capacity + 1 WHERE id = $1', [target.id]);
      const stale = (await app.inject({ url: departuresUrl })).json().departures as typeof before;
      expect(stale.find((d) => d.id === target.id)!.seatsLeft).toBe(target.seatsLeft - 2);
      await new Promise((r) => setTimeout(r, 2100));
      const fresh = (await app.inject({ url: departuresUrl })).json().departures as typeof before;
      expect(fresh.find((d) => d.id === target.id)!.seatsLeft).toBe(target.seatsLeft - 1);
    } finally {
      await app.close();
    }
  });

  it('asks the database once for many health checks at once', async () => {
    let pings = 0;
    const counting: Database = {
      ...db,
      ping: (ms) => {
        pings++;
        return db.ping(ms);
      },
    };
    const app = await buildTestApp({ clientDir, db: counting });
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject({ url: '/api/health' })));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(pings).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('the real server with the default limit', () => {
  it('900 forged tokens from one address, then a real user from that address books', async () => {
    const dataDir = makeClientDir();
    const server = await spawnServer(
      { CLIENT_DIR: clientDir, DATA_DIR: dataDir, PUBLIC_RATE_LIMIT: '600' },
      4371,
    );
    try {
      const codes = new Map<number, number>();
      const started = Date.now();
      for (let round = 0; round < 9; round++) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            fetch(`${server.url}/api/bookings`, {
              headers: { authorization: `Bearer ${forged(round * 100 + i)}` },
            }).then((r) => r.status),
          ),
        );
        for (const status of answers) codes.set(status, (codes.get(status) ?? 0) + 1);
      }
      const took = Date.now() - started;
      // The health checks that waited for the server to start were counted too (no token).
      expect([...codes.keys()].sort()).toEqual([401, 429]);
      expect(codes.get(401)).toBeGreaterThan(590);
      expect(codes.get(401)! + codes.get(429)!).toBe(900);
      const user = await createUser('after-the-flood');
      const booked = await postBooking(server.url, user, validBooking);
      expect(booked.status, await booked.clone().text()).toBe(201);
      console.info(`900 forged tokens answered in ${took} ms`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
