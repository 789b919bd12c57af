// The cancellation quote of a stored booking (contracts/payment.ts cancellationQuote): what the
// cancel dialog shows (GET /api/bookings/{id}/cancellation) and what a cancellation stores as kept.
import { cancellationQuote, type CancellationQuote } from '#contracts/payment';
import { todayIso } from '#contracts/iso-dates';
import type { BookingRow } from '../db/schema.js';
import { paymentSettings } from './settings.js';

export function quoteOf(row: BookingRow, by: 'traveller' | 'brand', today?: string): CancellationQuote {
  return cancellationQuote(
    {
      totalCents: row.total_cents,
      startsOn: row.starts_on,
      createdAt: new Date(row.created_at).toISOString(),
      depositPercent: row.deposit_percent,
      balanceDueDays: row.balance_due_days,
      cancellationFees: row.cancellation_fees,
      paidCents: row.paid_cents,
      depositDueAt: row.deposit_due_at ? new Date(row.deposit_due_at).toISOString() : null,
      depositWaived: row.deposit_waived,
    },
    today ?? todayIso('UTC', paymentSettings.now()),
    by,
  );
}

export const cancellationFeeCents = (row: BookingRow, by: 'traveller' | 'brand', today?: string) =>
  quoteOf(row, by, today).feeCents;
