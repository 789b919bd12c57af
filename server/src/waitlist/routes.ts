// The waiting list's API for travellers: join a full departure's list, see one's entries, leave,
// and accept an offer. Operators read a departure's list in server/src/admin/departures-routes.ts.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  acceptOfferSchema,
  bookingSchema,
  joinWaitlistSchema,
  seatsConflictSchema,
  uuidParam,
  waitlistEntrySchema,
} from '#contracts/api';
import { travellerApi } from '../auth/authenticate.js';
import { defaultMaxHeldSeatsPerUser } from '../bookings/held-seats.js';
import { type AppContext, packageNamer } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { userWriteLimit } from '../context/write-limits.js';
import { errors, jsonBodyErrors, signedInSchema } from '../http/api-schemas.js';
import { departureIdParams, noStore } from '../http/route-parts.js';
import { fromDatabase, problem } from '../http/problem.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { acceptOffer, joinWaitlist, leaveWaitlist, listWaitlist } from './repository.js';
import { msg } from '#contracts/i18n';

const entryId = z.object({ id: uuidParam('No such waiting-list entry.') });

// What the waiting list's routes read of the app's context.
export type WaitlistRoutesContext = Pick<
  AppContext,
  | 'db'
  | 'verifyToken'
  | 'writeLimit'
  | 'rateLimitPerMinute'
  | 'clock'
  | 'maxWaitingEntriesPerUser'
  | 'operationsEmail'
  | 'onEmailQueued'
> &
  OfferOptions;

export async function waitlistRoutes(app: FastifyInstance, options: WaitlistRoutesContext) {
  const { db, packages } = options;
  const { api, authenticate } = travellerApi(app, options.verifyToken);
  const packageName = packageNamer(packages);
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);
  const tags = ['Waiting list'];

  api.post(
    '/api/departures/:id/waitlist',
    {
      bodyLimit: 1024,
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags,
        summary: 'Join a full departure’s waiting list with the whole party',
        description:
          'Only while the departure is open and has fewer seats left than `travellers` (else 409 {message, seatsLeft}). Joining again answers 200 with the live entry.',
        params: departureIdParams,
        body: joinWaitlistSchema,
        response: {
          200: waitlistEntrySchema,
          201: waitlistEntrySchema,
          409: seatsConflictSchema,
          ...errors.notFound,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const user = request.user!;
      const outcome = await fromDatabase(() =>
        joinWaitlist(db, {
          departureId: request.params.id,
          userId: user.uid,
          userEmail: user.email ?? '',
          travellers: request.body.travellers,
          language: request.body.language ?? 'en',
          actor: travellerActor(request),
          now: options.clock?.() ?? new Date(),
          packageName,
          maxEntries: options.maxWaitingEntriesPerUser,
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, msg('No such departure.'));
      if (outcome.kind === 'conflict') {
        return problem(reply, 409, outcome.message, { seatsLeft: outcome.seatsLeft });
      }
      return reply
        .code(outcome.kind === 'created' ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .send(outcome.entry);
    },
  );

  api.get(
    '/api/waitlist',
    {
      preValidation: authenticate,
      schema: signedInSchema({
        tags,
        summary: 'My waiting-list entries, newest first',
        response: { 200: z.object({ entries: z.array(waitlistEntrySchema) }) },
      }),
    },
    async (request, reply) => {
      const entries = await fromDatabase(() => listWaitlist(db, request.user!.uid, packageName));
      return noStore(reply).send({ entries });
    },
  );

  api.delete(
    '/api/waitlist/:id',
    {
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags,
        summary: 'Leave a waiting list (an offer’s seats go to the next party that fits)',
        params: entryId,
        response: { 200: waitlistEntrySchema, ...errors.notFound, ...errors.conflict },
      }),
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        leaveWaitlist(db, {
          entryId: request.params.id,
          userId: request.user!.uid,
          actor: travellerActor(request),
          offers: offerContext(options),
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, msg('No such waiting-list entry.'));
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'left') options.onEmailQueued?.();
      return reply.header('Cache-Control', 'no-store').send(outcome.entry);
    },
  );

  api.post(
    '/api/waitlist/:id/accept',
    {
      bodyLimit: 8 * 1024,
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags,
        summary: 'Accept an offer: a requested booking on the held seats',
        description: 'Accepting again answers 200 with the same booking; an entry not offered is 409.',
        params: entryId,
        body: acceptOfferSchema,
        response: {
          200: bookingSchema,
          201: bookingSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        acceptOffer(db, {
          entryId: request.params.id,
          userId: request.user!.uid,
          input: request.body,
          accountEmail: request.user!.email ?? null,
          actor: travellerActor(request),
          packages,
          offers: offerContext(options),
          maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
          operationsEmail: options.operationsEmail ?? null,
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, msg('No such waiting-list entry.'));
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'expired') {
        options.onEmailQueued?.();
        return problem(reply, 409, outcome.message);
      }
      if (outcome.kind === 'created') options.onEmailQueued?.();
      return reply
        .code(outcome.kind === 'created' ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .header('Location', `/api/bookings/${outcome.booking.id}`)
        .send(outcome.booking);
    },
  );
}
