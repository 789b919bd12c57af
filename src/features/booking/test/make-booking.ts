// One booking as the API returns it, for the booking feature's component tests: each call gets its
// own id and reference, the total follows the party, and there is one guest row per traveller.
import { emptyGuest } from '#contracts/guests';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { Booking } from '#contracts/api';
import { computePayment, defaultPaymentTerms, type Payment } from '#contracts/payment';

// A new booking's money: the deposit due in a week, nothing paid.
export const testPayment = (totalCents: number, over: Partial<Payment> = {}): Payment => ({
  ...computePayment(
    {
      ...defaultPaymentTerms,
      totalCents,
      status: 'requested',
      startsOn: null,
      createdAt: new Date().toISOString(),
      depositDueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      depositWaived: false,
      paidCents: 0,
      refundedCents: 0,
      cancellationFeeCents: null,
      entries: [],
    },
    new Date(),
  ),
  ...over,
});

// A date `n` days from the reader's today (negative: in the past), as the API writes it: the
// components count days to a trip from the reader's calendar (daysUntil in ~/contracts/format).
export const inDays = (n: number) => addDays(todayIso('local'), n);

let seq = 0;

export function makeBooking(over: Partial<Booking> = {}): Booking {
  seq += 1;
  const travellers = over.travellers ?? 2;
  const price = over.price ?? 2450;
  const name = over.name ?? 'Ada Lovelace';
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    reference: `WT-TEST${String(seq).padStart(4, '0')}`,
    packageId: 'swiss-alpine-lakes',
    packageName: 'Swiss Alpine Lakes',
    departureId: null,
    startsOn: null,
    travellers,
    price,
    total: price * travellers,
    status: 'requested',
    name,
    email: 'ada@example.com',
    address: '12 St James Square',
    phone: '442079460000',
    createdAt: new Date(Date.UTC(2026, 0, 1 + (seq % 28))).toISOString(),
    guests: [emptyGuest(name), ...Array.from({ length: travellers - 1 }, () => emptyGuest())],
    detailsComplete: false,
    payment: testPayment(price * travellers * 100),
    ...over,
  };
}
