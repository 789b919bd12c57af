import { describe, expect, it } from 'vitest';
import { cancellationQuote, computePayment, defaultPaymentTerms, type PaymentFacts } from './payment';
import { feeTiersProblem } from './payment-terms';
import { centsDecimal, formatCents } from './money';

const facts = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  ...defaultPaymentTerms,
  totalCents: 245_000,
  status: 'requested',
  startsOn: '2027-06-01',
  createdAt: '2027-01-10T12:00:00.000Z',
  depositDueAt: '2027-01-17T12:00:00.000Z',
  depositWaived: false,
  paidCents: 0,
  refundedCents: 0,
  cancellationFeeCents: null,
  entries: [],
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('payment', () => {
  it('owes a 20% deposit by its deadline, then the balance 60 days before the departure', () => {
    const p = computePayment(facts(), at('2027-01-11T00:00:00Z'));
    expect(p).toMatchObject({
      depositCents: 49_000,
      dueNowCents: 49_000,
      state: 'deposit-due',
      balanceDueOn: '2027-04-02',
    });
    expect(computePayment(facts(), at('2027-01-18T00:00:00Z')).state).toBe('overdue');
    const deposited = computePayment(facts({ paidCents: 49_000 }), at('2027-02-01T00:00:00Z'));
    expect(deposited).toMatchObject({ state: 'balance-due', dueNowCents: 196_000 });
    expect(computePayment(facts({ paidCents: 49_000 }), at('2027-04-03T00:00:00Z')).state).toBe('overdue');
    expect(computePayment(facts({ paidCents: 245_000 }), at('2027-04-03T00:00:00Z')).state).toBe('paid');
  });

  it('a booking made before payments (no deadline, not waived) owes no deposit and no cancellation fee', () => {
    const before = facts({ depositDueAt: null, status: 'confirmed' });
    expect(computePayment(before, at('2027-02-01T00:00:00Z'))).toMatchObject({
      depositCents: 0,
      state: 'balance-due',
      dueNowCents: 245_000,
    });
    expect(computePayment(before, at('2027-04-03T00:00:00Z')).state).toBe('overdue');
    // Inside every tier, paid in full: all of it goes back.
    expect(cancellationQuote({ ...before, paidCents: 245_000 }, '2027-05-20', 'traveller')).toEqual({
      feeCents: 0,
      refundCents: 245_000,
    });
    // A booking made since, the same day: the 100% tier.
    expect(cancellationQuote(facts({ paidCents: 245_000 }), '2027-05-20', 'traveller')).toEqual({
      feeCents: 245_000,
      refundCents: 0,
    });
  });

  it('rounds the deposit to the cent, half up, in integers', () => {
    expect(
      computePayment(facts({ totalCents: 333, depositPercent: 15 }), at('2027-01-11T00:00:00Z')).depositCents,
    ).toBe(50);
    expect(
      computePayment(facts({ totalCents: 101, depositPercent: 50 }), at('2027-01-11T00:00:00Z')).depositCents,
    ).toBe(51);
  });

  it('owes everything at once for a booking made on or after its balance date', () => {
    const p = computePayment(
      facts({ createdAt: '2027-05-01T10:00:00Z', depositDueAt: '2027-05-08T10:00:00Z' }),
      at('2027-05-01T11:00:00Z'),
    );
    expect(p).toMatchObject({ depositCents: 245_000, dueNowCents: 245_000, state: 'deposit-due' });
  });

  it('skips a waived deposit and a 0% one', () => {
    expect(computePayment(facts({ depositWaived: true }), at('2027-02-01T00:00:00Z'))).toMatchObject({
      state: 'balance-due',
      depositDueAt: null,
    });
    expect(computePayment(facts({ depositPercent: 0 }), at('2027-02-01T00:00:00Z')).state).toBe(
      'balance-due',
    );
  });

  it('owes back what a lower total leaves over, and what a cancellation does not keep', () => {
    expect(computePayment(facts({ paidCents: 300_000 }), at('2027-02-01T00:00:00Z'))).toMatchObject({
      state: 'refund-due',
      refundDueCents: 55_000,
    });
    const cancelled = facts({ status: 'cancelled', paidCents: 100_000, cancellationFeeCents: 49_000 });
    expect(computePayment(cancelled, at('2027-02-01T00:00:00Z'))).toMatchObject({
      state: 'refund-due',
      refundDueCents: 51_000,
    });
    expect(computePayment({ ...cancelled, paidCents: 49_000 }, at('2027-02-01T00:00:00Z')).state).toBe(
      'settled',
    );
    expect(
      computePayment({ ...cancelled, paidCents: 0, cancellationFeeCents: 0 }, at('2027-02-01T00:00:00Z'))
        .state,
    ).toBe('settled');
  });

  it('quotes a traveller the deposit early, the tier inside it, and the brand nothing', () => {
    const f = facts({ paidCents: 100_000 });
    expect(cancellationQuote(f, '2027-03-01', 'traveller')).toEqual({
      feeCents: 49_000,
      refundCents: 51_000,
    });
    // 59 days before: 50% of the total.
    expect(cancellationQuote(f, '2027-04-03', 'traveller')).toEqual({ feeCents: 122_500, refundCents: 0 });
    // 29 days before: 100%.
    expect(cancellationQuote({ ...f, paidCents: 245_000 }, '2027-05-03', 'traveller')).toEqual({
      feeCents: 245_000,
      refundCents: 0,
    });
    expect(cancellationQuote(f, '2027-05-03', 'brand')).toEqual({ feeCents: 0, refundCents: 100_000 });
  });

  it('refuses tiers that do not increase', () => {
    expect(feeTiersProblem(defaultPaymentTerms.cancellationFees)).toBeUndefined();
    expect(
      feeTiersProblem([
        { daysBefore: 30, percent: 50 },
        { daysBefore: 60, percent: 100 },
      ]),
    ).toMatch(/most days/);
    expect(
      feeTiersProblem([
        { daysBefore: 60, percent: 50 },
        { daysBefore: 30, percent: 50 },
      ]),
    ).toMatch(/higher percent/);
  });

  it('formats cents without floating point', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(5, 'EUR')).toBe('€0.05');
    expect(formatCents(-100, 'CHF')).toBe('-CHF 1.00');
    expect(centsDecimal(123_456_789)).toBe('1234567.89');
  });
});
