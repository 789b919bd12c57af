// POST /api/admin/bookings: a booking staff take on the phone. It goes through the travellers'
// booking writer (server/src/bookings/repository.ts createBooking), so its seats are decided under
// the departure's row lock like every other booking: never oversold, whatever number of processes.
// The held-seat cap is for travellers, not for the brand; the booking belongs to no account until
// its traveller signs in with that email (server/src/bookings/claim.ts); its emails go to the
// address staff typed, unless they ask for none; its history names the operator.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { adminBookingSchema, seatsConflictSchema } from '#contracts/api';
import { staffBookingSchema } from '#contracts/staff';
import { unclaimedUserId } from '../bookings/claim.js';
import { createBooking } from '../bookings/repository.js';
import { type AppContext, todayOf } from '../context/app-context.js';
import { operatorActor } from '../context/actors.js';
import { consoleSchema, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { findAdminBooking } from './bookings-queries.js';

// What the staff's booking form reads of the app's context.
export type NewBookingContext = Pick<
  AppContext,
  'db' | 'packages' | 'today' | 'batchLanes' | 'onEmailQueued'
>;

export async function newBookingRoutes(app: FastifyInstance, options: NewBookingContext) {
  const { db, packages } = options;
  const today = todayOf(options);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/bookings',
    {
      bodyLimit: 8 * 1024,
      schema: consoleSchema({
        summary: 'Enter a booking taken by phone or in person (owners and operators)',
        description:
          'Confirmed unless status is "requested"; emails go to the typed email unless sendEmails is false. Not enough seats: 409 {message, seatsLeft}.',
        body: staffBookingSchema,
        response: {
          201: adminBookingSchema,
          409: z.union([seatsConflictSchema, z.object({ message: z.string() })]),
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const { status = 'confirmed', sendEmails = true, depositWaived = false, ...input } = request.body;
      const pkg = packages.get(input.packageId);
      if (!pkg) return fieldProblem(reply, { packageId: 'This package does not exist.' });
      const outcome = await fromDatabase(() =>
        createBooking(
          db,
          {
            userId: unclaimedUserId,
            accountEmail: sendEmails ? input.email : null,
            maxHeldSeats: Number.POSITIVE_INFINITY,
            actor: operatorActor(request),
            input,
            pkg,
            travellers: input.travellers,
            idempotencyKey: null,
            today: today(),
            // The brand's inbox hears of travellers' requests; staff made this one themselves.
            operationsEmail: null,
            status,
            depositWaived,
          },
          options.batchLanes,
        ),
      );
      switch (outcome.kind) {
        case 'invalid':
          return fieldProblem(reply, outcome.fieldErrors);
        case 'no-seats':
          return problem(reply, 409, outcome.message, { seatsLeft: outcome.seatsLeft });
        case 'too-many-held':
        case 'key-reused':
          // Neither applies here (no cap, no key); answered rather than assumed away.
          return problem(reply, 409, 'The booking could not be made. Please try again.');
        case 'created':
        case 'replayed':
          if (sendEmails) options.onEmailQueued?.();
      }
      const booking = await fromDatabase(() => findAdminBooking(db, outcome.booking.id));
      if (!booking) return problem(reply, 409, 'The booking could not be made. Please try again.');
      return reply
        .code(201)
        .header('Cache-Control', 'private, no-store')
        .header('Location', `/api/admin/bookings/${booking.id}`)
        .send(booking);
    },
  );
}
