// Contract v5's reads for travellers: the cancellation quote and how to pay.
import { apiRequest } from '~/lib/api-client';
import type { CancellationQuoteAnswer, PaymentInstructions } from '#contracts/api';

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
