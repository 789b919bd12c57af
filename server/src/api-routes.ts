import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminRoutes } from './admin/routes.js';
import { sessionRoutes } from './auth/session-routes.js';
import { pageReader } from './auth/page-reads.js';
import type { GuardedSessions } from './auth/session-guard.js';
import { bookingsRoutes } from './bookings/routes.js';
import type { AppContext } from './context/app-context.js';
import { userWriteLimit } from './context/write-limits.js';
import { createDeparturesCache, departuresRoutes } from './departures/routes.js';
import { guestsRoutes } from './guests/routes.js';
import { guestLinksRoutes } from './guest-links/routes.js';
import { meRoutes } from './me/routes.js';
import { moveAnswerRoutes } from './moves/routes.js';
import { registerApiReference, registerApiSchemas } from './http/api-schemas.js';
import { isApiRequest } from './http/api-path.js';
import { healthRoutes } from './http/health.js';
import { perMinuteLimit, type UserLimits } from './http/limits.js';
import { problem, rejectControlParams, setApiErrorHandler } from './http/problem.js';
import { addressVerificationTracker } from './mail/unverified.js';
import { publicRateLimit } from './public-limit.js';
import { waitlistRoutes } from './waitlist/routes.js';
import { cancellationQuoteRoutes } from './payments/routes.js';
import { stripeRoutes } from './payments/stripe-routes.js';
import { plural } from '#contracts/format';

export const defaultPublicRateLimit = 600;

export type ApiOptions = {
  // What the domains' route plugins are given (./context/app-context.ts).
  context: AppContext;
  sessions: GuardedSessions;
  production: boolean;
  // The per-user limits (server/src/http/limits.ts), in the store app.ts registered.
  limits: UserLimits;
  publicRateLimitPerMinute?: number;
  departuresCacheSeconds?: number;
};

// The limits every API call passes, in the store app.ts registered (./http/limits.ts): per
// address for calls without a valid token (./public-limit.ts); per user for writes (each domain's
// routes) and, here, for every signed-in read.
function apiLimits(app: FastifyInstance, options: ApiOptions) {
  publicRateLimit(app, {
    perMinute: options.publicRateLimitPerMinute ?? defaultPublicRateLimit,
    verifyToken: options.context.verifyToken,
  });
  // A signed-in GET (My bookings, a booking, the waiting list, the export, the console's reads):
  // each is a database read as that user. Counted once its token is verified (preValidation, in
  // each route); a server-rendered page's own reads (page-reads.ts) are counted as the page.
  const reads = perMinuteLimit(app, 'reads', options.limits.readsPerMinute);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.user || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (pageReader(request)) return;
    const wait = await reads(request.user.uid);
    if (wait === null) return;
    return problem(
      reply.header('Retry-After', String(wait)),
      429,
      `Too many requests from your account. Please wait ${plural(wait, 'second')} and try again.`,
    );
  });
}

// The API: schemas on every route (./http/api-schemas.ts), one error vocabulary, the limits, then
// one line per domain.
export const apiRoutes = fp<ApiOptions>(
  async (app, options) => {
    await registerApiSchemas(app, { checkAnswers: !options.production });
    setApiErrorHandler(app);
    rejectControlParams(app);
    apiLimits(app, options);
    // The public departures list is answered from memory for a few seconds (departures/routes.ts);
    // a write through this process's API may change seats, so a committed one (a 2xx answer)
    // empties that memory before the writer hears back. A refused one (a 401 flood) does not.
    const departuresCache = createDeparturesCache();
    app.addHook('onSend', async (request, reply) => {
      const write = request.method !== 'GET' && request.method !== 'HEAD';
      if (write && reply.statusCode < 300 && isApiRequest(request)) {
        departuresCache.clear();
      }
    });
    // Which accounts have not verified their address (their emails are capped: mail/outbox.ts),
    // as their tokens say, before any route of theirs queues an email.
    const trackVerification = addressVerificationTracker(options.context.db);
    app.addHook('preHandler', async (request) => {
      if (request.user) await trackVerification(request.user);
    });
    // One write budget per user for every domain's writes (./context/write-limits.ts).
    const context = {
      ...options.context,
      writeLimit: userWriteLimit(app, options.context.rateLimitPerMinute),
    };
    await app.register(departuresRoutes, {
      ...context,
      departuresCache,
      departuresCacheSeconds: options.departuresCacheSeconds,
    });
    await app.register(bookingsRoutes, context);
    await app.register(cancellationQuoteRoutes, context);
    await app.register(stripeRoutes, context);
    await app.register(waitlistRoutes, context);
    await app.register(moveAnswerRoutes, context);
    await app.register(guestsRoutes, context);
    await app.register(guestLinksRoutes, context);
    await app.register(meRoutes, context);
    await app.register(adminRoutes, context);
    await app.register(sessionRoutes, {
      sessions: options.sessions,
      verifyToken: context.verifyToken,
      secure: options.production,
      limits: options.limits,
    });
    await app.register(healthRoutes, { db: context.db });
    await registerApiReference(app);
  },
  { name: 'api-routes' },
);
