// POST .../change for travellers (server/src/bookings/routes.ts, with the cutoff) and operators
// (server/src/admin/bookings-routes.ts, without): one reading of the body, one set of answers. The
// body is read by the shared contract (contracts/booking.ts), whose messages the change dialog
// shows as they are.
import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { bookingSchema, type Booking } from '#contracts/api';
import { validateChange } from '#contracts/booking';
import { type AppContext, todayOf } from '../context/app-context.js';
import { errors, jsonBodyErrors } from '../http/api-schemas.js';
import { bookingIdParams } from '../http/route-parts.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { changeBooking, type ChangeRequest } from './change.js';
import { msg } from '#contracts/i18n';
import { defaultMaxHeldSeatsPerUser } from './held-seats.js';

// What answerChange reads of the app's context.
export type ChangeAnswerContext = Pick<AppContext, 'db' | 'today' | 'onEmailQueued'> & OfferOptions;

export async function answerChange(
  id: string,
  body: unknown,
  reply: FastifyReply,
  options: ChangeAnswerContext,
  who: Pick<ChangeRequest, 'actor' | 'ownerId' | 'cutoff' | 'operationsEmail'>,
): Promise<Booking | null> {
  const checked = validateChange(body);
  if (!checked.success) {
    if (checked.fieldErrors) fieldProblem(reply, checked.fieldErrors);
    else problem(reply, 400, checked.message!);
    return null;
  }
  const today = todayOf(options);
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
      problem(reply, 404, msg('No such booking.'));
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
  params: bookingIdParams,
  body: z.unknown(),
  response: {
    200: bookingSchema,
    ...jsonBodyErrors,
    ...errors.notFound,
    ...errors.conflict,
  },
};
