// A traveller's answer to the brand's offer of another date (./repository.ts): accept moves the
// booking, decline cancels it. Only the booking's owner: anyone else's is 404; no open offer 409.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { bookingSchema, moveLinkSchema, uuidParam } from '#contracts/api';
import { travellerApi } from '../auth/authenticate.js';
import { defaultMaxHeldSeatsPerUser } from '../bookings/held-seats.js';
import { type AppContext, todayOf } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { userWriteLimit } from '../context/write-limits.js';
import { errors, signedIn, signedInErrors } from '../http/api-schemas.js';
import { fromDatabase, problem } from '../http/problem.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { isGuestToken } from '../guest-links/tokens.js';
import {
  acceptMove,
  declineMove,
  readMoveLink,
  type AnswerOutcome,
  type AnswerRequest,
  type MoveLinkView,
} from './repository.js';

const bookingId = z.object({ id: uuidParam('No such booking.') });

export const unknownMoveLinkMessage =
  'This link does not work. Please call us or reply to the email we sent you, and we will answer for you.';
// Any token that is not one answers as an unknown one.
const moveToken = z.object({ token: z.string().check(z.refine(isGuestToken, unknownMoveLinkMessage)) });

const linkAnswer = (view: MoveLinkView) => ({
  reference: view.reference,
  packageName: view.packageName,
  startsOn: view.startsOn,
  newStartsOn: view.newStartsOn,
  expiresAt: view.expiresAt,
  travellers: view.travellers,
  price: view.price,
  newPrice: view.newPrice,
  state: view.state,
});

// What a traveller's answer to a moved departure reads of the app's context.
export type MoveAnswerContext = Pick<
  AppContext,
  'db' | 'verifyToken' | 'writeLimit' | 'rateLimitPerMinute' | 'today' | 'operationsEmail' | 'onEmailQueued'
> &
  OfferOptions;

export async function moveAnswerRoutes(app: FastifyInstance, options: MoveAnswerContext) {
  const { api, authenticate } = travellerApi(app, options.verifyToken);
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);
  const today = todayOf(options);

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

  // A party without an account (a phone booking) answers through its personal link
  // (/moves/{token}): no sign-in, the token is the key. Not counted in any user's budget: the
  // public limit per client address counts these calls (server/src/public-limit.ts).
  const privateAnswer = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
  api.get(
    '/api/move-offers/:token',
    {
      schema: {
        tags: ['Bookings'],
        summary: 'A party’s personal link to the brand’s offer of another date',
        description: 'No sign-in. An unknown token: 404. Answers the offer, open or how it ended.',
        params: moveToken,
        response: { 200: moveLinkSchema, ...errors.notFound, ...errors.unavailable },
      },
    },
    async (request, reply) => {
      const view = await fromDatabase(() => readMoveLink(options.db, request.params.token));
      if (!view) return problem(reply, 404, unknownMoveLinkMessage);
      return reply.headers(privateAnswer).send(linkAnswer(view));
    },
  );
  for (const path of ['accept', 'decline'] as const) {
    api.post(
      `/api/move-offers/:token/${path}`,
      {
        bodyLimit: 1024,
        schema: {
          tags: ['Bookings'],
          summary: path === 'accept' ? 'Take the new date, through the personal link' : 'Decline the new date, through the personal link',
          description: 'No sign-in. As POST /api/bookings/{id}/move/' + path + ' for a party without an account. No open offer: 409.',
          params: moveToken,
          response: { 200: moveLinkSchema, ...errors.notFound, ...errors.conflict, ...errors.unavailable },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const view = await fromDatabase(() => readMoveLink(options.db, token));
        if (!view) return problem(reply, 404, unknownMoveLinkMessage);
        const run = path === 'accept' ? acceptMove : declineMove;
        const outcome = await fromDatabase(() =>
          run(options.db, {
            bookingId: view.bookingId,
            actor: { type: 'traveller', name: 'the party (personal link)' },
            today: today(),
            offers: offerContext(options),
            maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
            operationsEmail: options.operationsEmail,
          }),
        );
        if (outcome.kind === 'not-found') return problem(reply, 404, unknownMoveLinkMessage);
        options.onEmailQueued?.();
        if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
        const after = await fromDatabase(() => readMoveLink(options.db, token));
        return reply.headers(privateAnswer).send(linkAnswer(after ?? view));
      },
    );
  }

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
