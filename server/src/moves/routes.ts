// A traveller's answer to the brand's offer of another date (./repository.ts): accept moves the
// booking, decline cancels it. Only the booking's owner: anyone else's is 404; no open offer 409.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { bookingSchema, uuidParam } from '#contracts/api';
import { todayIso } from '#contracts/iso-dates';
import { authenticator } from '../auth/authenticate.js';
import { defaultMaxHeldSeatsPerUser } from '../bookings/held-seats.js';
import type { AppContext } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { userWriteLimit } from '../context/write-limits.js';
import { errors, signedIn, signedInErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { fromDatabase, problem } from '../http/problem.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { acceptMove, declineMove, type AnswerOutcome, type AnswerRequest } from './repository.js';

const bookingId = z.object({ id: uuidParam('No such booking.') });

// What a traveller's answer to a moved departure reads of the app's context.
export type MoveAnswerContext = Pick<
  AppContext,
  'db' | 'verifyToken' | 'writeLimit' | 'rateLimitPerMinute' | 'today' | 'operationsEmail' | 'onEmailQueued'
> &
  OfferOptions;

export async function moveAnswerRoutes(app: FastifyInstance, options: MoveAnswerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = authenticator(options.verifyToken);
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);
  const today = options.today ?? (() => todayIso('UTC'));

  const answer = (
    path: 'accept' | 'decline',
    summary: string,
    description: string,
    run: (request: AnswerRequest) => Promise<AnswerOutcome>,
  ) =>
    api.post(
      `/api/bookings/:id/move/${path}`,
      {
        bodyLimit: 1024,
        preValidation: [authenticate, writeLimit],
        schema: {
          tags: ['Bookings'],
          summary,
          description,
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
        const outcome = await fromDatabase(() =>
          run({
            bookingId: request.params.id.toLowerCase(),
            ownerId: request.user!.uid,
            actor: travellerActor(request),
            today: today(),
            offers: offerContext(options),
            maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
            operationsEmail: options.operationsEmail,
          }),
        );
        if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
        options.onEmailQueued?.();
        if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
        return reply.header('Cache-Control', 'no-store').send(outcome.booking);
      },
    );

  answer(
    'accept',
    'Take the new date the brand offered',
    'The booking moves to the offered date as a change (details kept; a new calendar file in the email). No open offer: 409; past its deadline: 409, and the booking is cancelled as declined.',
    (request) => acceptMove(options.db, request),
  );
  answer(
    'decline',
    'Decline the new date the brand offered',
    'The booking is cancelled by the brand with the reason "The departure did not run": seats back, waiting lists offered. No open offer: 409.',
    (request) => declineMove(options.db, request),
  );
}
