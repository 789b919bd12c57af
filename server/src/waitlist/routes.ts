// The waiting list's API for travellers: join a full departure's list, see one's entries, leave,
// and accept an offer. Operators read a departure's list in server/src/admin/departures-routes.ts.
import type { FastifyInstance } from 'fastify';
import { isUuid, validateBooking } from '../../../src/contracts/booking.js';
import { isTravellers, travellersMessage } from '../../../src/contracts/waitlist.js';
import { authenticator } from '../auth/authenticate.js';
import { perUserLimit, travellerActor, type BookingsOptions } from '../bookings/routes.js';
import { defaultMaxHeldSeatsPerUser } from '../bookings/held-seats.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { offerContext } from './context.js';
import { acceptOffer, joinWaitlist, leaveWaitlist, listWaitlist } from './repository.js';

type ById = { Params: { id: string } };

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

export async function waitlistRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db, packages } = options;
  const authenticate = authenticator(options.verifyToken);
  const packageName = (id: string) => packages.get(id)?.name ?? id;
  const writes = { rateLimit: perUserLimit(options.rateLimitPerMinute, 'waitlist-writes') };

  app.post<ById>(
    '/api/departures/:id/waitlist',
    { bodyLimit: 1024, preHandler: authenticate, config: writes },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return problem(reply, 404, 'No such departure.');
      if (!isObject(request.body))
        return problem(reply, 400, 'The request could not be read: send a JSON object.');
      const { travellers } = request.body;
      if (!isTravellers(travellers)) return fieldProblem(reply, { travellers: travellersMessage });
      const user = request.user!;
      const now = options.clock?.() ?? new Date();
      const outcome = await fromDatabase(() =>
        joinWaitlist(db, {
          departureId: id,
          userId: user.uid,
          userEmail: user.email ?? '',
          travellers,
          actor: travellerActor(request),
          now,
          packageName,
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such departure.');
      if (outcome.kind === 'conflict')
        return problem(reply, 409, outcome.message, { seatsLeft: outcome.seatsLeft });
      return reply
        .code(outcome.kind === 'created' ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .send(outcome.entry);
    },
  );

  app.get('/api/waitlist', { preHandler: authenticate }, async (request, reply) => {
    const entries = await fromDatabase(() => listWaitlist(db, request.user!.uid, packageName));
    return reply.header('Cache-Control', 'private, no-store').send({ entries });
  });

  app.delete<ById>(
    '/api/waitlist/:id',
    { preHandler: authenticate, config: writes },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return problem(reply, 404, 'No such waiting-list entry.');
      const outcome = await fromDatabase(() =>
        leaveWaitlist(db, {
          entryId: id,
          userId: request.user!.uid,
          actor: travellerActor(request),
          offers: offerContext(options),
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such waiting-list entry.');
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'left') options.onEmailQueued?.();
      return reply.header('Cache-Control', 'no-store').send(outcome.entry);
    },
  );

  app.post<ById>(
    '/api/waitlist/:id/accept',
    { bodyLimit: 8 * 1024, preHandler: authenticate, config: writes },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return problem(reply, 404, 'No such waiting-list entry.');
      if (!isObject(request.body))
        return problem(reply, 400, 'The booking could not be read: send a JSON object.');
      const { name, email, address, phone } = request.body;
      // The same rules as POST /api/bookings; the package, date and party come from the offer.
      const checked = validateBooking({ packageId: 'offer', name, email, address, phone });
      if (!checked.success) return fieldProblem(reply, checked.fieldErrors);
      const outcome = await fromDatabase(() =>
        acceptOffer(db, {
          entryId: id,
          userId: request.user!.uid,
          input: checked.data,
          accountEmail: request.user!.email ?? null,
          actor: travellerActor(request),
          packages,
          offers: offerContext(options),
          maxHeldSeats: options.maxHeldSeatsPerUser ?? defaultMaxHeldSeatsPerUser,
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such waiting-list entry.');
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      if (outcome.kind === 'expired') {
        options.onEmailQueued?.();
        return problem(reply, 409, outcome.message);
      }
      if (outcome.kind === 'created') options.onEmailQueued?.();
      return reply
        .code(outcome.kind === 'created' ? 201 : 200)
        .header('Cache-Control', 'no-store')
        .header('Location', `/api/bookings/${outcome.booking.id}`)
        .send(outcome.booking);
    },
  );
}
