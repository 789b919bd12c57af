// Contract v5's routes for travellers: what cancelling would keep and give back, and how to pay.
// Staff record payments and refunds through server/src/admin/money-routes.ts.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { cancellationQuoteSchema, paymentInstructionsSchema, uuidParam } from '#contracts/api';
import { authenticator } from '../auth/authenticate.js';
import type { AppContext } from '../context/app-context.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { errors, signedIn, signedInErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { fromDatabase, problem } from '../http/problem.js';
import { quoteOf } from '../money/quote.js';
import { paymentSettings } from '../money/settings.js';
import { todayIso } from '#contracts/iso-dates';

const bookingId = z.object({ id: uuidParam('No such booking.') });

// What the traveller's payment routes read of the app's context (docs/decisions/060-app-context.md).
export type CancellationQuoteContext = Pick<AppContext, 'db' | 'verifyToken' | 'today'>;

export async function cancellationQuoteRoutes(app: FastifyInstance, options: CancellationQuoteContext) {
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
        provider: paymentSettings.provider,
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
