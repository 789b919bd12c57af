// A Stripe Checkout Session for what a booking owes now (POST /api/bookings/{id}/checkout) or for
// one traveller's share (POST /api/guest-links/{token}/checkout). The amount is the server's,
// computed from the stored booking (contracts/payment.ts); the traveller's browser only names the
// purpose. The booking and purpose travel in the session's metadata and client_reference_id, and
// in its PaymentIntent's metadata, so the webhook (./stripe-webhook.ts) and a refund
// (./stripe-refunds.ts) find the booking again. docs/decisions/070-stripe-checkout.md.
import { checkoutAmountCents, travellerShareCents, type CheckoutPurpose } from '#contracts/payment';
import { formatCents } from '#contracts/money';
import { msg } from '#contracts/i18n';
import { pathIn } from '#contracts/language';
import { paymentOf } from '../bookings/booking-row.js';
import type { BookingRow } from '../db/schema.js';
import { paymentSettings } from '../money/settings.js';
import type { StripeProvider } from './stripe-client.js';

export type CheckoutFor =
  | { kind: 'booking'; purpose: CheckoutPurpose }
  // A companion's share, from their personal link (token: where Checkout sends them back).
  | { kind: 'share'; position: number; token: string };

export type CheckoutOutcome = { kind: 'session'; url: string } | { kind: 'nothing-due'; message: string };

// What one traveller has paid towards their own share (card payments from their link, less refunds of them).
export const sharePaidCents = (row: BookingRow, position: number) =>
  (row.payment_entries ?? [])
    .filter((e) => e.travellerPosition === position)
    .reduce((sum, e) => sum + (e.kind === 'payment' ? e.amountCents : -e.amountCents), 0);

// A traveller's share of the total (the last share takes the rounding), what they paid of it and
// what is still due from them: never more than the booking still owes.
export function shareOf(row: BookingRow, position: number) {
  const payment = paymentOf(row);
  const shareCents = travellerShareCents(row.total_cents, row.travellers, position);
  const paidCents = Math.max(0, sharePaidCents(row, position));
  const owed = checkoutAmountCents(payment, 'balance');
  return {
    currency: payment.currency,
    shareCents,
    paidCents,
    dueCents: Math.min(owed, Math.max(0, shareCents - paidCents)),
  };
}

const nothingDue = (row: BookingRow, purpose: CheckoutPurpose | 'share'): string => {
  // Marked: a Spanish page reads them in Spanish (`known`).
  if (row.status === 'cancelled') return msg('This booking is cancelled: there is nothing to pay.');
  if (purpose === 'deposit') return msg('The deposit is paid: there is no deposit to pay.');
  if (purpose === 'share') return msg('Your share is paid: there is nothing more to pay.');
  return msg('This booking is paid: there is nothing more to pay.');
};

const purposeWords = { deposit: 'Deposit', balance: 'Payment', share: 'Share' } as const;

export async function createCheckout(
  stripe: StripeProvider,
  row: BookingRow,
  what: CheckoutFor,
  payerEmail: string | null,
): Promise<CheckoutOutcome> {
  const purpose = what.kind === 'share' ? 'share' : what.purpose;
  const amount =
    what.kind === 'share'
      ? row.status === 'cancelled'
        ? 0
        : shareOf(row, what.position).dueCents
      : checkoutAmountCents(paymentOf(row), what.purpose);
  if (amount <= 0) return { kind: 'nothing-due', message: nothingDue(row, purpose) };
  const currency = paymentSettings.currency;
  // Back to the page in the booking's language: a Spanish booking's traveller returns to /es.
  const back =
    stripe.siteUrl + pathIn(row.language, what.kind === 'share' ? `/travellers/${what.token}` : '/bookings');
  const metadata: Record<string, string> = {
    booking_id: row.id,
    reference: row.reference,
    purpose,
    amount_cents: String(amount),
    ...(what.kind === 'share' ? { traveller_position: String(what.position) } : {}),
  };
  const day = paymentSettings.now().toISOString().slice(0, 10);
  const session = await stripe.client.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: row.id,
      metadata,
      payment_intent_data: { metadata },
      ...(payerEmail ? { customer_email: payerEmail } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: amount,
            product_data: {
              name: `${purposeWords[purpose]} – ${row.package_name} (${row.reference})`,
              description: `${formatCents(amount, currency)} towards booking ${row.reference}`,
            },
          },
        },
      ],
      // My bookings waits for this booking's payment to be recorded (the webhook may come later).
      success_url: what.kind === 'share' ? `${back}?payment=done` : `${back}?payment=done&booking=${row.id}`,
      cancel_url: `${back}?payment=cancelled`,
    },
    {
      // One session per booking, purpose (and traveller), amount and day: a second click, a
      // retried request or another process gets the same session; a new amount a new one.
      // Stripe keeps keys for 24 hours, as long as a session stays open.
      idempotencyKey: [
        'checkout',
        row.id,
        purpose,
        what.kind === 'share' ? String(what.position) : '-',
        String(amount),
        day,
      ].join(':'),
    },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
  return { kind: 'session', url: session.url };
}
