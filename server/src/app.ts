import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { apiRoutes } from './api-routes.js';
import type { BookingsOptions } from './bookings/routes.js';
import { guardSessions } from './auth/session-guard.js';
import { withStaffBookingClaims } from './bookings/claim.js';
import type { SessionManager } from './auth/sessions.js';
import { staticFiles } from './http/static-files.js';
import { badUrlProblem } from './http/problem.js';
import { loggerOptions, RequestLineLog } from './http/request-log.js';
import {
  securityHeaderList,
  securityHeaders,
  setSecurityHeaders,
  type CspOrigins,
} from './http/security-headers.js';
import { sitePages } from './pages/site-pages.js';
import type { PageRenderer } from './pages/render.js';

export { defaultPublicRateLimit } from './api-routes.js';

export type AppOptions = {
  clientDir: string;
  production: boolean;
  logLevel?: string;
  csp: CspOrigins;
  bookings: BookingsOptions;
  // Session cookies (POST/DELETE /api/session) and their check on page requests.
  sessions: SessionManager;
  // React Router's server build: renders the signed-in pages per request. Without one (tests and
  // the API benchmark run on a minimal site) they get the SPA fallback file as before.
  renderer?: PageRenderer;
  // Whom to believe in X-Forwarded-For (TRUST_PROXY): false (nobody), a hop count, or addresses.
  trustProxy?: false | number | string;
  // Shared rate-limit counters for several processes; in memory when absent.
  redis?: Redis;
  // API requests without a valid token, per client address and minute (PUBLIC_RATE_LIMIT).
  publicRateLimitPerMinute?: number;
  // How long a verified session cookie is remembered (TOKEN_CACHE_SECONDS, as ID tokens are).
  tokenCacheSeconds?: number;
  // How long a process answers the public departures list from memory (departures/routes.ts).
  departuresCacheSeconds?: number;
};

// The server, one plugin per concern: headers, pages, the API (one line per domain in
// ./api-routes.ts), static files.
export async function buildApp(appOptions: AppOptions): Promise<FastifyInstance> {
  // Every token verified afresh claims the bookings staff made for its verified email.
  const options = { ...appOptions, bookings: withStaffBookingClaims(appOptions.bookings) };
  const headers = securityHeaderList(options.csp, options.production);
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info'),
    logController: new RequestLineLog(),
    bodyLimit: 16 * 1024,
    // A URL with a broken %-escape never reaches a route or its hooks: a 400 in the API's shape,
    // not Fastify's own error object, with the headers every answer carries.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(reply, headers);
      return badUrlProblem(error, request, reply);
    },
    // Never `true`: that would believe any client's X-Forwarded-For.
    // A hop count trusts that many proxies nearest the server (proxy-addr's own rule).
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (options.trustProxy as number)
        : (options.trustProxy ?? false),
  });

  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityHeaders, { headers });
  await app.register(cookie);
  const { clientDir, csp, renderer, bookings, production, redis } = options;
  const sessions = guardSessions(options.sessions, bookings.db, {
    cacheMs: (options.tokenCacheSeconds ?? 60) * 1000,
  });
  await app.register(sitePages, { clientDir, csp, sessions, renderer });
  await app.register(apiRoutes, {
    bookings,
    sessions,
    production,
    redis,
    publicRateLimitPerMinute: options.publicRateLimitPerMinute,
    departuresCacheSeconds: options.departuresCacheSeconds,
  });
  await app.register(staticFiles, { clientDir });
  return app;
}
