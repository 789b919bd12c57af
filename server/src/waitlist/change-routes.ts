// Changes in place (server/src/waitlist/change.ts): the traveller's route here, the operator's in
// server/src/admin/bookings-routes.ts, one reading of the body and one set of answers.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { bookingSchema, uuidParam } from '../../../src/contracts/api.js';
import { validateChange, type Booking } from '../../../src/contracts/booking.js';
import { todayIso } from '../../../src/contracts/iso-dates.js';
import { authenticator } from '../auth/authenticate.js';
import { defaultMaxHeldSeatsPerUser } from '../bookings/held-seats.js';
import { perUserLimit, travellerActor, type BookingsOptions } from '../bookings/routes.js';
import {
  errors,
  jsonBodyErrors,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { offerContext } from '../seats/offer-context.js';
import { changeBooking, type ChangeRequest } from './change.js';

const bookingId = z.object({ id: uuidParam('No such booking.') });

// POST .../change for travellers (with the cutoff) and operators (without): one reading of the body,
// one set of answers. The body is read by the shared contract (src/contracts/booking.ts), whose
// messages the change dialog shows as they are.
export async function answerChange(
  id: string,
  body: unknown,
  reply: FastifyReply,
  options: BookingsOptions,
  who: Pick<ChangeRequest, 'actor' | 'ownerId' | 'cutoff'>,
): Promise<Booking | null> {
  const checked = validateChange(body);
  if (!checked.success) {
    if (checked.fieldErrors) fieldProblem(reply, checked.fieldErrors);
    else problem(reply, 400, checked.message!);
    return null;
  }
  const today = options.today ?? (() => todayIso());
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

export async function changeRoutes(app: FastifyInstance, options: BookingsOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = authenticator(options.verifyToken);
  const cutoffDays = options.cancellationCutoffDays ?? 14;
  api.post(
    '/api/bookings/:id/change',
    {
      bodyLimit: 1024,
      preValidation: authenticate,
      config: { rateLimit: perUserLimit(options.rateLimitPerMinute, 'booking-changes') },
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
      });
      if (!answer) return reply;
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
}
