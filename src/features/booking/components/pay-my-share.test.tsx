import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShare } from '~/features/booking/api/payments-api';
import { PayMyShare } from '~/features/booking/components/pay-my-share';

// "Pay my share" on a personal link: back from Stripe Checkout, the share is read again until the
// payment is recorded (the server records it moments after Stripe's event), then says so.
vi.mock('~/features/booking/api/payments-api', () => ({
  getShare: vi.fn(),
  startShareCheckout: vi.fn(),
}));

const owing = { currency: 'USD', shareCents: 245_000, paidCents: 0, dueCents: 245_000, cardPayments: true };
const paid = { ...owing, paidCents: 245_000, dueCents: 0 };

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <PayMyShare token={'t'.repeat(43)} />
    </MemoryRouter>,
  );

describe('PayMyShare', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(getShare).mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('back from Checkout, reads the share again until the payment is recorded', async () => {
    vi.mocked(getShare).mockResolvedValueOnce(owing).mockResolvedValueOnce(owing).mockResolvedValue(paid);
    renderAt('/travellers/x?payment=done');
    expect(
      await screen.findByText(
        'Thank you: your card payment went through. It shows here once we have recorded it.',
      ),
    ).toBeInTheDocument();
    // The share stays on screen while it is read again.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('button', { name: /Pay my share/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByText('Nothing more to pay.')).toBeInTheDocument();
    expect(getShare).toHaveBeenCalledTimes(3);
    // Recorded: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(getShare).toHaveBeenCalledTimes(3);
  });

  it('without a payment just made, reads the share once', async () => {
    vi.mocked(getShare).mockResolvedValue(owing);
    renderAt('/travellers/x');
    expect(await screen.findByRole('button', { name: /Pay my share/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(getShare).toHaveBeenCalledTimes(1);
  });
});
