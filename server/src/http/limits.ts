// The per-minute limits on what a signed-in user (or, before one is known, a client address) can
// make the server do: one store for all of them, in memory per process or in Redis (REDIS_URL)
// shared by every process. The API's write budget and the public limit use the same store
// (server/src/context/write-limits.ts, server/src/public-limit.ts).
//
// Every key is a verified user's uid or the address Fastify derives from the connection (and
// X-Forwarded-For only from the proxies TRUST_PROXY names): a header a client writes cannot lift
// a limit.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

// The defaults, in one place; each can be set in the environment (server/src/env.ts). A person
// reading their bookings, paging through the console or signing in on a few devices stays far
// below them; a script spending the identity provider's quota or the server's renders does not.
export const userLimitDefaults = {
  // READ_RATE_LIMIT: signed-in API reads (GET) per user and minute (server/src/api-routes.ts).
  readsPerMinute: 120,
  // PAGE_RATE_LIMIT: server-rendered pages (and their client-side `.data` navigations) per user
  // of a valid session cookie and minute (server/src/pages/site-pages.ts).
  pagesPerMinute: 60,
  // SESSION_RATE_LIMIT: session cookies made per user and minute: each is a call to the identity
  // provider (server/src/auth/session-routes.ts).
  sessionsPerMinute: 10,
  // SESSION_ADDRESS_RATE_LIMIT: session cookie requests per client address (IPv6: per /64) and
  // minute, counted before the token is checked, so many accounts from one place cannot add up.
  sessionsPerAddressPerMinute: 30,
} as const;

export type UserLimits = {
  readsPerMinute: number;
  pagesPerMinute: number;
  sessionsPerMinute: number;
  sessionsPerAddressPerMinute: number;
};

// The key of a client address: an IPv6 client is counted per /64, the block one household or
// server is given, so cycling through its own addresses does not multiply its budget.
export function addressKey(ip: string): string {
  if (!ip.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

// @fastify/rate-limit with the store every limit shares. Registered before the pages and the
// API, so both can make limiters from it.
export const limitStore = fp<{ redis?: Redis }>(
  async (app, { redis }) => {
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'wayfarer-rl:' } : {}),
      // A Redis that does not answer must not take bookings down: the limit is skipped (fail open)
      // and the store logs it; ioredis reconnects by itself.
      skipOnError: true,
      // The limiter's own 429 body (routes' `config.rateLimit`), worded for people.
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      }),
    });
  },
  { name: 'limit-store' },
);

// Counts one more for `key` in the minute's window: null while within `max`, else the seconds
// until the window ends (for Retry-After and the message).
export type PerMinuteLimit = (key: string) => Promise<number | null>;

type Keyed = { limitKey: string };

export function perMinuteLimit(app: FastifyInstance, name: string, max: number): PerMinuteLimit {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:${(request as unknown as Keyed).limitKey}`,
  });
  return async (key) => {
    // The limiter reads the key and the route's groupId only: a stand-in request, so the count
    // is the same whatever route or hook asks.
    const outcome = await limiter({
      limitKey: key,
      routeOptions: { config: {} },
    } as unknown as FastifyRequest);
    return outcome.isAllowed || !outcome.isExceeded ? null : Math.max(1, outcome.ttlInSeconds);
  };
}
