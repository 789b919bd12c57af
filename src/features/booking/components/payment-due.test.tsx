import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPaymentInstructions } from '~/features/booking/api/payments-api';
import { PaymentDue } from '~/features/booking/components/payment-due';
import { testPayment } from '~/features/booking/test/make-booking';

vi.mock('~/features/booking/api/payments-api', () => ({
  getPaymentInstructions: vi.fn(),
  startCheckout: vi.fn(),
}));

const instructions = 'Pay by bank transfer to IBAN XX00 TEST.';
const answer = (provider: 'manual' | 'stripe') =>
  vi.mocked(getPaymentInstructions).mockResolvedValue({ provider, currency: 'USD', instructions });

describe('PaymentDue', () => {
  beforeEach(() => vi.mocked(getPaymentInstructions).mockReset());

  it('with bank transfers only, says how to pay with the reference', async () => {
    answer('manual');
    render(<PaymentDue payment={testPayment(490_000)} reference="WT-ABCD1234" bookingId="b-1" />);
    const how = await screen.findByText(instructions, { exact: false });
    expect(how.textContent).toBe(`How to pay: ${instructions} Your reference: WT-ABCD1234`);
    expect(screen.queryByRole('button', { name: /Pay the deposit/ })).toBeNull();
  });

  it('with cards, offers the card button first and the transfer as the other way', async () => {
    answer('stripe');
    render(<PaymentDue payment={testPayment(490_000)} reference="WT-ABCD1234" bookingId="b-1" />);
    expect(await screen.findByRole('button', { name: 'Pay the deposit ($980.00)' })).toBeTruthy();
    const how = screen.getByText(instructions, { exact: false });
    expect(how.textContent).toBe(`Or by bank transfer: ${instructions} Your reference: WT-ABCD1234`);
  });

  it('with cards but no booking to pay (nothing to start a checkout for), keeps "How to pay"', async () => {
    answer('stripe');
    render(<PaymentDue payment={testPayment(490_000)} reference="WT-ABCD1234" />);
    const how = await screen.findByText(instructions, { exact: false });
    expect(how.textContent).toMatch(/^How to pay: /);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing of how to pay once nothing is due', async () => {
    answer('stripe');
    render(
      <PaymentDue
        payment={testPayment(490_000, { paidCents: 490_000, dueNowCents: 0, state: 'paid' })}
        reference="WT-ABCD1234"
        bookingId="b-1"
      />,
    );
    expect(screen.getByText(/\$4,900\.00 paid of \$4,900\.00/)).toBeTruthy();
    expect(screen.queryByText(/How to pay|Or by bank transfer/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
