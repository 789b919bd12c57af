import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid, validateBooking } from '../../../src/contracts/booking.js';
import type { Actor } from '../audit/audit.js';
import { authenticator } from '../auth/authenticate.js';
import type { TokenVerifier } from '../auth/verify-token.js';
import type { Database } from '../db/database.js';
import { todayIso } from '../departures/dates.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { defaultMaxHeldSeatsPerUser } from './held-seats.js';
import type { ServerPackage } from './packages.js';
import { createBooking, findBooking, listBookings } from './repository.js';
import { changeBookingStatus } from './status.js';

export type BookingsOptions = {
  db: Database;
  verifyToken: TokenVerifier;
  packages: Map<string, ServerPackage>;
  // Booking writes per signed-in user and minute.
  rateLimitPerMinute: number;
  // A user's seats in bookings awaiting confirmation, at most (MAX_HELD_SEATS_PER_USER).
  maxHeldSeatsPerUser?: number;
  // Online cancellation closes this many days before the departure.
  cancellationCutoffDays?: number;
  // The day bookings and cancellations are judged against; tests move it.
  today?: () => string;
  // The brand's operations inbox (OPERATIONS_EMAIL): a copy of each new request and each
  // traveller's cancellation. Unset: nobody is copied.
  operationsEmail?: string;
  // Told after a commit that queued emails, so the outbox worker need not wait for its next poll.
  onEmailQueued?: () => void;
};

// Printable ASCII, as the IETF Idempotency-Key draft and common clients (UUIDs) use.
const idempotencyKeyPattern = /^[\x21-\x7e]{1,128}$/;

export const travellerActor = (request: FastifyRequest): Actor => ({
  type: 'traveller',
  name: request.user!.email ?? request.user!.uid,
});

// Booking writes are limited per signed-in user, after the token check (DESIGN.md): users behind
// one proxy do not share a budget, and no X-Forwarded-For can lift the limit.
export const perUserLimit = (max: number, groupId: string) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  groupId,
  keyGenerator: (request: FastifyRequest) => `user:${request.user?.uid ?? request.ip}`,
});

export async function bookingsRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db, packages } = options;
  const authenticate = authenticator(options.verifyToken);
  const today = options.today ?? (() => todayIso());
  const cutoffDays = options.cancellationCutoffDays ?? 14;

  app.post(
    '/api/bookings',
    {
      bodyLimit: 8 * 1024,
      preHandler: authenticate,
      config: { rateLimit: perUserLimit(options.rateLimitPerMinute, 'booking-writes') },
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
      if (!result.success) return fieldProblem(reply, result.fieldErrors);
      const pkg = packages.get(result.data.packageId);
      if (!pkg) return fieldProblem(reply, { packageId: 'This package does not exist.' });

      const outcome = await fromDatabase(() =>
        createBooking(db, {
          userId: user.uid,
          // The emails go to the signed-in account, never to an address typed in the form: the
          // site must not mail strangers for whoever fills it in (issue 17).
          accountEmail: user.email ?? null,
          maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
          actor: travellerActor(request),
          input: result.data,
          pkg,
          travellers: result.data.travellers ?? 1,
          idempotencyKey: key ?? null,
          today: today(),
          operationsEmail: options.operationsEmail ?? null,
        }),
      );
      switch (outcome.kind) {
        case 'key-reused':
          return problem(reply, 422, 'This Idempotency-Key was already used for a different booking.');
        case 'invalid':
          return fieldProblem(reply, outcome.fieldErrors);
        case 'no-seats':
          return problem(reply, 409, outcome.message, { seatsLeft: outcome.seatsLeft });
        case 'too-many-held':
          return problem(reply, 409, outcome.message, { heldSeats: outcome.heldSeats });
        case 'replayed':
          reply.header('Idempotent-Replayed', 'true');
          break;
        case 'created':
          options.onEmailQueued?.();
      }
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .header('Location', `/api/bookings/${outcome.booking.id}`)
        .send(outcome.booking);
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
      const booking = isUuid(id)
        ? await fromDatabase(() => findBooking(db, request.user!.uid, id))
        : undefined;
      if (!booking) return problem(reply, 404, 'No such booking.');
      return reply.header('Cache-Control', 'private, no-store').send(booking);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/bookings/:id/cancel',
    {
      bodyLimit: 1024,
      preHandler: authenticate,
      config: { rateLimit: perUserLimit(options.rateLimitPerMinute, 'booking-cancels') },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return problem(reply, 404, 'No such booking.');
      const outcome = await fromDatabase(() =>
        changeBookingStatus(db, {
          bookingId: id,
          to: 'cancelled',
          actor: travellerActor(request),
          ownerId: request.user!.uid,
          cutoff: { days: cutoffDays, today: today() },
          operationsEmail: options.operationsEmail,
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'changed') options.onEmailQueued?.();
      return reply.header('Cache-Control', 'no-store').send(outcome.booking);
    },
  );
}
