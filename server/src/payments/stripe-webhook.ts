// Stripe's events, once per event id however often and wherever they arrive
// (docs/decisions/077-stripe-event-inbox.md):
// - the webhook (POST /api/payments/stripe/webhook, ./stripe-routes.ts) stores a verified event in
//   stripe_events by its id (the primary key; migrations 62 and 69) and answers: a replay, or the
//   same event at two processes at once, finds the row and stores nothing;
// - each process's recorder then records what a stored event says, one event a transaction with
//   the event's row lock (FOR UPDATE SKIP LOCKED, so two processes never take the same one) and its
//   settling in that transaction: each event's money is recorded once. The process that stored an
//   event starts on it at once; every process also looks every few seconds for events another
//   left (it stopped) or a failure postponed.
// The payment's own id (a Checkout Session's, a refund's) is the ledger entry's provider_reference
// (UNIQUE), so two different events about one payment record it once too
// (docs/decisions/070-stripe-checkout.md).
import type Stripe from 'stripe';
import type { Actor } from '../audit/audit.js';
import { prepared, type Database, type Queryable, type ShortTransaction } from '../db/database.js';
import { errorText } from '../error-text.js';
import { outageLog, type OutageLogger } from '../outage-log.js';
import { startPeriodic } from '../periodic.js';
import { paymentSettings } from '../money/settings.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { recordLedgerEntryIn } from './ledger.js';

// Who recorded a card payment or refund: the audit trail names Stripe.
export const stripeActor: Actor = { type: 'system', name: 'stripe' };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type EventOutcome =
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

// The types this site records. Every other one (Stripe sends what the endpoint subscribes to) is
// stored as ignored, without its body.
const recordedTypes = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'refund.created',
  'refund.updated',
  'refund.failed',
]);

// One round trip, outside any transaction: the row, or nothing when the event id is stored already
// (a delivery at another process at the same moment waits only for this INSERT's commit).
const storeEvent = prepared(
  'stripe-event-store',
  `INSERT INTO stripe_events (id, type, outcome, payload, recorded_at)
     VALUES ($1, $2, CASE WHEN $3::text IS NULL THEN 'ignored' ELSE 'received' END, $3,
             CASE WHEN $3::text IS NULL THEN now() END)
   ON CONFLICT (id) DO NOTHING RETURNING id`,
);

export type Stored = 'stored' | 'ignored' | 'replay';

// Stores a verified event and its body as Stripe sent it, unless its id is stored already.
export async function storeStripeEvent(db: Queryable, event: Stripe.Event, body: string): Promise<Stored> {
  const records = recordedTypes.has(event.type);
  const { rows } = await db.query(storeEvent, [event.id, event.type.slice(0, 100), records ? body : null]);
  return rows.length === 0 ? 'replay' : records ? 'stored' : 'ignored';
}

// A process's deliveries of one event share one INSERT: one at the same moment as another waits
// for it, and one of an event this process stored lately answers without the database (the row
// is committed, so the answer is true). Stripe retries a slow answer, and an event can arrive
// twice at once; the primary key still keeps each event once across processes.
export function storeStripeEventsOnce(remember = 10_000) {
  const inFlight = new Map<string, Promise<Stored>>();
  const stored = new Set<string>();
  return (db: Queryable, event: Stripe.Event, body: string): Promise<Stored> => {
    if (stored.has(event.id)) return Promise.resolve('replay');
    const running = inFlight.get(event.id);
    if (running) return running.then(() => 'replay');
    const storing = storeStripeEvent(db, event, body)
      .then((result) => {
        stored.add(event.id);
        // The oldest goes first (a Set keeps its insertion order).
        if (stored.size > remember) stored.delete(stored.values().next().value!);
        return result;
      })
      .finally(() => inFlight.delete(event.id));
    inFlight.set(event.id, storing);
    return storing;
  };
}

// What one event records, in the transaction that holds its row.
async function recordEventIn(tx: Queryable, event: Stripe.Event, offers: OfferContext): Promise<Recorded> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return recordSession(tx, event.data.object, offers);
    case 'refund.created':
    case 'refund.updated':
      return recordRefundIn(tx, event.data.object, offers);
    case 'refund.failed':
      // The card refused it: the claim is marked and the refund left to staff (./stripe-refunds.ts).
      await tx.query('UPDATE card_refunds SET failed = true WHERE stripe_id = $1', [event.data.object.id]);
      return { outcome: 'ignored', bookingId: event.data.object.metadata?.booking_id ?? null };
    default:
      return { outcome: 'ignored', bookingId: null };
  }
}

const parseEvent = (payload: string | null): Stripe.Event | null => {
  try {
    const event = payload === null ? null : (JSON.parse(payload) as Stripe.Event);
    return event && typeof event.type === 'string' && event.data?.object ? event : null;
  } catch {
    return null;
  }
};

// Prepared: BEGIN travels with the claim and COMMIT with the settling (a short transaction,
// server/src/db/database.ts). A batch of events a transaction: its claim, each event's own
// statements, and one settling for all, where one event a transaction took two more round trips
// and a commit each (docs/decisions/077-stripe-event-inbox.md has the figures).
const waitingEvents = prepared(
  'stripe-events-waiting',
  `SELECT id, payload FROM stripe_events WHERE outcome = 'received' AND next_attempt_at <= now()
    ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
);
const oneEvent = prepared(
  'stripe-event-one',
  `SELECT id, payload FROM stripe_events WHERE id = $1 AND outcome = 'received' FOR UPDATE SKIP LOCKED`,
);
const settleEvents = prepared(
  'stripe-events-settle',
  `UPDATE stripe_events e SET outcome = t.outcome, booking_id = t.booking_id, payload = NULL, recorded_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS t(id text, outcome text, booking_id uuid) WHERE e.id = t.id`,
);
// A recording that failed (its transaction rolled back): the event waits, 10 s after the first
// failure, doubling to an hour, so one that always fails never holds up the others.
const postponeEvent = `UPDATE stripe_events SET attempts = attempts + 1,
    next_attempt_at = now() + make_interval(secs => least(3600, 10 * power(2, attempts)))
  WHERE id = $1 AND outcome = 'received' RETURNING attempts`;

export type RecordedEvent =
  | ({ kind: 'recorded'; eventId: string; type: string } & Recorded)
  | { kind: 'failed'; eventId: string; attempts: number; error: unknown };
type Claimed = { id: string; payload: string | null };

// The claimed events' money, in the transaction that holds their rows; COMMIT with their settling.
async function recordClaimed(st: ShortTransaction, rows: Claimed[], offers: OfferContext) {
  const done: Extract<RecordedEvent, { kind: 'recorded' }>[] = [];
  for (const row of rows) {
    const event = parseEvent(row.payload);
    const result: Recorded = event
      ? await recordEventIn(st.between, event, offers)
      : { outcome: 'ignored', bookingId: null };
    done.push({ kind: 'recorded', eventId: row.id, type: event?.type ?? 'unreadable', ...result });
  }
  const settled = done.map((d) => ({ id: d.eventId, outcome: d.outcome, booking_id: d.bookingId }));
  await st.commit(settleEvents, [JSON.stringify(settled)]);
  return done;
}

const postpone = async (db: Database, id: string, error: unknown): Promise<RecordedEvent> => {
  const { rows } = await db.query<{ attempts: number }>(postponeEvent, [id]);
  return { kind: 'failed', eventId: id, attempts: rows[0]?.attempts ?? 0, error };
};

// One event alone; null when another process holds or has recorded it.
async function recordOne(db: Database, offers: () => OfferContext, id: string) {
  let held = false;
  try {
    const [done] = await db.shortTransaction(async (st) => {
      const rows = await st.begin<Claimed>(oneEvent, [id]);
      held = rows.length > 0;
      return held ? recordClaimed(st, rows, offers()) : [];
    });
    return done ?? null;
  } catch (error) {
    if (!held) throw error;
    return postpone(db, id, error);
  }
}

// Records up to `limit` of the events that have waited longest, in one transaction; none left:
// an empty list. When the batch fails, each of its events is tried alone, so only the one that
// fails waits (postponed). Throws when the database cannot be reached.
export async function recordStripeEvents(
  db: Database,
  offers: () => OfferContext,
  limit = 10,
): Promise<RecordedEvent[]> {
  const claimed: string[] = [];
  try {
    return await db.shortTransaction(async (st) => {
      const rows = await st.begin<Claimed>(waitingEvents, [limit]);
      claimed.push(...rows.map((r) => r.id));
      return rows.length === 0 ? [] : recordClaimed(st, rows, offers());
    });
  } catch (error) {
    if (claimed.length === 0) throw error;
    if (claimed.length === 1) return [await postpone(db, claimed[0]!, error)];
    const results: RecordedEvent[] = [];
    for (const id of claimed) {
      const result = await recordOne(db, offers, id);
      if (result) results.push(result);
    }
    return results;
  }
}

export type StripeRecorder = {
  // Records every event waiting, in a run that starts after the call (one under way may have
  // looked before the event was stored). Resolves when it is over (tests wait on it; the webhook
  // does not).
  kick: () => Promise<unknown>;
  stop: () => Promise<void>;
};

// Every process runs one (server/src/periodic.ts): one batch at a time, so a burst of events queues
// here rather than taking the connections and the CPU that the webhook's answers and the bookings
// need; at start (what a process that stopped left) and every few seconds, besides each kick.
export function startStripeRecorder(options: {
  db: Database;
  offers: () => OfferContext;
  log?: OutageLogger;
  intervalMs?: number;
  // Events a transaction (10).
  batch?: number;
  // After an event recorded money: its emails are in the outbox.
  onRecorded?: () => void;
}): StripeRecorder {
  let stopped = false;
  const drain = async () => {
    // Until nothing waits, or the process stops (after the batch under way).
    while (!stopped) {
      const batch = await recordStripeEvents(options.db, options.offers, options.batch);
      if (batch.length === 0) return;
      for (const next of batch) {
        if (next.kind === 'failed') {
          // Ids and counts only: an error from the ledger names no one.
          options.log?.warn(
            { stripeEvent: next.eventId, attempts: next.attempts, err: errorText(next.error) },
            'stripe: an event could not be recorded; it is tried again later',
          );
          continue;
        }
        options.log?.info(
          { stripeEvent: next.eventId, type: next.type, outcome: next.outcome, bookingId: next.bookingId },
          'stripe: event recorded',
        );
      }
      if (batch.some((next) => next.kind === 'recorded' && next.outcome === 'recorded')) {
        options.onRecorded?.();
      }
    }
  };
  const job = startPeriodic(drain, {
    intervalMs: options.intervalMs ?? 5_000,
    atStart: true,
    report: outageLog(options.log, {
      failed: 'stripe: stored events could not be recorded; trying again',
      recovered: 'stripe: stored events are recorded again',
    }),
  });
  return {
    kick: job.runAfter,
    stop: () => {
      stopped = true;
      return job.stop();
    },
  };
}
