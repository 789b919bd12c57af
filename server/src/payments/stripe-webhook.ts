// What a verified Stripe event records (POST /api/payments/stripe/webhook, ./stripe-routes.ts),
// once per event id however often and wherever it arrives: the event's id is inserted into
// stripe_events (migration 62) in the transaction that records its money, so a replay, or the
// same event at two processes at once, finds the row (the second waits on the first's insert, then
// does nothing). The payment's own id (a Checkout Session's, a refund's) is the ledger entry's
// provider_reference (UNIQUE), so two different events about one payment record it once too.
// docs/decisions/070-stripe-checkout.md.
import type Stripe from 'stripe';
import type { Actor } from '../audit/audit.js';
import { prepared, type Database, type Queryable } from '../db/database.js';
import { paymentSettings } from '../money/settings.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { recordLedgerEntryIn } from './ledger.js';

// Who recorded a card payment or refund: the audit trail names Stripe.
export const stripeActor: Actor = { type: 'system', name: 'stripe' };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type EventOutcome =
  | 'replay'
  | 'recorded'
  | 'duplicate'
  | 'ignored'
  | 'not-paid'
  | 'unknown-booking'
  | 'other-currency'
  | 'refund-beyond-paid';

type Recorded = { outcome: EventOutcome; bookingId: string | null };

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const sameCurrency = (currency: string | null | undefined) =>
  (currency ?? '').toUpperCase() === paymentSettings.currency;

// Whose share a payment from a personal link paid.
const positionOf = (metadata: Stripe.Metadata | null | undefined) => {
  const raw = metadata?.traveller_position;
  return raw !== undefined && /^\d{1,2}$/.test(raw) && Number(raw) <= 11 ? Number(raw) : null;
};

async function recordSession(
  tx: Queryable,
  session: Stripe.Checkout.Session,
  offers: OfferContext,
): Promise<Recorded> {
  const bookingId = session.metadata?.booking_id ?? session.client_reference_id ?? '';
  if (!uuid.test(bookingId) || (session.client_reference_id && session.client_reference_id !== bookingId)) {
    return { outcome: 'unknown-booking', bookingId: null };
  }
  // An asynchronous method (a bank debit) completes the session unpaid: its money is recorded by
  // checkout.session.async_payment_succeeded, the same session id.
  if (session.payment_status !== 'paid') return { outcome: 'not-paid', bookingId };
  if (!sameCurrency(session.currency)) return { outcome: 'other-currency', bookingId };
  const amount = session.amount_total ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > 1_200_000_000) {
    return { outcome: 'ignored', bookingId };
  }
  // The money was taken: it is recorded whatever the booking owes now (a cancelled booking, a
  // second tab that paid the same deposit); what is above the total becomes due back.
  const outcome = await recordLedgerEntryIn(tx, {
    bookingId,
    staff: stripeActor,
    offers,
    taken: true,
    entry: {
      kind: 'payment',
      method: 'card',
      amountCents: amount,
      reference: idOf(session.payment_intent),
      providerReference: session.id,
      travellerPosition: positionOf(session.metadata),
    },
    receiptTo: await shareReceipt(
      tx,
      bookingId,
      positionOf(session.metadata),
      session.customer_details?.email,
    ),
  });
  return {
    outcome:
      outcome.kind === 'not-found'
        ? 'unknown-booking'
        : outcome.kind === 'too-much'
          ? 'ignored'
          : outcome.kind,
    bookingId,
  };
}

// A companion's share: the receipt goes to the address their link was sent to, in their name.
async function shareReceipt(
  tx: Queryable,
  bookingId: string,
  position: number | null,
  fallback?: string | null,
) {
  if (position === null || position === 0) return undefined;
  const { rows } = await tx.query<{ email: string; full_name: string }>(
    `SELECT l.email, g.full_name FROM guest_links l JOIN booking_guests g USING (booking_id, position)
      WHERE l.booking_id = $1 AND l.position = $2`,
    [bookingId, position],
  );
  const email = rows[0]?.email ?? fallback;
  return email ? { email, name: rows[0]?.full_name ?? '' } : undefined;
}

// The booking a refund belongs to: its metadata (refunds this server asks for), else the card
// payment it refunds (one made in Stripe's dashboard).
async function refundBooking(tx: Queryable, refund: Stripe.Refund): Promise<string | null> {
  const named = refund.metadata?.booking_id;
  if (named && uuid.test(named)) return named;
  const intent = idOf(refund.payment_intent);
  if (!intent) return null;
  const { rows } = await tx.query<{ booking_id: string }>(
    `SELECT booking_id FROM payment_entries WHERE reference = $1 AND method = 'card' AND kind = 'payment' LIMIT 1`,
    [intent],
  );
  return rows[0]?.booking_id ?? null;
}

// A refund is recorded when Stripe says it succeeded (refund.created for a card, else the
// refund.updated that moves it there), once by its id.
export async function recordRefundIn(
  tx: Queryable,
  refund: Stripe.Refund,
  offers: OfferContext,
): Promise<Recorded> {
  const bookingId = await refundBooking(tx, refund);
  if (!bookingId) return { outcome: 'unknown-booking', bookingId: null };
  if (refund.status !== 'succeeded') return { outcome: 'not-paid', bookingId };
  if (!sameCurrency(refund.currency)) return { outcome: 'other-currency', bookingId };
  const outcome = await recordLedgerEntryIn(tx, {
    bookingId,
    staff: stripeActor,
    offers,
    entry: {
      kind: 'refund',
      method: 'card',
      amountCents: refund.amount,
      reference: idOf(refund.payment_intent),
      providerReference: refund.id,
    },
  });
  return {
    outcome:
      outcome.kind === 'not-found'
        ? 'unknown-booking'
        : outcome.kind === 'too-much'
          ? 'refund-beyond-paid'
          : outcome.kind,
    bookingId,
  };
}

// Prepared: every delivery runs the first, every recorded event the second. BEGIN travels with the
// claim and COMMIT with the settling (a short transaction, server/src/db/database.ts): a replay is
// two round trips, a recorded deposit two fewer than with BEGIN and COMMIT of their own. While
// Stripe waits for the answer, each round trip is a wait for a CPU and the event loop
// (docs/decisions/070-stripe-checkout.md).
const claimEvent = prepared(
  'stripe-event-claim',
  `INSERT INTO stripe_events (id, type, outcome) VALUES ($1, $2, 'received') ON CONFLICT (id) DO NOTHING RETURNING id`,
);
const settleEvent = prepared(
  'stripe-event-settle',
  'UPDATE stripe_events SET outcome = $2, booking_id = $3 WHERE id = $1',
);

export function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
  offers: OfferContext,
): Promise<Recorded> {
  return db.shortTransaction(async (st) => {
    const claimed = await st.begin(claimEvent, [event.id, event.type.slice(0, 100)]);
    if (claimed.length === 0) return { outcome: 'replay' as const, bookingId: null };
    const tx = st.between;
    let result: Recorded;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        result = await recordSession(tx, event.data.object, offers);
        break;
      case 'refund.created':
      case 'refund.updated':
        result = await recordRefundIn(tx, event.data.object, offers);
        break;
      case 'refund.failed':
        // The card refused it: the claim is marked and the refund left to staff
        // (./stripe-refunds.ts).
        await tx.query('UPDATE card_refunds SET failed = true WHERE stripe_id = $1', [
          event.data.object.id,
        ]);
        result = { outcome: 'ignored', bookingId: event.data.object.metadata?.booking_id ?? null };
        break;
      default:
        // Every other type (Stripe sends what the endpoint subscribes to): acknowledged, ignored.
        result = { outcome: 'ignored', bookingId: null };
    }
    await st.commit(settleEvent, [event.id, result.outcome, result.bookingId]);
    return result;
  });
}

// One process's deliveries of an event that overlap (Stripe retries a slow answer; the same event
// can arrive twice at once) share the first delivery's work, so the second holds no database
// connection while it waits on the first's claim of the event id: each later one answers as a
// replay when the first has recorded it, or fails with it (Stripe then delivers it again). The
// event id's row in stripe_events still keeps each event once across processes.
export function stripeEventsOnce() {
  const inFlight = new Map<string, Promise<Recorded>>();
  return (db: Database, event: Stripe.Event, offers: OfferContext): Promise<Recorded> => {
    const running = inFlight.get(event.id);
    if (running) return running.then(() => ({ outcome: 'replay', bookingId: null }));
    const handled = handleStripeEvent(db, event, offers).finally(() => inFlight.delete(event.id));
    inFlight.set(event.id, handled);
    return handled;
  };
}
