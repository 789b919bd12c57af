// The traveller's own data (the account's export and its deletion): GET /api/me/export and
// DELETE /api/me. docs/decisions/025-account-export-and-erasure.md explains what stays.
import type { FastifyInstance } from 'fastify';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { accountDeletedSchema, accountExportSchema, signInAgainMessage } from '#contracts/me';
import { todayIso } from '#contracts/iso-dates';
import { travellerApi } from '../auth/authenticate.js';
import { listBookings } from '../bookings/repository.js';
import { changeBookingStatus } from '../bookings/status.js';
import { type AppContext, packageNamer } from '../context/app-context.js';
import { travellerActor } from '../context/actors.js';
import { signedIn, signedInErrors } from '../http/api-schemas.js';
import { fromDatabase, problem } from '../http/problem.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { leaveWaitlist, listWaitlist } from '../waitlist/repository.js';
import { accountExport, eraseAccountData, invitedAddresses, sentEmails } from './repository.js';

// Deleting the account needs a fresh sign-in: a token left on a shared computer cannot do it.
const freshSignInMs = 5 * 60 * 1000;

// Deletes the identity account with firebase-admin (AppContext.deleteIdentity, set by
// server/src/main.ts).
export const firebaseIdentityDeleter = (projectId: string) => async (uid: string) => {
  const app =
    getApps().find((a) => a.name === 'account-deletion') ?? initializeApp({ projectId }, 'account-deletion');
  try {
    await getAuth(app).deleteUser(uid);
  } catch (error) {
    // Already gone (a second request): the data is erased either way.
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
};

// What a traveller's account routes read of the app's context.
export type MeRoutesContext = Pick<
  AppContext,
  'db' | 'verifyToken' | 'today' | 'operationsEmail' | 'deleteIdentity' | 'onEmailQueued'
> &
  OfferOptions;

export async function meRoutes(app: FastifyInstance, options: MeRoutesContext) {
  const { db, packages } = options;
  const { api, authenticate } = travellerApi(app, options.verifyToken);
  const packageName = packageNamer(packages);
  const tags = ['Account'];

  api.get(
    '/api/me/export',
    {
      preValidation: authenticate,
      schema: {
        tags,
        summary: 'Everything stored about my account, as a JSON file',
        security: signedIn,
        response: { 200: accountExportSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const [bookings, waitingList, invitations, emails] = await fromDatabase(() =>
        Promise.all([
          listBookings(db, user.uid, 10_000),
          listWaitlist(db, user.uid, packageName, 10_000),
          invitedAddresses(db, user.uid),
          sentEmails(db, user.uid, user.email),
        ]),
      );
      return reply
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Disposition',
          `attachment; filename="wayfarer-tours-my-data-${todayIso('UTC')}.json"`,
        )
        .send(accountExport(user, bookings, waitingList, invitations, emails));
    },
  );

  api.delete(
    '/api/me',
    {
      preValidation: authenticate,
      schema: {
        tags,
        summary: 'Delete my account: future bookings cancelled, personal data erased',
        description:
          'Needs a sign-in within the last 5 minutes (the token’s auth_time), else 401 "Sign in again".',
        security: signedIn,
        response: { 200: accountDeletedSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const now = options.clock?.() ?? new Date();
      if (!user.authTime || user.authTime < now.getTime() - freshSignInMs) {
        return problem(reply, 401, signInAgainMessage);
      }
      const actor = travellerActor(request);
      const today = options.today?.() ?? todayIso('UTC', now);
      const bookings = await fromDatabase(() => listBookings(db, user.uid, 10_000));
      let cancelled = 0;
      // Each cancellation in its own transaction with its audit row and emails, as any: seats
      // back, the waiting list offered them, the brand told (OPERATIONS_EMAIL).
      for (const booking of bookings) {
        if (booking.status === 'cancelled' || !booking.startsOn || booking.startsOn <= today) continue;
        const outcome = await fromDatabase(() =>
          changeBookingStatus(db, {
            bookingId: booking.id,
            to: 'cancelled',
            actor,
            ownerId: user.uid,
            reason: 'The traveller deleted their account',
            offers: offerContext(options),
            operationsEmail: options.operationsEmail,
          }),
        );
        if (outcome.kind === 'changed') cancelled++;
      }
      const entries = await fromDatabase(() => listWaitlist(db, user.uid, packageName, 10_000));
      for (const entry of entries) {
        if (entry.status !== 'waiting' && entry.status !== 'offered') continue;
        await fromDatabase(() =>
          leaveWaitlist(db, { entryId: entry.id, userId: user.uid, actor, offers: offerContext(options) }),
        );
      }
      await fromDatabase(() => eraseAccountData(db, user.uid, user.email));
      if (!options.deleteIdentity) throw new Error('deleteIdentity is not configured');
      await options.deleteIdentity(user.uid);
      options.onEmailQueued?.();
      return reply.header('Cache-Control', 'no-store').send({
        message: 'Your account was deleted and your personal data erased.',
        cancelled,
      });
    },
  );
}
