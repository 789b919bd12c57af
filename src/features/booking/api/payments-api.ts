// Contract v5's calls for travellers: the cancellation quote, how to pay, and card payments.
import { apiRequest } from '~/lib/api-client';
import type { CancellationQuoteAnswer, CheckoutAnswer, PaymentInstructions } from '#contracts/api';
import type { ShareAnswer } from '#contracts/guest-links';
import type { CheckoutPurpose } from '#contracts/payment';

// What cancelling now would keep and give back (contract v5).
export function getCancellationQuote(id: string, signal?: AbortSignal): Promise<CancellationQuoteAnswer> {
  return apiRequest<CancellationQuoteAnswer>(`/api/bookings/${encodeURIComponent(id)}/cancellation`, {
    signal,
  });
}

// How to pay the brand (PAYMENT_INSTRUCTIONS): public.
export function getPaymentInstructions(signal?: AbortSignal): Promise<PaymentInstructions> {
  return apiRequest<PaymentInstructions>('/api/payments/instructions', { signal, auth: false });
}

// PAYMENT_PROVIDER=stripe: the Stripe Checkout page for the deposit or the balance of my booking.
export function startCheckout(bookingId: string, purpose: CheckoutPurpose): Promise<CheckoutAnswer> {
  return apiRequest<CheckoutAnswer>(`/api/bookings/${encodeURIComponent(bookingId)}/checkout`, {
    method: 'POST',
    body: { purpose },
  });
}

// A companion's share, through their personal link (no sign-in: the token is the key).
export function getShare(token: string, signal?: AbortSignal): Promise<ShareAnswer> {
  return apiRequest<ShareAnswer>(`/api/guest-links/${encodeURIComponent(token)}/share`, { signal, auth: false });
}

export function startShareCheckout(token: string): Promise<CheckoutAnswer> {
  return apiRequest<CheckoutAnswer>(`/api/guest-links/${encodeURIComponent(token)}/checkout`, {
    method: 'POST',
    auth: false,
  });
}
