import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateBooking } from '../../../src/contracts/booking.js';
import {
  IdentityProviderUnavailableError,
  InvalidTokenError,
  type TokenVerifier,
  type VerifiedUser,
} from '../auth/verify-token.js';
import { DatabaseUnavailableError, type Database } from '../db/database.js';
import type { ServerPackage } from './packages.js';
import { createBooking, findBooking, listBookings } from './repository.js';

export type BookingsOptions = {
  db: Database;
  verifyToken: TokenVerifier;
  packages: Map<string, ServerPackage>;
  // Booking requests per client (IP) and minute.
  rateLimitPerMinute: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    user?: VerifiedUser;
  }
}

// Printable ASCII, as the IETF Idempotency-Key draft and common clients (UUIDs) use.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,128}$/;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const problem = (reply: FastifyReply, status: number, message: string, extra: object = {}) =>
  reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ message, ...extra });

// Anything the database throws that is not a rule of ours means it is out of reach.
const fromDatabase = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw new DatabaseUnavailableError(error);
  }
};

export async function bookingsRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db, verifyToken, packages } = options;

  await app.register(rateLimit, {
    global: false,
    // The limiter's own 429 body, worded for people.
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._-]{20,4096})$/.exec(header);
    if (!match) {
      return problem(reply.header('WWW-Authenticate', 'Bearer'), 401, 'Please log in to book a trip.');
    }
    try {
      request.user = await verifyToken(match[1]!);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return problem(
          reply.header('WWW-Authenticate', 'Bearer error="invalid_token"'),
          401,
          'Your session has expired. Please log in again.',
        );
      }
      if (error instanceof IdentityProviderUnavailableError) {
        request.log.error({ err: error.cause }, 'token check failed');
        return problem(
          reply.header('Retry-After', '5'),
          503,
          'We could not check your sign-in just now. Please try again in a moment.',
        );
      }
      throw error;
    }
  };

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DatabaseUnavailableError) {
      request.log.error({ err: error.cause }, 'database unavailable');
      return problem(
        reply.header('Retry-After', '5'),
        503,
        'Bookings are unavailable right now. Nothing was lost: please try again in a moment.',
      );
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return problem(reply, 413, 'The booking is too large.');
    if (status === 415)
      return problem(reply, 415, 'Send the booking as JSON (Content-Type: application/json).');
    if (status === 429) return reply.code(429).send(error);
    if (status >= 400 && status < 500) {
      // Malformed JSON, a __proto__ key, an empty body.
      return problem(reply, 400, 'The booking could not be read: send a JSON object.');
    }
    request.log.error({ err: error }, 'unexpected error');
    return problem(reply, 500, 'Something went wrong on our side. Please try again.');
  });

  app.post(
    '/api/bookings',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
      preHandler: authenticate,
    },
    async (request, reply) => {
      const user = request.user!;
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !idempotencyKeyPattern.test(key))) {
        return problem(reply, 400, 'The Idempotency-Key header must be 1 to 128 visible ASCII characters.');
      }
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return problem(reply, 400, 'The booking could not be read: send a JSON object.');
      }
      const result = validateBooking(body);
      if (!result.success) {
        return problem(reply, 400, 'Please check the highlighted fields.', {
          fieldErrors: result.fieldErrors,
        });
      }
      const pkg = packages.get(result.data.packageId);
      if (!pkg) {
        return problem(reply, 400, 'Please check the highlighted fields.', {
          fieldErrors: { packageId: 'This package does not exist.' },
        });
      }
      const created = await fromDatabase(() =>
        createBooking(db, { userId: user.uid, input: result.data, pkg, idempotencyKey: key }),
      );
      if (created.conflict) {
        return problem(reply, 422, 'This Idempotency-Key was already used for a different booking.');
      }
      if (created.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .header('Location', `/api/bookings/${created.booking.id}`)
        .send(created.booking);
    },
  );

  app.get('/api/bookings', { preHandler: authenticate }, async (request, reply) => {
    const bookings = await fromDatabase(() => listBookings(db, request.user!.uid));
    return reply.header('Cache-Control', 'private, no-store').send({ bookings });
  });

  app.get<{ Params: { id: string } }>(
    '/api/bookings/:id',
    { preHandler: authenticate },
    async (request, reply) => {
      const { id } = request.params;
      // Someone else's booking answers exactly like one that does not exist.
      const booking = uuidPattern.test(id)
        ? await fromDatabase(() => findBooking(db, request.user!.uid, id))
        : undefined;
      if (!booking) return problem(reply, 404, 'No such booking.');
      return reply.header('Cache-Control', 'private, no-store').send(booking);
    },
  );

  app.get('/api/health', async (request, reply) => {
    try {
      await db.ping();
      return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: db.kind });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database did not answer');
      return problem(reply, 503, 'The database did not answer.', { status: 'unavailable' });
    }
  });
}
