// PUT /api/bookings/{id}/guests: the owner fills in the travellers' details, part now and the rest
// later (server/src/guests/repository.ts holds the rules).
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../src/contracts/booking.js';
import { defaultDetailsCutoffDays } from '../../../src/contracts/guests.js';
import { authenticator } from '../auth/authenticate.js';
import { perUserLimit, travellerActor, type BookingsOptions } from '../bookings/routes.js';
import { todayIso } from '../departures/dates.js';
import { fromDatabase, problem } from '../http/problem.js';
import { saveGuests } from './repository.js';

export async function guestsRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db } = options;
  const authenticate = authenticator(options.verifyToken);
  const today = options.today ?? (() => todayIso());
  const cutoffDays = options.detailsCutoffDays ?? defaultDetailsCutoffDays;

  app.put<{ Params: { id: string } }>(
    '/api/bookings/:id/guests',
    {
      // Twelve travellers with every field full, escaped: well under this.
      bodyLimit: 96 * 1024,
      preHandler: authenticate,
      config: { rateLimit: perUserLimit(options.rateLimitPerMinute, 'guest-writes') },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return problem(reply, 404, 'No such booking.');
      const outcome = await fromDatabase(() =>
        saveGuests(db, {
          bookingId: id,
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
          return problem(
            reply,
            400,
            outcome.message,
            outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {},
          );
      }
      return reply.header('Cache-Control', 'no-store').send(outcome.booking);
    },
  );
}
