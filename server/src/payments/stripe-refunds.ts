// A refund due on a booking paid by card goes back to the card (PAYMENT_PROVIDER=stripe), in two
// steps run by every process's money scheduler (./jobs.ts):
// 1. claim: under the booking's row lock (FOR UPDATE SKIP LOCKED), what is due back and not yet
//    asked for is split over the booking's card payments (each PaymentIntent at most what it
//    paid less what was refunded or asked back) and written to card_refunds (migration 62), each
//    with a fresh idempotency key; the lock means two processes never claim the same amount;
// 2. send: every claim without a Stripe refund id is sent with refunds.create and its key, so a
//    retry, a crash between the call and the answer, or two processes sending it at once make one
//    refund at Stripe. The refund's ledger entry is written when Stripe says it succeeded (the
//    answer here, or the refund.created / refund.updated webhook), once by its id.
// A refund Stripe refuses (refund.failed, or a 4xx) marks the claim failed, and the booking's
// refund is left to staff (a bank transfer recorded in the console): no retry loop on a dead card.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Database, Queryable } from '../db/database.js';
import { bookingsFrom } from '../db/schema.js';
import { paymentStateSql, refundDueCentsSql } from '../money/sql.js';
import type { OutageLogger } from '../outage-log.js';
import { startDatabaseJob, type Periodic } from '../periodic.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import type { StripeProvider } from './stripe-client.js';
import { recordRefundIn } from './stripe-webhook.js';

// Claims of `booking` that have not yet become a ledger entry (their refund recorded) nor failed.
const pendingSql = (booking: string) => `c.booking_id = ${booking} AND NOT c.failed
  AND (c.stripe_id IS NULL OR NOT EXISTS (SELECT 1 FROM payment_entries p WHERE p.provider_reference = c.stripe_id))`;

async function claimRefunds(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; due: string; pending: string }>(
      `SELECT b.id, ${refundDueCentsSql} AS due,
              (SELECT coalesce(sum(c.amount_cents), 0) FROM card_refunds c WHERE ${pendingSql('b.id')}) AS pending
         FROM ${bookingsFrom}
        WHERE ${paymentStateSql['refund-due']}
          AND EXISTS (SELECT 1 FROM payment_entries e WHERE e.booking_id = b.id AND e.method = 'card'
                        AND e.kind = 'payment' AND e.provider_reference IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM card_refunds c WHERE c.booking_id = b.id AND c.failed)
        ORDER BY b.id LIMIT 100
        FOR UPDATE OF b SKIP LOCKED`,
    );
    let claimed = 0;
    for (const row of rows) {
      let left = Number(row.due) - Number(row.pending);
      if (left <= 0) continue;
      // Each card payment's PaymentIntent: what it paid, less what was refunded or is asked back.
      const intents = await intentsOf(tx, row.id);
      for (const intent of intents) {
        const amount = Math.min(left, intent.refundable);
        if (amount <= 0) continue;
        await tx.query(
          `INSERT INTO card_refunds (idempotency_key, booking_id, payment_intent, amount_cents) VALUES ($1, $2, $3, $4)`,
          [`refund:${row.id}:${randomUUID()}`, row.id, intent.id, amount],
        );
        left -= amount;
        claimed += 1;
        if (left === 0) break;
      }
    }
    return claimed;
  });
}

async function intentsOf(tx: Queryable, bookingId: string) {
  const { rows } = await tx.query<{ id: string; refundable: string }>(
    `SELECT e.reference AS id,
            sum(CASE WHEN e.kind = 'payment' THEN e.amount_cents ELSE -e.amount_cents END)
              - (SELECT coalesce(sum(c.amount_cents), 0) FROM card_refunds c
                  WHERE c.payment_intent = e.reference AND ${pendingSql('$1')}) AS refundable
       FROM payment_entries e
      WHERE e.booking_id = $1 AND e.method = 'card' AND e.reference IS NOT NULL
      GROUP BY e.reference
      ORDER BY refundable DESC, e.reference`,
    [bookingId],
  );
  return rows.map((r) => ({ id: r.id, refundable: Number(r.refundable) }));
}

type Claim = { idempotency_key: string; booking_id: string; payment_intent: string; amount_cents: number };

// Stripe's answer that no retry will change (the payment is already refunded, the card gone).
const refused = (error: unknown) =>
  error instanceof Error &&
  'type' in error &&
  (error as { type: string }).type === 'StripeInvalidRequestError';

async function sendClaim(db: Database, stripe: StripeProvider, claim: Claim, offers: () => OfferContext) {
  let refund: Stripe.Refund;
  try {
    refund = await stripe.client.refunds.create(
      {
        payment_intent: claim.payment_intent,
        amount: claim.amount_cents,
        reason: 'requested_by_customer',
        metadata: { booking_id: claim.booking_id },
      },
      { idempotencyKey: claim.idempotency_key },
    );
  } catch (error) {
    if (!refused(error)) throw error;
    await db.query('UPDATE card_refunds SET failed = true WHERE idempotency_key = $1', [
      claim.idempotency_key,
    ]);
    return 'failed' as const;
  }
  await db.transaction(async (tx) => {
    await tx.query('UPDATE card_refunds SET stripe_id = $2, failed = $3 WHERE idempotency_key = $1', [
      claim.idempotency_key,
      refund.id,
      refund.status === 'failed' || refund.status === 'canceled',
    ]);
    if (refund.status === 'succeeded') await recordRefundIn(tx, refund, offers());
  });
  return 'sent' as const;
}

export type RefundRun = { claimed: number; sent: number; failed: number };

export async function sendCardRefunds(
  db: Database,
  stripe: StripeProvider,
  offers: () => OfferContext,
): Promise<RefundRun> {
  const claimed = await claimRefunds(db);
  const { rows } = await db.query<Claim>(
    `SELECT idempotency_key, booking_id, payment_intent, amount_cents FROM card_refunds
      WHERE stripe_id IS NULL AND NOT failed ORDER BY requested_at LIMIT 100`,
  );
  let sent = 0;
  let failed = 0;
  for (const claim of rows) {
    if ((await sendClaim(db, stripe, claim, offers)) === 'sent') sent += 1;
    else failed += 1;
  }
  return { claimed, sent, failed };
}

// Every process looks for refunds due to cards every REMINDER_INTERVAL_SECONDS (server/src/main.ts).
export function startCardRefunds(options: {
  db: Database;
  stripe: StripeProvider;
  intervalMs: number;
  offers: () => OfferContext;
  log: OutageLogger;
  onQueued?: () => void;
}): Periodic<RefundRun> {
  return startDatabaseJob(() => sendCardRefunds(options.db, options.stripe, options.offers), {
    intervalMs: options.intervalMs,
    log: options.log,
    worked: (run) => run.sent + run.failed > 0,
    describe: (run) => `stripe: ${run.sent} card refunds sent, ${run.failed} refused`,
    afterWork: () => options.onQueued?.(),
    failed: 'stripe: could not send the card refunds due',
    recovered: 'stripe: card refunds go out again',
  });
}
