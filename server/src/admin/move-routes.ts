// POST /api/admin/departures/{id}/move: a departure that will not run moved to another date of its
// package in one step (server/src/moves/repository.ts). Registered inside adminRoutes: owners and
// operators (./access.ts), guides 403.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  adminBookingSchema,
  departureMoveResultSchema,
  departureMoveSchema,
  type DepartureMoveResult,
} from '#contracts/api';
import { defaultMaxHeldSeatsPerUser } from '../bookings/held-seats.js';
import { acceptMove, declineMove } from '../moves/repository.js';
import { findAdminBooking } from './bookings-queries.js';
import { defaultMoveOfferHours } from '#contracts/departure-risk';
import { type AppContext, todayOf } from '../context/app-context.js';
import { operatorActor } from '../context/actors.js';
import { consoleSchema, errors, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { bookingIdParams, departureIdParams, noStore } from '../http/route-parts.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { renderEmail } from '../mail/templates.js';
import { moveDeparture } from '../moves/repository.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { findAdminDeparture } from './departures-queries.js';
import { toAdminDeparture } from './departures-routes.js';

// What moving a departure reads of the app's context.
export type MoveRoutesContext = Pick<
  AppContext,
  'db' | 'packages' | 'today' | 'moveOfferHours' | 'onEmailQueued'
> &
  OfferOptions;

export async function moveRoutes(app: FastifyInstance, options: MoveRoutesContext) {
  const { db, packages } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = todayOf(options);
  const offerHours = options.moveOfferHours ?? defaultMoveOfferHours;

  api.post(
    '/api/admin/departures/:id/move',
    {
      bodyLimit: 16 * 1024,
      schema: consoleSchema({
        summary: 'Move a departure that will not run to another date of its package',
        description: `{toDepartureId, message?, dryRun?}: the departure closes; every active booking is offered the new date, its party's seats held there (they count as taken) for ${offerHours} hours, with an email; its waiting list is told the date will not run. A target without seats for every party: 409 {message, seatsNeeded, seatsLeft}. dryRun: true answers what would be sent, with the first party's email, and writes nothing.`,
        params: departureIdParams,
        body: departureMoveSchema,
        response: {
          200: departureMoveResultSchema,
          409: z.object({
            message: z.string(),
            seatsNeeded: z.optional(z.number()),
            seatsLeft: z.optional(z.number()),
          }),
          ...errors.notFound,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const body = request.body;
      const outcome = await fromDatabase(() =>
        moveDeparture(db, {
          departureId: request.params.id.toLowerCase(),
          toDepartureId: body.toDepartureId.toLowerCase(),
          message: body.message,
          dryRun: body.dryRun,
          actor: operatorActor(request),
          today: today(),
          offers: offerContext(options),
          offerHours,
        }),
      );
      switch (outcome.kind) {
        case 'not-found':
          return problem(reply, 404, 'No such departure.');
        case 'invalid':
          return fieldProblem(reply, outcome.fieldErrors);
        case 'conflict':
          return problem(reply, 409, outcome.message);
        case 'no-seats':
          return problem(reply, 409, outcome.message, {
            seatsNeeded: outcome.seatsNeeded,
            seatsLeft: outcome.seatsLeft,
          });
      }
      const result: DepartureMoveResult = {
        parties: outcome.parties,
        travellers: outcome.travellers,
        expiresAt: outcome.expiresAt,
        waitingTold: outcome.waitingTold,
      };
      if (outcome.kind === 'preview') {
        // As the first party will read it: the outbox worker renders the same template at send time.
        const email = outcome.firstEmail ? renderEmail('move-offered', outcome.firstEmail) : null;
        result.preview = email ? { subject: email.subject, text: email.text } : null;
      } else {
        if (outcome.parties + outcome.waitingTold > 0) options.onEmailQueued?.();
        const day = today();
        const [moved, target] = await fromDatabase(() =>
          Promise.all([
            findAdminDeparture(db, request.params.id),
            findAdminDeparture(db, body.toDepartureId),
          ]),
        );
        if (moved) result.departure = toAdminDeparture(moved, packages, day);
        if (target) result.target = toAdminDeparture(target, packages, day);
      }
      return noStore(reply).send(result);
    },
  );

  // Staff answer a move offer for the party (one without an account, who called): the same accept
  // or decline as the traveller's own, in the operator's name in the trail.
  for (const path of ['accept', 'decline'] as const) {
    api.post(
      `/api/admin/bookings/:id/move/${path}`,
      {
        bodyLimit: 1024,
        schema: consoleSchema({
          summary:
            path === 'accept'
              ? 'Take the new date the brand offered, for the party'
              : 'Decline the new date the brand offered, for the party',
          description:
            'For a party that answered by phone or email. As the traveller’s own answer (POST /api/bookings/{id}/move/' +
            path +
            '). No open offer: 409.',
          params: bookingIdParams,
          response: {
            200: adminBookingSchema,
            ...errors.notFound,
            ...errors.conflict,
            ...errors.tooLarge,
          },
        }),
      },
      async (request, reply) => {
        const id = request.params.id.toLowerCase();
        const run = path === 'accept' ? acceptMove : declineMove;
        const outcome = await fromDatabase(() =>
          run(db, {
            bookingId: id,
            actor: operatorActor(request),
            today: today(),
            offers: offerContext(options),
            maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
          }),
        );
        if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
        options.onEmailQueued?.();
        if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
        const booking = await fromDatabase(() => findAdminBooking(db, id));
        if (!booking) return problem(reply, 404, 'No such booking.');
        return noStore(reply).send(booking);
      },
    );
  }
}
