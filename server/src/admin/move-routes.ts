// POST /api/admin/departures/{id}/move: a departure that will not run moved to another date of its
// package in one step (server/src/moves/repository.ts). Registered inside adminRoutes: owners and
// operators (./access.ts), guides 403.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import {
  departureMoveResultSchema,
  departureMoveSchema,
  uuidParam,
  type DepartureMoveResult,
} from '#contracts/api';
import { defaultMoveOfferHours } from '#contracts/departure-risk';
import { todayIso } from '#contracts/iso-dates';
import type { AppContext } from '../context/app-context.js';
import { operatorActor } from '../context/actors.js';
import {
  consoleErrors,
  consoleRoute,
  errors,
  jsonBodyErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { renderEmail } from '../mail/templates.js';
import { moveDeparture } from '../moves/repository.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { findAdminDeparture } from './departures-queries.js';
import { toAdminDeparture } from './departures-routes.js';

const departureId = z.object({ id: uuidParam('No such departure.') });
const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

// What moving a departure reads of the app's context.
export type MoveRoutesContext = Pick<
  AppContext,
  'db' | 'packages' | 'today' | 'moveOfferHours' | 'onEmailQueued'
> &
  OfferOptions;

export async function moveRoutes(app: FastifyInstance, options: MoveRoutesContext) {
  const { db, packages } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = options.today ?? (() => todayIso('UTC'));
  const offerHours = options.moveOfferHours ?? defaultMoveOfferHours;

  api.post(
    '/api/admin/departures/:id/move',
    {
      bodyLimit: 16 * 1024,
      schema: {
        ...consoleRoute,
        summary: 'Move a departure that will not run to another date of its package',
        description: `{toDepartureId, message?, dryRun?}: the departure closes; every active booking is offered the new date, its party's seats held there (they count as taken) for ${offerHours} hours, with an email; its waiting list is told the date will not run. A target without seats for every party: 409 {message, seatsNeeded, seatsLeft}. dryRun: true answers what would be sent, with the first party's email, and writes nothing.`,
        params: departureId,
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
          ...consoleErrors,
        },
      },
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
}
