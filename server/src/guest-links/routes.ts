// Each traveller fills in their own details (server/src/guest-links/repository.ts holds the rules):
// the lead's invitation, and the personal link's read and save. The link's routes take no sign-in:
// the token is the key. They carry no Bearer token, so the public limit per client address
// (server/src/public-limit.ts) counts every call, guessing included.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { problemSchema, uuidParam } from '#contracts/api';
import {
  guestLinkSaveSchema,
  guestLinkSchema,
  inviteRequestSchema,
  inviteResultSchema,
} from '#contracts/guest-links';
import { defaultDetailsCutoffDays } from '#contracts/guests';
import { travellerApi } from '../auth/authenticate.js';
import { IdentityProviderUnavailableError } from '../auth/verify-token.js';
import { type AppContext, todayOf } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { userWriteLimit } from '../context/write-limits.js';
import { errors, jsonBodyErrors, signedInSchema } from '../http/api-schemas.js';
import { fromDatabase, problem, signInCheckUnavailable } from '../http/problem.js';
import { inviteGuest, readGuestLink, saveGuestLink, unknownLinkMessage } from './repository.js';
import { leadNameOf } from './lead-name.js';
import { defaultInvitesPerDay } from './invite-limits.js';
import { isGuestToken } from './tokens.js';

// A traveller's position in the URL: 1 for the second (the lead, 0, fills in their own).
const indexParam = z
  .string()
  .check(z.refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1, 'There is no such traveller to invite.'));

// Any token that is not one answers as an unknown one: nothing tells a forged token from a
// replaced one.
const tokenParam = z.object({ token: z.string().check(z.refine(isGuestToken, unknownLinkMessage)) });

// What travellers' personal links read of the app's context.
export type GuestLinksContext = Pick<
  AppContext,
  | 'db'
  | 'verifyToken'
  | 'today'
  | 'detailsCutoffDays'
  | 'rateLimitPerMinute'
  | 'onEmailQueued'
  | 'writeLimit'
  | 'invitesPerDay'
>;

export async function guestLinksRoutes(app: FastifyInstance, options: GuestLinksContext) {
  const { db } = options;
  const { api, authenticate } = travellerApi(app, options.verifyToken);
  const today = todayOf(options);
  const cutoffDays = options.detailsCutoffDays ?? defaultDetailsCutoffDays;
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);
  const invitesPerDay = options.invitesPerDay ?? defaultInvitesPerDay;
  const addressConfirmedNow = (uid: string) =>
    options.verifyToken.emailVerifiedNow ? options.verifyToken.emailVerifiedNow(uid) : false;

  api.post(
    '/api/bookings/:id/guests/:index/invite',
    {
      bodyLimit: 4 * 1024,
      // In the user's one write budget (the same count as POST /api/bookings): invitations are
      // emails to addresses the user types; INVITES_PER_DAY caps them a day besides.
      preValidation: [authenticate, writeLimit],
      schema: signedInSchema({
        tags: ['Bookings'],
        summary: 'Invite a traveller of my booking to fill in their own details',
        description:
          'index >= 1 (the lead fills in their own). The account must have a verified email (403). ' +
          'The traveller gets an email with a personal link /travellers/{token}, valid until the details ' +
          'cutoff; a new invitation replaces the old link. At most `travellers` invitations per booking a ' +
          'day, and INVITES_PER_DAY per account across its bookings (429). The email names the lead by the ' +
          'account’s display name, in its body only. A cancelled booking or past the cutoff: 409. Someone else’s booking: 404.',
        params: z.object({ id: uuidParam('No such booking.'), index: indexParam }),
        body: inviteRequestSchema,
        response: {
          202: inviteResultSchema,
          ...errors.forbidden,
          ...errors.notFound,
          ...errors.conflict,
          429: problemSchema,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      // A token made before the address was confirmed still says "unverified": the identity
      // provider has the last word, so nobody needs to sign in again after confirming.
      let confirmed = request.user!.emailVerified === true;
      try {
        confirmed ||= await addressConfirmedNow(request.user!.uid);
      } catch (error) {
        if (!(error instanceof IdentityProviderUnavailableError)) throw error;
        request.log.error({ err: error.cause }, 'email verification check failed');
        return signInCheckUnavailable(reply);
      }
      if (!confirmed) {
        return problem(
          reply,
          403,
          'Please confirm your email address first: we send invitations only from accounts whose address is confirmed.',
        );
      }
      const index = Number(request.params.index);
      const outcome = await fromDatabase(() =>
        inviteGuest(db, {
          bookingId: request.params.id,
          ownerId: request.user!.uid,
          index,
          email: request.body.email,
          leadName: leadNameOf(request.user!),
          perDay: invitesPerDay,
          actor: travellerActor(request),
          today: today(),
          cutoffDays,
        }),
      );
      switch (outcome.kind) {
        case 'not-found':
          return problem(reply, 404, outcome.message);
        case 'conflict':
          return problem(reply, 409, outcome.message);
        case 'too-many':
          return problem(reply, 429, outcome.message);
      }
      options.onEmailQueued?.();
      return reply
        .code(202)
        .header('Cache-Control', 'no-store')
        .send({
          message: `Invitation sent to traveller ${index + 1}.`,
          index,
          inviteStatus: outcome.complete ? 'complete' : 'invited',
        });
    },
  );

  const linkSchema = {
    tags: ['Travellers’ own details'],
    params: tokenParam,
  };
  const privateAnswer = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };

  api.get(
    '/api/guest-links/:token',
    {
      schema: {
        ...linkSchema,
        summary: 'What a traveller’s personal link opens: the trip and their own details',
        description:
          'No sign-in. An unknown or replaced link: 404. A cancelled booking or past the details cutoff: 409.',
        response: { 200: guestLinkSchema, ...errors.notFound, ...errors.conflict, ...errors.unavailable },
      },
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        readGuestLink(db, { token: request.params.token, today: today(), cutoffDays }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, unknownLinkMessage);
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'invalid') return problem(reply, 400, outcome.message);
      return reply.headers(privateAnswer).send(outcome.link);
    },
  );

  api.put(
    '/api/guest-links/:token',
    {
      bodyLimit: 16 * 1024,
      schema: {
        ...linkSchema,
        summary: 'Save a traveller’s own details through their personal link',
        description:
          'The same rules as the lead’s form: any field may be empty; a filled one is checked (400 with ' +
          'fieldErrors keyed guest.{field}). No sign-in. Unknown or replaced link: 404. A cancelled booking ' +
          'or past the details cutoff: 409.',
        body: guestLinkSaveSchema,
        response: {
          200: guestLinkSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
          ...errors.unavailable,
        },
      },
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        saveGuestLink(db, { token: request.params.token, body: request.body, today: today(), cutoffDays }),
      );
      switch (outcome.kind) {
        case 'not-found':
          return problem(reply, 404, unknownLinkMessage);
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
      return reply.headers(privateAnswer).send(outcome.link);
    },
  );
}
