import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  bookingRequestSchema,
  bookingSchema,
  heldSeatsConflictSchema,
  seatsConflictSchema,
} from '#contracts/api';
import { travellerApi } from '../auth/authenticate.js';
import { type AppContext, todayOf } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { userWriteLimit } from '../context/write-limits.js';
import { errors, jsonBodyErrors, signedInSchema } from '../http/api-schemas.js';
import { bookingIdParams, noStore } from '../http/route-parts.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { defaultMaxHeldSeatsPerUser } from './held-seats.js';
import { createBooking, findBooking } from './repository.js';
import { offerContext } from '../seats/offer-context.js';
import { answerChange, changeRouteSchema, type ChangeAnswerContext } from './change-answer.js';
import { changeBookingStatus } from './status.js';
import { listBookingsClaiming } from './claim.js';
import { msg } from '#contracts/i18n';

// Printable ASCII, as the IETF Idempotency-Key draft and common clients (UUIDs) use. A loose
// object: the route reads this header, and every other header stays as it came.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[\x21-\x7e]{1,128}$/,
          msg('The Idempotency-Key header must be 1 to 128 visible ASCII characters.'),
        ),
      ),
  ),
});

// What the traveller's booking routes read of the app's context.
export type BookingsRoutesContext = Pick<
  AppContext,
  | 'db'
  | 'verifyToken'
  | 'packages'
  | 'rateLimitPerMinute'
  | 'writeLimit'
  | 'today'
  | 'cancellationCutoffDays'
  | 'maxHeldSeatsPerUser'
  | 'batchLanes'
  | 'operationsEmail'
  | 'onEmailQueued'
> &
  ChangeAnswerContext;

export async function bookingsRoutes(app: FastifyInstance, options: BookingsRoutesContext) {
  const { db, packages } = options;
  const { api, authenticate } = travellerApi(app, options.verifyToken);
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);
  const today = todayOf(options);
  const cutoffDays = options.cancellationCutoffDays ?? 14;

  api.post(
    '/api/bookings',
    {
      bodyLimit: 8 * 1024,
      // One booking's JSON, about 1 KiB each way: compression hooks cost the hottest route more
      // CPU than they save bytes (profiled under npm run bench:api).
      compress: false,
      decompress: false,
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: 'Book a trip',
        description:
          'Books the chosen departure, or without departureId the earliest open one with enough ' +
          'seats. An Idempotency-Key makes a retry answer the first booking (Idempotent-Replayed: true).',
        headers: idempotencyHeaders,
        body: bookingRequestSchema,
        response: {
          201: bookingSchema,
          409: z.union([seatsConflictSchema, heldSeatsConflictSchema]),
          ...jsonBodyErrors,
          ...errors.unprocessable,
        },
      }),
    },
    async (request, reply) => {
      const user = request.user!;
      const key = request.headers['idempotency-key'];
      const input = request.body;
      const pkg = packages.get(input.packageId);
      // Drafts and archived packages are not for sale (bookings already made keep working).
      if (!pkg || pkg.status !== 'published')
        return fieldProblem(reply, { packageId: msg('This package does not exist.') });

      const outcome = await fromDatabase(() =>
        createBooking(
          db,
          {
            userId: user.uid,
            // The emails go to the signed-in account, never to an address typed in the form: the
            // site must not mail strangers for whoever fills it in (docs/decisions/010-open-internet.md).
            accountEmail: user.email ?? null,
            maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
            actor: travellerActor(request),
            input,
            pkg,
            travellers: input.travellers ?? 1,
            idempotencyKey: key ?? null,
            today: today(),
            operationsEmail: options.operationsEmail ?? null,
          },
          options.batchLanes,
        ),
      );
      switch (outcome.kind) {
        case 'key-reused':
          return problem(reply, 422, msg('This Idempotency-Key was already used for a different booking.'));
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
      // The booking is built by toBooking (booking-row.ts), typed as the contract's Booking:
      // serialized as it is rather than checked against bookingSchema again, which was 4% of
      // the server's time per booking under npm run bench:api (bookings.test.ts checks it equals
      // what GET /api/bookings/:id, checked by the schema, answers).
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .header('Location', `/api/bookings/${outcome.booking.id}`)
        .serializer(JSON.stringify)
        .send(outcome.booking);
    },
  );

  api.get(
    '/api/bookings',
    {
      preValidation: authenticate,
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: 'My bookings, newest first',
        response: { 200: z.object({ bookings: z.array(bookingSchema) }) },
      }),
    },
    async (request, reply) => {
      // A booking staff made for this verified address becomes theirs first (./claim.ts).
      const bookings = await fromDatabase(() => listBookingsClaiming(db, request.user!));
      return noStore(reply).send({ bookings });
    },
  );

  api.get(
    '/api/bookings/:id',
    {
      preValidation: authenticate,
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: 'One of my bookings',
        description: 'Someone else’s booking answers exactly like one that does not exist: 404.',
        params: bookingIdParams,
        response: { 200: bookingSchema, ...errors.notFound },
      }),
    },
    async (request, reply) => {
      const booking = await fromDatabase(() => findBooking(db, request.user!.uid, request.params.id));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return noStore(reply).send(booking);
    },
  );

  api.post(
    '/api/bookings/:id/cancel',
    {
      bodyLimit: 1024,
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: 'Cancel one of my bookings',
        description: `Online until ${cutoffDays} days before the departure; after that 409 says whom to call.`,
        params: bookingIdParams,
        response: {
          200: bookingSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...errors.tooLarge,
        },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await fromDatabase(() =>
        changeBookingStatus(db, {
          bookingId: id,
          to: 'cancelled',
          actor: travellerActor(request),
          ownerId: request.user!.uid,
          cutoff: { days: cutoffDays, today: today() },
          offers: offerContext(options),
          operationsEmail: options.operationsEmail,
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'changed') options.onEmailQueued?.();
      return reply.header('Cache-Control', 'no-store').send(outcome.booking);
    },
  );

  api.post(
    '/api/bookings/:id/change',
    {
      bodyLimit: 1024,
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: 'Change the date or the party of one of my bookings',
        description: `{departureId?, travellers?}: another date of the same package, another party (1-12), or both. Seats are given back and taken in one transaction; the same values answer 200 and write nothing; not enough seats, a closed or past date 409 {message, seatsLeft}; within ${cutoffDays} days of the departure 409.`,
        ...changeRouteSchema,
        response: { ...changeRouteSchema.response },
      }),
    },
    async (request, reply) => {
      const answer = await answerChange(request.params.id, request.body, reply, options, {
        actor: travellerActor(request),
        ownerId: request.user!.uid,
        cutoff: { days: cutoffDays },
        operationsEmail: options.operationsEmail,
      });
      if (!answer) return reply;
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
}
