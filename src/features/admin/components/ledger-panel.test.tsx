import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LedgerPanel } from '~/features/admin/components/ledger-panel';
import { aBooking, fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

describe('the booking’s ledger', () => {
  it('records a payment typed in dollars as integer cents, and tells the traveller gets a receipt', async () => {
    const user = userEvent.setup();
    const booking = aBooking();
    const paid = aBooking({
      status: 'confirmed',
      payment: { ...booking.payment, paidCents: 98_000, dueNowCents: 392_000, state: 'balance-due' },
    });
    const { calls } = fakeFetch({
      [`POST /api/admin/bookings/${booking.id}/payments`]: () => json(201, paid),
    });
    const onRecorded = vi.fn();
    render(<LedgerPanel booking={booking} onRecorded={onRecorded} />);
    expect(screen.getByText('Deposit due')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (USD)'), '980.00');
    await user.type(screen.getByLabelText('Reference (optional)'), 'BANK 7781');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(calls[0]!.body).toEqual({
      kind: 'payment',
      method: 'bank-transfer',
      amountCents: 98_000,
      reference: 'BANK 7781',
      note: null,
    });
    expect(onRecorded).toHaveBeenCalledWith(
      paid,
      'Payment of $980.00 recorded. The traveller gets a receipt.',
    );
  });

  it('keeps what was typed and shows the amount allowed when the server refuses; refuses fractions of a cent', async () => {
    const user = userEvent.setup();
    const booking = aBooking();
    fakeFetch({
      [`POST /api/admin/bookings/${booking.id}/payments`]: () =>
        json(409, { message: 'At most USD 4900.00 is still owed on this booking.', allowedCents: 490_000 }),
    });
    render(<LedgerPanel booking={booking} onRecorded={vi.fn()} />);
    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '10.005');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(screen.getByText('Enter an amount such as 490.00 (dollars and cents).')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '5000');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('At most USD 4900.00 is still owed on this booking.')).toBeInTheDocument();
    expect(amount).toHaveValue('5000');
    await user.click(screen.getByLabelText('A refund'));
    expect(screen.getByRole('button', { name: 'Record refund' })).toBeInTheDocument();
  });
});
