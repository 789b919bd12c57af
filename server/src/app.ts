import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { Redis } from 'ioredis';
import { apiRoutes } from './api-routes.js';
import type { AppContext } from './context/app-context.js';
import { guardSessions } from './auth/session-guard.js';
import { withStaffBookingClaims } from './bookings/claim.js';
import type { SessionManager } from './auth/sessions.js';
import { staticFiles } from './http/static-files.js';
import { badUrlProblem } from './http/problem.js';
import { limitStore, userLimitDefaults, type UserLimits } from './http/limits.js';
import { loggerOptions, RequestLineLog } from './http/request-log.js';
import {
  securityHeaderList,
  securityHeaders,
  setSecurityHeaders,
  type CspOrigins,
} from './http/security-headers.js';
import { sitePages } from './pages/site-pages.js';
import { catalogueRoutes } from './catalog/routes.js';
import { seedCatalogue } from './catalog/seed.js';
import { openCatalogue, type Catalogue } from './catalog/store.js';
import type { PageRenderer } from './pages/render.js';

export { defaultPublicRateLimit } from './api-routes.js';
export { redactLinkTokens } from './http/request-log.js';

export type AppOptions = {
  clientDir: string;
  production: boolean;
  logLevel?: string;
  csp: CspOrigins;
  // What the API's route plugins are given (./context/app-context.ts).
  context: AppContext;
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
  // Signed-in reads, rendered pages and session cookies per user (and address) and minute
  // (READ_RATE_LIMIT, PAGE_RATE_LIMIT, SESSION_RATE_LIMIT, SESSION_ADDRESS_RATE_LIMIT); each
  // unset one takes its default from ./http/limits.ts.
  userLimits?: Partial<UserLimits>;
  // How long a verified session cookie is remembered (TOKEN_CACHE_SECONDS, as ID tokens are).
  tokenCacheSeconds?: number;
  // How long a process answers the public departures list from memory (departures/routes.ts).
  departuresCacheSeconds?: number;
  // The in-memory catalogue (server/src/catalog/store.ts); without one, buildApp seeds (once) and
  // opens its own from the database, and closes it with the app.
  catalogue?: Catalogue;
  // The site's public address, for the sitemap and structured data (PUBLIC_ORIGIN).
  siteUrl?: string;
};

// The server, one plugin per concern: headers, pages, the API (one line per domain in
// ./api-routes.ts), static files.
export async function buildApp(appOptions: AppOptions): Promise<FastifyInstance> {
  // Every token verified afresh claims the bookings staff made for its verified email.
  const options = { ...appOptions, context: withStaffBookingClaims(appOptions.context) };
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

  // Answers up to 256 KB (every API page, the manifest, the overview) are compressed in one call
  // on the event loop: through the stream pipeline @fastify/compress otherwise uses above 8 KB on
  // a two-core machine, a 40 KB answer cost more in stream machinery than in compressing
  // (docs/decisions/047-console-reads-under-load.md). Bigger ones (the CSV) still stream.
  // Compressed at speed-first levels: each answer is compressed anew for each request, where the
  // library's defaults (brotli 4, gzip 6) spent two to three times the CPU for 4-10% fewer bytes
  // (docs/decisions/057-answer-compression-levels.md).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
    zlibOptions: { level: 1 },
  });
  await app.register(securityHeaders, { headers });
  await app.register(cookie);
  const { clientDir, csp, renderer, production, redis } = options;
  const catalogue = options.catalogue ?? (await ownCatalogue(app, options));
  // Every route reads the catalogue's live Map, whatever the caller passed.
  const context = { ...options.context, packages: catalogue.packages, catalogue };
  const sessions = guardSessions(options.sessions, context.db, {
    cacheMs: (options.tokenCacheSeconds ?? 60) * 1000,
  });
  const siteUrl = (options.siteUrl ?? 'http://localhost:3000').replace(/\/$/, '');
  // One store for every limit, pages' and API's: in memory, or Redis shared by every process.
  await app.register(limitStore, { redis });
  const limits = { ...userLimitDefaults, ...options.userLimits };
  await app.register(sitePages, {
    clientDir,
    csp,
    sessions,
    renderer,
    catalogue,
    siteUrl,
    pagesPerMinute: limits.pagesPerMinute,
  });
  await app.register(apiRoutes, {
    context,
    sessions,
    production,
    limits,
    publicRateLimitPerMinute: options.publicRateLimitPerMinute,
    departuresCacheSeconds: options.departuresCacheSeconds,
  });
  // /packages.json (and the spec's /packages.JSON), /api/packages/{id}, /images/: the catalogue.
  await app.register(catalogueRoutes, { db: context.db, catalogue });
  await app.register(staticFiles, { clientDir });
  return app;
}

// Without a catalogue given, the app seeds the database's (once) and opens its own, closed with it.
async function ownCatalogue(app: FastifyInstance, options: AppOptions): Promise<Catalogue> {
  await seedCatalogue(
    options.context.db,
    join(options.clientDir, 'packages.json'),
    join(options.clientDir, 'img'),
  );
  const own = await openCatalogue({
    db: options.context.db,
    log: app.log,
  });
  app.addHook('onClose', () => own.stop());
  return own;
}
