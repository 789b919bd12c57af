// PAYMENT_PROVIDER=stripe: the Stripe SDK as the server uses it (Checkout Sessions, refunds,
// webhook signatures). STRIPE_API_URL points it elsewhere (a fake Stripe the tests and the
// benchmark serve on loopback: server/src/test/fake-stripe.ts); the key never leaves this object.
import Stripe from 'stripe';
import type { AppContext } from '../context/app-context.js';

// The client, STRIPE_WEBHOOK_SECRET (checks each webhook's Stripe-Signature) and where Checkout
// sends the traveller back (PUBLIC_ORIGIN): My bookings, or their personal link.
export type StripeProvider = NonNullable<AppContext['stripe']>;

// Stripe's own tolerance: an event signed more than five minutes ago is refused (a replay).
export const webhookToleranceSeconds = 300;

export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  siteUrl: string;
  apiUrl?: string;
}): StripeProvider {
  const config: Stripe.StripeConfig = {
    // A request that fails on the network is retried with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Wayfarer Tours' },
  };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    config.host = url.hostname;
    config.port = url.port || (protocol === 'https' ? 443 : 80);
    config.protocol = protocol;
  }
  return {
    client: new Stripe(options.secretKey, config),
    webhookSecret: options.webhookSecret,
    siteUrl: options.siteUrl.replace(/\/$/, ''),
  };
}
