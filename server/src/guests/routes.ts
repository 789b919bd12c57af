// PUT /api/bookings/{id}/guests: the owner fills in the travellers' details, part now and the rest
// later (server/src/guests/repository.ts holds the rules).
import type { FastifyInstance } from 'fastify';
import { bookingSchema, guestsRequestSchema } from '#contracts/api';
import { defaultDetailsCutoffDays } from '#contracts/guests';
import { travellerApi } from '../auth/authenticate.js';
import { type AppContext, todayOf } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { perUserLimit } from '../context/write-limits.js';
import { errors, jsonBodyErrors, signedInSchema } from '../http/api-schemas.js';
import { bookingIdParams } from '../http/route-parts.js';
import { fromDatabase, problem, refusedBody } from '../http/problem.js';
import { saveGuests } from './repository.js';

// What a booking's travellers' details read of the app's context.
export type GuestsContext = Pick<
  AppContext,
  'db' | 'verifyToken' | 'today' | 'detailsCutoffDays' | 'rateLimitPerMinute'
>;

export async function guestsRoutes(app: FastifyInstance, options: GuestsContext) {
  const { db } = options;
  const { api, authenticate } = travellerApi(app, options.verifyToken);
  const today = todayOf(options);
  const cutoffDays = options.detailsCutoffDays ?? defaultDetailsCutoffDays;

  api.put(
    '/api/bookings/:id/guests',
    {
      // Twelve travellers with every field full, escaped: well under this.
      bodyLimit: 96 * 1024,
      preValidation: authenticate,
      config: { rateLimit: perUserLimit(options.rateLimitPerMinute, 'guest-writes') },
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: "Save the travellers' details of one of my bookings",
        description:
          'Exactly one entry per traveller, in order: {fullName, dateOfBirth, dietary, medical, emergencyName, ' +
          'emergencyPhone}. Any field may be empty and filled later; a filled one is checked (400 with ' +
          `fieldErrors keyed guests.{index}.{field}). A cancelled booking, or fewer than ${cutoffDays} days ` +
          'before the departure: 409. Someone else’s booking: 404.',
        params: bookingIdParams,
        body: guestsRequestSchema,
        response: {
          200: bookingSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        saveGuests(db, {
          bookingId: request.params.id,
          ownerId: request.user!.uid,
          body: request.body,
          actor: travellerActor(request),
          today: today(),
          cutoffDays,
        }),
      );
      switch (outcome.kind) {
        case 'not-found':
          return problem(reply, 404, 'No such booking.');
        case 'conflict':
          return problem(reply, 409, outcome.message);
        case 'invalid':
          return refusedBody(reply, outcome);
      }
      return reply.header('Cache-Control', 'no-store').send(outcome.booking);
    },
  );
}
