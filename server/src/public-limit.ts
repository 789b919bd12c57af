// PUBLIC_RATE_LIMIT: API requests that carry no valid token (the public GETs, and every request
// answered 401) are limited per client address, in the same store as the per-user limits (Redis
// with REDIS_URL, so every process shares the count). So are the pages and files that cost the
// server work whoever asks (countedPages below, and image misses: server/src/catalog/routes.ts);
// the kept home page and static files are not counted: a CDN serves them.
//
// The count is taken in onRequest, before any token is verified, so a flood of forged tokens
// costs one counter increment each and, past the limit, a 429 without a database query. A
// request whose token this process already verified (token-cache.ts) is not counted at all; one
// whose token it has not seen yet is counted, and past the limit its token is verified there and
// then: a valid token is never refused because of its address, a forged one gets the 429.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenVerifier } from './auth/verified-user.js';
import { InvalidTokenError } from './auth/verify-token.js';
import { isApiRequest } from './http/api-path.js';
import { addressKey } from './http/limits.js';
import { problem } from './http/problem.js';
import { rememberAtMost } from './bounded-map.js';
import { stripeWebhookPath } from './payments/stripe-routes.js';

export { addressKey };

const bearer = /^Bearer ([A-Za-z0-9._-]{20,4096})$/;

// Tokens refused past the limit, remembered for a minute: the same forged token sent again costs
// a lookup here, not another check. Bounded like the verified-token cache.
const refusalMemoryMs = 60_000;
const maxRefusals = 10_000;

export function publicRateLimit(
  app: FastifyInstance,
  { perMinute, verifyToken }: { perMinute: number; verifyToken: TokenVerifier },
) {
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `public:${addressKey(request.ip)}`,
  });

  const refused = new Map<string, number>();
  const wasRefused = (token: string) => {
    const until = refused.get(token);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    refused.delete(token);
    return false;
  };

  // One more request from this address; past the limit the 429 is sent and true returned. The
  // limiter appends a route's groupId to its key; the public count is one per address whatever
  // the route, so it is given the address alone.
  const charge = async (request: FastifyRequest, reply: FastifyReply, token?: string) => {
    const outcome = await limiter({ ip: request.ip, routeOptions: { config: {} } } as FastifyRequest);
    if (outcome.isAllowed || !outcome.isExceeded) return false;
    if (token && !wasRefused(token)) {
      try {
        await verifyToken(token);
        return false;
      } catch (error) {
        // Forged, expired or not checkable now: refused like a request without a token. Only a
        // token the identity provider refused is remembered (not one it could not check).
        if (error instanceof InvalidTokenError) {
          rememberAtMost(refused, token, Date.now() + refusalMemoryMs, maxRefusals);
        }
      }
    }
    problem(
      reply.header('Retry-After', String(outcome.ttlInSeconds)),
      429,
      `Too many requests from your address. Please wait ${outcome.ttlInSeconds} seconds and try again.`,
    );
    return true;
  };
  // An image the process does not hold in memory costs a query: counted where it is read
  // (server/src/catalog/routes.ts), so a page's images answered from memory are free.
  app.decorate('publicMiss', (request: FastifyRequest, reply: FastifyReply) => charge(request, reply));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRequest(request) && !countedPages.has(request.routeOptions.url ?? '')) return;
    // Stripe's events carry a signature, not a token: the webhook counts only the ones whose
    // signature fails (server/src/payments/stripe-routes.ts), as a valid token is never refused.
    if (request.routeOptions.url === stripeWebhookPath) return;
    const token = bearer.exec(request.headers.authorization ?? '')?.[1];
    if (token && verifyToken.known?.(token)) return;
    if (await charge(request, reply, token)) return reply;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    // Counts one more unauthenticated request of the address (./public-limit.ts); true when it
    // was over the limit and the 429 has been sent.
    publicMiss?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

// Pages and files that cost the server work on every request, whoever asks (decided on the
// route they matched): the catalogue's list and the sitemap (answered from memory, but as large
// as the catalogue), a package's page and a personal link's page (rendered each time).
const countedPages = new Set([
  '/packages.json',
  '/packages.JSON',
  '/sitemap.xml',
  '/sitemap-es.xml',
  '/package/:id',
  '/travellers/:token',
  // Their Spanish twins (docs/decisions/071-translation-layer.md), the same work.
  '/es/package/:id',
  '/es/travellers/:token',
]);
