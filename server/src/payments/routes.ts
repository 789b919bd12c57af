// Contract v5's routes: staff record payments and refunds (inside adminRoutes, behind its role
// check: owners and operators; guides 403, server/src/admin/access.ts), and a traveller asks what
// cancelling would keep and give back.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  adminBookingSchema,
  cancellationQuoteSchema,
  ledgerConflictSchema,
  ledgerEntryRequestSchema,
  paymentInstructionsSchema,
  uuidParam,
} from '#contracts/api';
import { operatorActor } from '../admin/bookings-routes.js';
import { findAdminBooking } from '../admin/bookings-queries.js';
import { authenticator } from '../auth/authenticate.js';
import type { BookingsOptions } from '../bookings/routes.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import {
  errors,
  jsonBodyErrors,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { fromDatabase, problem } from '../http/problem.js';
import { offerContext } from '../seats/offer-context.js';
import { recordLedgerEntry } from './ledger.js';
import { quoteOf } from './quote.js';
import { paymentSettings } from './settings.js';
import { todayIso } from '#contracts/iso-dates';

const bookingId = z.object({ id: uuidParam('No such booking.') });

export async function adminPaymentRoutes(app: FastifyInstance, options: BookingsOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/bookings/:id/payments',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['Console'],
        security: signedIn,
        summary: 'Record a payment or a refund',
        description:
          'Integer cents. A payment above what is still owed, or a refund above what is paid, is 409 with allowedCents. Entries are never edited: undo one with an entry of the other kind.',
        params: bookingId,
        body: ledgerEntryRequestSchema,
        response: {
          201: adminBookingSchema,
          409: ledgerConflictSchema,
          ...errors.notFound,
          ...jsonBodyErrors,
          ...signedInErrors,
          ...errors.forbidden,
        },
      },
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        recordLedgerEntry(options.db, {
          bookingId: request.params.id,
          entry: request.body,
          staff: operatorActor(request),
          offers: offerContext(options),
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
      if (outcome.kind === 'too-much')
        return problem(reply, 409, outcome.message, { allowedCents: outcome.allowedCents });
      options.onEmailQueued?.();
      const booking = await fromDatabase(() => findAdminBooking(options.db, outcome.bookingId));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return reply.code(201).header('Cache-Control', 'private, no-store').send(booking);
    },
  );
}

export async function cancellationQuoteRoutes(app: FastifyInstance, options: BookingsOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = authenticator(options.verifyToken);
  const today = options.today ?? (() => todayIso('UTC', paymentSettings.now()));
  // How to pay (PAYMENT_INSTRUCTIONS): the same for everyone, public, cached a minute.
  api.get(
    '/api/payments/instructions',
    {
      schema: {
        tags: ['Bookings'],
        summary: 'How to pay the brand, and in which currency',
        response: { 200: paymentInstructionsSchema },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=60').send({
        provider: 'manual' as const,
        currency: paymentSettings.currency,
        instructions: paymentSettings.instructions,
      }),
  );

  api.get(
    '/api/bookings/:id/cancellation',
    {
      preValidation: authenticate,
      schema: {
        tags: ['Bookings'],
        summary: 'What cancelling one of my bookings now would keep and give back',
        security: signedIn,
        params: bookingId,
        response: { 200: cancellationQuoteSchema, ...errors.notFound, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { rows } = await fromDatabase(() =>
        options.db.query<BookingRow>(
          `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = $1 AND b.user_id = $2`,
          [request.params.id, request.user!.uid],
        ),
      );
      const row = rows[0];
      if (!row) return problem(reply, 404, 'No such booking.');
      // A cancelled booking: what its cancellation kept.
      const quote =
        row.status === 'cancelled'
          ? {
              feeCents: row.cancellation_fee_cents ?? 0,
              refundCents: Math.max(0, row.paid_cents - (row.cancellation_fee_cents ?? 0)),
            }
          : quoteOf(row, 'traveller', today());
      return reply
        .header('Cache-Control', 'private, no-store')
        .send({ ...quote, paidCents: row.paid_cents, currency: paymentSettings.currency });
    },
  );
}
