import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import {
  bookingRequestSchema,
  bookingSchema,
  heldSeatsConflictSchema,
  seatsConflictSchema,
  uuidParam,
  type Booking,
} from '#contracts/api';
import { validateChange } from '#contracts/booking';
import type { Actor } from '../audit/audit.js';
import { authenticator } from '../auth/authenticate.js';
import type { TokenVerifier } from '../auth/verified-user.js';
import type { Database } from '../db/database.js';
import { todayIso } from '#contracts/iso-dates';
import {
  errors,
  jsonBodyErrors,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { defaultMaxHeldSeatsPerUser } from './held-seats.js';
import type { ServerPackage } from '../catalog/packages.js';
import type { Catalogue } from '../catalog/store.js';
import { createBooking, findBooking } from './repository.js';
import { offerContext } from '../seats/offer-context.js';
import { changeBooking, type ChangeRequest } from './change.js';
import { changeBookingStatus } from './status.js';
import { listBookingsClaiming } from './claim.js';
import type { StaffDirectory } from '../auth/staff-directory.js';

export type BookingsOptions = {
  db: Database;
  verifyToken: TokenVerifier;
  // Every package by id, any status: the catalogue's live Map (server/src/catalog/store.ts).
  packages: Map<string, ServerPackage>;
  // The catalogue itself (buildApp sets it): its console routes and the package's questions.
  catalogue?: Catalogue;
  // Booking writes per signed-in user and minute.
  rateLimitPerMinute: number;
  // A user's seats in bookings awaiting confirmation, at most (MAX_HELD_SEATS_PER_USER).
  maxHeldSeatsPerUser?: number;
  // Live waiting-list entries (waiting or offered) per user, at most (MAX_WAITING_ENTRIES_PER_USER).
  maxWaitingEntriesPerUser?: number;
  // Online cancellation closes this many days before the departure.
  cancellationCutoffDays?: number;
  // Travellers' details can be changed online until this many days before the departure.
  detailsCutoffDays?: number;
  // Invitations to fill in one's own details, per account a day across its bookings
  // (INVITES_PER_DAY, default 20: server/src/guest-links/repository.ts).
  invitesPerDay?: number;
  // The day bookings and cancellations are judged against; tests move it.
  today?: () => string;
  // Booking batches of this process in the database at once (BOOKING_BATCH_LANES;
  // repository.ts says why one is the default).
  batchLanes?: number;
  // The clock waiting-list offers are made and lapse by; tests move it.
  clock?: () => Date;
  // How long a waiting-list offer holds its seats (WAITLIST_OFFER_HOURS).
  waitlistOfferHours?: number;
  // A new departure's go/no-go date is this many days before it (DECISION_DAYS, default 30).
  decisionDays?: number;
  // How long a moved departure's offer holds each party's seats (MOVE_OFFER_HOURS, default 72).
  moveOfferHours?: number;
  // The brand's operations inbox (OPERATIONS_EMAIL): a copy of each new request and each
  // traveller's cancellation. Unset: nobody is copied.
  operationsEmail?: string;
  // Rows a query while writing the console's CSV (server/src/admin/bookings-routes.ts); tests
  // make it small to see the export read in pages.
  exportPageSize?: number;
  // Deletes an identity account (DELETE /api/me, server/src/me/routes.ts): firebase-admin's
  // deleteUser in server/src/main.ts.
  deleteIdentity?: (uid: string) => Promise<void>;
  // Told after a commit that queued emails, so the outbox worker need not wait for its next poll.
  onEmailQueued?: () => void;
  // The accounts behind the staff's roles (firebase-admin): the console's staff screen.
  staffDirectory?: StaffDirectory;
  // The one write budget each user has (BOOKING_RATE_LIMIT a minute), shared by booking,
  // cancelling, changing and the waiting list's writes: made once (server/src/api-routes.ts) so
  // every route counts into the same store. Without it a plugin makes its own.
  writeLimit?: preValidationAsyncHookHandler;
};

// Printable ASCII, as the IETF Idempotency-Key draft and common clients (UUIDs) use. A loose
// object: the route reads this header, and every other header stays as it came.
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.optional(
    z
      .string()
      .check(
        z.regex(
          /^[\x21-\x7e]{1,128}$/,
          'The Idempotency-Key header must be 1 to 128 visible ASCII characters.',
        ),
      ),
  ),
});

const bookingId = z.object({ id: uuidParam('No such booking.') });

export const travellerActor = (request: FastifyRequest): Actor => ({
  type: 'traveller',
  name: request.user!.email ?? request.user!.uid,
});

// Booking writes are limited per signed-in user, after the token check and before the body is
// read (both preValidation hooks, in that order): users behind one proxy do not share a budget,
// and no X-Forwarded-For can lift the limit.
export const perUserLimit = (max: number, groupId: string) => ({
  max,
  timeWindow: '1 minute',
  hook: 'preValidation' as const,
  groupId,
  keyGenerator: (request: FastifyRequest) => `user:${request.user?.uid ?? request.ip}`,
});

// The shared write budget as a preValidation hook, after the token check.
export const userWriteLimit = (app: FastifyInstance, max: number): preValidationAsyncHookHandler =>
  app.rateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `writes:${request.user?.uid ?? request.ip}`,
  });

// POST .../change for travellers (with the cutoff) and operators (without): one reading of the body,
// one set of answers. The body is read by the shared contract (contracts/booking.ts), whose
// messages the change dialog shows as they are.
export async function answerChange(
  id: string,
  body: unknown,
  reply: FastifyReply,
  options: BookingsOptions,
  who: Pick<ChangeRequest, 'actor' | 'ownerId' | 'cutoff' | 'operationsEmail'>,
): Promise<Booking | null> {
  const checked = validateChange(body);
  if (!checked.success) {
    if (checked.fieldErrors) fieldProblem(reply, checked.fieldErrors);
    else problem(reply, 400, checked.message!);
    return null;
  }
  const today = options.today ?? (() => todayIso('UTC'));
  const outcome = await fromDatabase(() =>
    changeBooking(options.db, {
      bookingId: id,
      change: checked.data,
      today: today(),
      offers: offerContext(options),
      maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
      ...who,
    }),
  );
  switch (outcome.kind) {
    case 'not-found':
      problem(reply, 404, 'No such booking.');
      return null;
    case 'invalid':
      fieldProblem(reply, outcome.fieldErrors);
      return null;
    case 'conflict':
      problem(reply, 409, outcome.message);
      return null;
    case 'held-seats':
      problem(reply, 409, outcome.message, { heldSeats: outcome.heldSeats });
      return null;
    case 'no-seats':
      problem(reply, 409, outcome.message, { seatsLeft: outcome.seatsLeft });
      return null;
    case 'changed':
      options.onEmailQueued?.();
  }
  return outcome.booking;
}

// What POST .../change declares: any JSON body (validateChange reads it), the booking or a refusal.
export const changeRouteSchema = {
  params: bookingId,
  body: z.unknown(),
  response: {
    200: bookingSchema,
    ...jsonBodyErrors,
    ...errors.notFound,
    ...errors.conflict,
  },
};

export async function bookingsRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db, packages } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = authenticator(options.verifyToken);
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);
  const today = options.today ?? (() => todayIso('UTC'));
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
      schema: {
        tags: ['Bookings'],
        summary: 'Book a trip',
        description:
          'Books the chosen departure, or without departureId the earliest open one with enough ' +
          'seats. An Idempotency-Key makes a retry answer the first booking (Idempotent-Replayed: true).',
        security: signedIn,
        headers: idempotencyHeaders,
        body: bookingRequestSchema,
        response: {
          201: bookingSchema,
          409: z.union([seatsConflictSchema, heldSeatsConflictSchema]),
          ...jsonBodyErrors,
          ...errors.unprocessable,
          ...signedInErrors,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const key = request.headers['idempotency-key'];
      const input = request.body;
      const pkg = packages.get(input.packageId);
      // Drafts and archived packages are not for sale (bookings already made keep working).
      if (!pkg || pkg.status !== 'published')
        return fieldProblem(reply, { packageId: 'This package does not exist.' });

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
      schema: {
        tags: ['Bookings'],
        summary: 'My bookings, newest first',
        security: signedIn,
        response: { 200: z.object({ bookings: z.array(bookingSchema) }), ...signedInErrors },
      },
    },
    async (request, reply) => {
      // A booking staff made for this verified address becomes theirs first (./claim.ts).
      const bookings = await fromDatabase(() => listBookingsClaiming(db, request.user!));
      return reply.header('Cache-Control', 'private, no-store').send({ bookings });
    },
  );

  api.get(
    '/api/bookings/:id',
    {
      preValidation: authenticate,
      schema: {
        tags: ['Bookings'],
        summary: 'One of my bookings',
        description: 'Someone else’s booking answers exactly like one that does not exist: 404.',
        security: signedIn,
        params: bookingId,
        response: { 200: bookingSchema, ...errors.notFound, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const booking = await fromDatabase(() => findBooking(db, request.user!.uid, request.params.id));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return reply.header('Cache-Control', 'private, no-store').send(booking);
    },
  );

  api.post(
    '/api/bookings/:id/cancel',
    {
      bodyLimit: 1024,
      preValidation: [authenticate, writeLimit],
      schema: {
        tags: ['Bookings'],
        summary: 'Cancel one of my bookings',
        description: `Online until ${cutoffDays} days before the departure; after that 409 says whom to call.`,
        security: signedIn,
        params: bookingId,
        response: {
          200: bookingSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...errors.tooLarge,
          ...signedInErrors,
        },
      },
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
      schema: {
        tags: ['Bookings'],
        summary: 'Change the date or the party of one of my bookings',
        description: `{departureId?, travellers?}: another date of the same package, another party (1-12), or both. Seats are given back and taken in one transaction; the same values answer 200 and write nothing; not enough seats, a closed or past date 409 {message, seatsLeft}; within ${cutoffDays} days of the departure 409.`,
        security: signedIn,
        ...changeRouteSchema,
        response: { ...changeRouteSchema.response, ...signedInErrors },
      },
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
