// @vitest-environment node
// With card payments, the emails that ask for money say how to pay by card, and their button is
// "Pay the deposit" or "Pay the balance"; without, they read as before.
import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates.js';
import type { BookingEmailData } from './outbox.js';

const data = (payByCard: boolean, paidCents = 0): BookingEmailData => ({
  reference: 'WT-ABCD1234',
  name: 'Ada',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2027-06-01',
  travellers: 2,
  price: 2450,
  total: 4900,
  status: 'requested',
  money: {
    currency: 'USD',
    totalCents: 490_000,
    depositCents: 98_000,
    paidCents,
    dueNowCents: paidCents === 0 ? 98_000 : 490_000 - paidCents,
    refundDueCents: 0,
    state: paidCents === 0 ? 'deposit-due' : 'balance-due',
    depositDueAt: '2026-12-11T10:00:00.000Z',
    balanceDueOn: '2027-04-02',
    instructions: 'Pay by bank transfer to Wayfarer Tours.',
    ...(payByCard ? { payByCard: true } : {}),
  },
});

describe('emails that ask for money, with card payments', () => {
  const siteUrl = 'https://tours.example';
  it('the received email: “Pay the deposit” as its button, card or bank transfer in the text', () => {
    const email = renderEmail('booking-received', data(true), { siteUrl });
    expect(email.html).toContain('Pay the deposit');
    expect(email.text).toContain(
      'How to pay: by card with “Pay the deposit” in My bookings, or by bank transfer. Pay by bank transfer to Wayfarer Tours. Your reference: WT-ABCD1234.',
    );
    expect(email.text).toContain('https://tours.example/bookings');
  });

  it('a balance reminder: “Pay the balance”', () => {
    const email = renderEmail('balance-reminder', { ...data(true, 98_000), daysLeft: 14 }, { siteUrl });
    expect(email.html).toContain('Pay the balance');
    expect(email.html).not.toContain('View my bookings');
  });

  it('without card payments, or with nothing due, the emails read as before', () => {
    const manual = renderEmail('booking-received', data(false), { siteUrl });
    expect(manual.html).not.toContain('Pay the deposit');
    expect(manual.text).toContain(
      'How to pay: Pay by bank transfer to Wayfarer Tours. Your reference: WT-ABCD1234.',
    );
    const paid = data(true, 490_000);
    paid.money = { ...paid.money!, dueNowCents: 0, state: 'paid' };
    expect(renderEmail('booking-confirmed', paid, { siteUrl }).html).not.toMatch(/Pay the (deposit|balance)/);
  });
});
