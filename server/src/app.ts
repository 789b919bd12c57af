import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import * as z from 'zod/mini';
import { problemSchema } from '#contracts/api';
import pretty from 'pino-pretty';
import { adminRoutes } from './admin/routes.js';
import { bookingsRoutes, type BookingsOptions } from './bookings/routes.js';
import { sessionRoutes } from './auth/session-routes.js';
import type { SessionManager } from './auth/sessions.js';
import { createDeparturesCache, departuresRoutes } from './departures/routes.js';
import { renderPage, sessionUser, type PageRenderer } from './pages/render.js';
import { guestsRoutes } from './guests/routes.js';
import { loadHtmlPage, type HtmlPage } from './html.js';
import { registerApiReference, registerApiSchemas, type ZodTypeProvider } from './http/api-schemas.js';
import { badUrlProblem, problem, rejectControlParams, setApiErrorHandler } from './http/problem.js';
import { publicRateLimit } from './public-limit.js';
import { waitlistRoutes } from './waitlist/routes.js';
import { meRoutes } from './me/routes.js';
import { contentSecurityPolicy, permissionsPolicy, type CspOrigins } from './security.js';
import { clientRoutes, prerendered } from './site-routes.js';

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
  // How long a process answers the public departures list from memory (departures/routes.ts).
  departuresCacheSeconds?: number;
};

// One line a request, "POST /api/bookings 201 23 ms", instead of Fastify's two ("incoming
// request", "request completed"). The JSON line keeps Fastify's usual fields (req, res,
// responseTime) for log collectors.
// API calls at info, failures at error; pages, images and scripts at debug (LOG_LEVEL=debug shows
// them), so the terminal is not a scroll of every file a page loads.
export function requestLineLevel(url: string, status: number, failed: boolean): 'error' | 'info' | 'debug' {
  if (failed || status >= 500) return 'error';
  // Health checks come every few seconds from a load balancer (and from npm start's own wait).
  if (url === '/api/health') return 'debug';
  return url.startsWith('/api/') ? 'info' : 'debug';
}

class RequestLineLog extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const level = requestLineLevel(request.url, reply.statusCode, Boolean(error));
    reply.log[level](error ? { ...fields, err: error } : fields, line);
  }
}

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

// JSON lines when stdout is a pipe or a file (log collectors); at a terminal, one readable line
// an event, "12:03:04 POST /api/bookings 201 23 ms", with WARN or ERROR in front when it is one
// and an error's details below it.
function loggerOptions(level: string) {
  if (!process.stdout.isTTY) return { level };
  return {
    level,
    stream: pretty({
      // Written before the process exits, so "database closed" is never lost.
      sync: true,
      customColors: 'message:reset',
      ignore: 'pid,hostname,time,level,reqId,req,res,responseTime',
      messageFormat: (log, messageKey, _levelLabel, { colors }) => {
        const value = Number(log.level);
        const name = levelNames[value];
        const tag = name ? `${value >= 50 ? colors.red(name) : colors.yellow(name)} ` : '';
        const time = new Date(Number(log.time)).toTimeString().slice(0, 8);
        return `${colors.gray(time)} ${tag}${String(log[messageKey] ?? '')}`;
      },
    }),
  };
}

export const defaultPublicRateLimit = 600;

// The headers helmet's middleware sets, read from one run against a stand-in response. Throws if
// it would do anything else (remove a header other than X-Powered-By, or answer itself), so a
// helmet upgrade that starts to depend on the request cannot be frozen here by mistake.
function staticSecurityHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const set: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removed ${name}`);
    },
  };
  let called = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return set;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Helmet's middleware, built once: @fastify/helmet built it again for every request, which
  // profiled as 4% of the server's time under `npm run bench:api`.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        contentSecurityPolicy(options.csp)
          .split('; ')
          .map((d) => {
            const [name, ...values] = d.split(' ');
            return [name!, values];
          }),
      ),
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  // Its headers depend on nothing in the request (no nonces): taken once from a dry run and set on
  // every response. Running its dozen middlewares per request was 5% of the server's time under
  // npm run bench:api.
  const headers = staticSecurityHeaders(securityHeaders);
  headers.push(['Permissions-Policy', permissionsPolicy]);

  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info'),
    logController: new RequestLineLog(),
    bodyLimit: 16 * 1024,
    // A URL with a broken %-escape never reaches a route or its hooks: a 400 in the API's shape,
    // not Fastify's own error object, with the headers every answer carries.
    frameworkErrors: (error, request, reply) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      return badUrlProblem(error, request, reply);
    },
    // Never `true`: that would believe any client's X-Forwarded-For.
    // A hop count trusts that many proxies nearest the server (proxy-addr's own rule).
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (options.trustProxy as number)
        : (options.trustProxy ?? false),
  });

  const renderer = options.renderer;
  if (!renderer && !existsSync(join(options.clientDir, '__spa-fallback.html'))) {
    throw new Error(`No built site in ${options.clientDir}: run "npm run build" first.`);
  }

  const pages = new Map<string, HtmlPage>();
  const page = (file: string) => {
    let p = pages.get(file);
    if (!p) {
      p = loadHtmlPage(options.clientDir, file);
      pages.set(file, p);
    }
    return p;
  };

  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  const sendPage = (reply: FastifyReply, file: string, status = 200) => {
    const p = page(file);
    return reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', contentSecurityPolicy(options.csp, p.scriptHashes))
      .send(p.body);
  };

  for (const [path, file] of Object.entries(prerendered)) {
    app.get(path, (_req, reply) => sendPage(reply, file));
    if (path !== '/') app.get(`${path}/`, (_req, reply) => reply.redirect(path, 301));
  }
  await app.register(cookie);

  // A page for its route: rendered per request when the server build is there (the user's data
  // comes with a valid session cookie), else the SPA fallback file.
  const servePage = async (request: FastifyRequest, reply: FastifyReply, status?: number) => {
    if (!renderer) return sendPage(reply, '__spa-fallback.html', status);
    const user = await sessionUser(options.sessions, request, reply);
    const page = await renderPage(app, renderer, request, user);
    for (const [name, value] of page.headers) {
      if (name !== 'content-length' && name !== 'set-cookie') reply.header(name, value);
    }
    return reply
      .code(status !== undefined && page.status === 200 ? status : page.status)
      .header('Cache-Control', page.user ? 'private, no-store' : 'no-cache')
      .header('Vary', 'Cookie')
      .header('Content-Security-Policy', contentSecurityPolicy(options.csp, page.scriptHashes))
      .send(page.body);
  };

  for (const path of clientRoutes) {
    app.get(path, (request, reply) => servePage(request, reply));
  }

  // The API: schemas on every route (./http/api-schemas.ts), one error vocabulary, limits per user
  // (shared through Redis when configured).
  await registerApiSchemas(app);
  setApiErrorHandler(app);
  rejectControlParams(app);
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'wayfarer-rl:' } : {}),
    // A Redis that does not answer must not take bookings down: the limit is skipped (fail open)
    // and the store logs it; ioredis reconnects by itself.
    skipOnError: true,
    // The limiter's own 429 body, worded for people.
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  publicRateLimit(app, {
    perMinute: options.publicRateLimitPerMinute ?? defaultPublicRateLimit,
    verifyToken: options.bookings.verifyToken,
  });
  // The public departures list is answered from memory for a few seconds (departures/routes.ts);
  // any write through this process's API may change seats, so it empties that memory before the
  // writer hears back.
  const departuresCache = createDeparturesCache();
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) {
      departuresCache.clear();
    }
  });
  await app.register(departuresRoutes, {
    ...options.bookings,
    departuresCache,
    departuresCacheSeconds: options.departuresCacheSeconds,
  });
  await app.register(bookingsRoutes, options.bookings);
  await app.register(waitlistRoutes, options.bookings);
  await app.register(meRoutes, options.bookings);
  await app.register(guestsRoutes, options.bookings);
  await app.register(adminRoutes, options.bookings);
  await app.register(sessionRoutes, {
    sessions: options.sessions,
    verifyToken: options.bookings.verifyToken,
    secure: options.production,
  });

  // A load balancer (or anyone) may poll this as often as it likes: the database is asked at most
  // once a second per process, and parallel checks share that one ping. A failure is not kept:
  // the next check asks again, so a database that is back shows at once.
  let lastPing: { at: number; done: Promise<void> } | undefined;
  const ping = () => {
    if (!lastPing || Date.now() - lastPing.at >= 1000) {
      const entry = { at: Date.now(), done: options.bookings.db.ping() };
      lastPing = entry;
      entry.done.catch(() => {
        if (lastPing === entry) lastPing = undefined;
      });
    }
    return lastPing.done;
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['Service'],
        summary: 'Whether the service and its database answer',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ ...problemSchema.shape, status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return reply
          .header('Cache-Control', 'no-store')
          .send({ status: 'ok', database: options.bookings.db.kind });
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        return problem(reply, 503, 'The database did not answer.', { status: 'unavailable' });
      }
    },
  );
  await registerApiReference(app);

  // The data file is spelled /packages.JSON (docs/product.md#catalogue).
  app.get('/packages.JSON', (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').sendFile('packages.json'),
  );

  await app.register(fastifyStatic, {
    root: options.clientDir,
    index: false,
    preCompressed: true,
    redirect: false,
    wildcard: true,
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      if (filePath.includes(`${join(options.clientDir, 'assets')}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (filePath.includes(`${join(options.clientDir, 'img')}`)) {
        reply.header('Cache-Control', 'public, max-age=604800');
      } else {
        reply.header('Cache-Control', 'public, max-age=300');
      }
    },
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsHtml) {
      // React Router's data requests of a client-side navigation (`/bookings.data`) keep the
      // status it gives them; any other unknown path is a 404 page.
      const data = renderer !== undefined && request.url.split('?')[0]!.endsWith('.data');
      return servePage(request, reply, data ? undefined : 404);
    }
    return reply
      .code(404)
      .send({ error: 'Not Found', message: `No route for ${request.method} ${request.url}` });
  });

  return app;
}
