// PAYMENT_PROVIDER=stripe's routes (docs/decisions/070-stripe-checkout.md):
// - POST /api/bookings/{id}/checkout: a Checkout Session for the deposit or the balance of one of
//   my bookings (another traveller's booking: 404);
// - GET and POST /api/guest-links/{token}/share: a companion's share (the total split by
//   traveller), and a Checkout Session to pay it, with no account: the token is the key;
// - POST /api/payments/stripe/webhook: Stripe's events, the signature checked on the raw body.
// With PAYMENT_PROVIDER=manual the checkout routes answer 409 and the webhook 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import * as z from 'zod/mini';
import { checkoutAnswerSchema, checkoutRequestSchema, uuidParam } from '#contracts/api';
import { shareAnswerSchema } from '#contracts/guest-links';
import { msg } from '#contracts/i18n';
import { authenticator } from '../auth/authenticate.js';
import type { AppContext } from '../context/app-context.js';
import { userWriteLimit } from '../context/write-limits.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { hashGuestToken, isGuestToken } from '../guest-links/tokens.js';
import { unknownLinkMessage } from '../guest-links/repository.js';
import {
  errors,
  jsonBodyErrors,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { fromDatabase, problem } from '../http/problem.js';
import { offerContext } from '../seats/offer-context.js';
import { createCheckout, shareOf, type CheckoutFor } from './stripe-checkout.js';
import { webhookToleranceSeconds } from './stripe-client.js';
import { startStripeRecorder, storeStripeEventsOnce } from './stripe-webhook.js';

export type StripeRoutesContext = Pick<
  AppContext,
  | 'db'
  | 'verifyToken'
  | 'stripe'
  | 'rateLimitPerMinute'
  | 'writeLimit'
  | 'onEmailQueued'
  | 'clock'
  | 'waitlistOfferHours'
  | 'maxHeldSeatsPerUser'
  | 'packages'
>;

const bookingId = z.object({ id: uuidParam('No such booking.') });
const tokenParam = z.object({ token: z.string().check(z.refine(isGuestToken, unknownLinkMessage)) });

// Marked: a Spanish page reads them in Spanish (`known`).
export const notOfferedMessage = msg(
  'Card payments are not offered: please pay by bank transfer as shown with your booking.',
);
const unavailableMessage = msg(
  'Card payments cannot be started just now. Nothing was charged: please try again in a minute.',
);
const privateAnswer = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };

const readBooking = async (options: StripeRoutesContext, id: string) =>
  (
    await fromDatabase(() =>
      options.db.query<BookingRow>(`SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = $1`, [id]),
    )
  ).rows[0];

// A link's booking and traveller, when the link is live and the traveller still on the booking.
const readLink = async (options: StripeRoutesContext, token: string) => {
  const link = (
    await fromDatabase(() =>
      options.db.query<{ booking_id: string; position: number; email: string }>(
        'SELECT booking_id, position, email FROM guest_links WHERE token_hash = $1',
        [hashGuestToken(token)],
      ),
    )
  ).rows[0];
  if (!link) return null;
  const row = await readBooking(options, link.booking_id);
  if (!row || !row.guests[link.position]) return null;
  return { row, position: link.position, email: link.email };
};

// The error Stripe's SDK threw, by kind and code only: never its message's key or headers.
const stripeErrorFacts = (error: unknown) => {
  const e = error as { type?: string; code?: string; statusCode?: number };
  return { stripeError: e?.type ?? 'unknown', code: e?.code, status: e?.statusCode };
};

// Where Stripe sends its events: counted by the public limit only when the signature fails.
export const stripeWebhookPath = '/api/payments/stripe/webhook';

export async function stripeRoutes(app: FastifyInstance, options: StripeRoutesContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = authenticator(options.verifyToken);
  const writeLimit = options.writeLimit ?? userWriteLimit(app, options.rateLimitPerMinute);

  const startCheckout = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: BookingRow,
    what: CheckoutFor,
    payerEmail: string | null,
  ) => {
    const stripe = options.stripe!;
    try {
      const outcome = await createCheckout(stripe, row, what, payerEmail);
      if (outcome.kind === 'nothing-due') return problem(reply, 409, outcome.message);
      return reply.headers(privateAnswer).send({ url: outcome.url });
    } catch (error) {
      request.log.error(stripeErrorFacts(error), 'stripe: a Checkout Session could not be created');
      return problem(reply.header('Retry-After', '60'), 503, unavailableMessage);
    }
  };

  api.post(
    '/api/bookings/:id/checkout',
    {
      bodyLimit: 1024,
      preValidation: [authenticate, writeLimit],
      schema: {
        tags: ['Bookings'],
        summary: 'Pay the deposit or the balance of one of my bookings by card (Stripe Checkout)',
        description:
          'PAYMENT_PROVIDER=stripe. Answers the Checkout page to send the traveller to; the amount is the ' +
          'server’s (the rest of the deposit, or everything still owed). Nothing due, a cancelled booking or ' +
          'card payments not offered: 409. Another traveller’s booking: 404.',
        security: signedIn,
        params: bookingId,
        body: checkoutRequestSchema,
        response: {
          200: checkoutAnswerSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
          ...signedInErrors,
        },
      },
    },
    async (request, reply) => {
      const row = await readBooking(options, request.params.id);
      if (!row || row.user_id !== request.user!.uid) return problem(reply, 404, 'No such booking.');
      if (!options.stripe) return problem(reply, 409, notOfferedMessage);
      return startCheckout(
        request,
        reply,
        row,
        { kind: 'booking', purpose: request.body.purpose },
        row.account_email,
      );
    },
  );

  const shareSchema = { tags: ['Travellers’ own details'], params: tokenParam };

  api.get(
    '/api/guest-links/:token/share',
    {
      schema: {
        ...shareSchema,
        summary: 'A traveller’s share of the booking’s total, and what they have paid of it',
        description: 'No sign-in: the personal link is the key. An unknown or replaced link: 404.',
        response: { 200: shareAnswerSchema, ...errors.notFound, ...errors.unavailable },
      },
    },
    async (request, reply) => {
      const link = await readLink(options, request.params.token);
      if (!link) return problem(reply, 404, unknownLinkMessage);
      const share = shareOf(link.row, link.position);
      return reply.headers(privateAnswer).send({
        ...share,
        dueCents: link.row.status === 'cancelled' ? 0 : share.dueCents,
        cardPayments: options.stripe !== undefined,
      });
    },
  );

  api.post(
    '/api/guest-links/:token/checkout',
    {
      bodyLimit: 1024,
      schema: {
        ...shareSchema,
        summary: 'Pay my share by card (Stripe Checkout), through my personal link',
        description:
          'No sign-in. Answers the Checkout page; the amount is the traveller’s share less what they paid, ' +
          'never more than the booking still owes. Nothing due or card payments not offered: 409.',
        response: {
          200: checkoutAnswerSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...errors.unavailable,
        },
      },
    },
    async (request, reply) => {
      const link = await readLink(options, request.params.token);
      if (!link) return problem(reply, 404, unknownLinkMessage);
      if (!options.stripe) return problem(reply, 409, notOfferedMessage);
      return startCheckout(
        request,
        reply,
        link.row,
        { kind: 'share', position: link.position, token: request.params.token },
        link.email,
      );
    },
  );

  // Each process records the events it stores at once, and every few seconds looks for any that
  // wait (./stripe-webhook.ts).
  const recorder = options.stripe
    ? startStripeRecorder({
        db: options.db,
        offers: () => offerContext(options),
        log: app.log,
        onRecorded: () => options.onEmailQueued?.(),
      })
    : undefined;
  // Before the server's own onClose closes the database (server/src/main.ts): a batch under way
  // finishes. An event stored after this waits for another process's recorder, or this one's
  // next start.
  app.addHook('preClose', async () => recorder?.stop());

  const storeStripeEvent = storeStripeEventsOnce();

  // The webhook reads its body as bytes: the signature is over exactly what Stripe sent.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_r, body, done) => done(null, body),
    );
    hook.withTypeProvider<ZodTypeProvider>().post(
      stripeWebhookPath,
      {
        schema: {
          tags: ['Bookings'],
          summary: 'Stripe’s events (checkout.session.completed, refunds), signed',
          description:
            'The Stripe-Signature header is checked on the raw body with STRIPE_WEBHOOK_SECRET (300 s ' +
            'tolerance); a missing, forged or stale one is 400 and stores nothing. Each event id is ' +
            'stored once and answered 200; its payment or refund is recorded moments later, once. A ' +
            'replay is 200 and changes nothing. Other event types: 200, ignored.',
          response: {
            200: z.object({ received: z.boolean() }),
            ...errors.badRequest,
            ...errors.notFound,
            ...errors.tooLarge,
            ...errors.unsupported,
            ...errors.unavailable,
          },
        },
      },
      async (request, reply) => {
        const stripe = options.stripe;
        if (!stripe) return problem(reply, 404, 'Card payments are not set up on this site.');
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        let event: Stripe.Event;
        try {
          if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw new Error('unsigned');
          event = stripe.client.webhooks.constructEvent(
            body,
            signature,
            stripe.webhookSecret,
            webhookToleranceSeconds,
          );
        } catch {
          // A forged request costs its address one of its public requests (server/src/public-limit.ts).
          if (await app.publicMiss?.(request, reply)) return reply;
          return problem(reply, 400, 'The Stripe-Signature does not match this body, or it is too old.');
        }
        // Stored, then answered: Stripe asks for a 2xx before the work an event starts, and the
        // payment is recorded moments later by this process (docs/decisions/077-stripe-event-inbox.md).
        // A failure to store is a 503: nothing was stored, and Stripe delivers the event again.
        const stored = await fromDatabase(() =>
          storeStripeEvent(options.db, event, (body as Buffer).toString('utf8')),
        );
        request.log.info({ stripeEvent: event.id, type: event.type, stored }, 'stripe: event received');
        if (stored === 'stored') void recorder!.kick();
        return reply.header('Cache-Control', 'no-store').send({ received: true });
      },
    );
  });
}
