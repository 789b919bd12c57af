import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Booking } from '~/contracts/booking';
import { emptyGuest } from '~/contracts/guests';
import { ChangeBookingDialog } from '~/features/booking/components/change-booking-dialog';

vi.mock('~/lib/departures-api', () => ({ getDepartures: async () => [] }));

const booking: Booking = {
  id: '8a5f8a8e-5b0e-4f7c-9a59-0d2f7a1c9e11',
  reference: 'WT-ABCD1234',
  packageId: 'swiss-alpine-lakes',
  packageName: 'Swiss Alpine Lakes',
  departureId: null,
  startsOn: null,
  travellers: 3,
  price: 2450,
  total: 7350,
  status: 'requested',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: '12 St James Square',
  phone: '442079460000',
  createdAt: new Date().toISOString(),
  guests: [emptyGuest('Ada Lovelace'), emptyGuest(), { ...emptyGuest('Cleo Third'), medical: 'Asthma' }],
  detailsComplete: false,
};

describe('ChangeBookingDialog', () => {
  it('says who a smaller party drops, with their details, before Confirm change', async () => {
    const user = userEvent.setup();
    render(<ChangeBookingDialog booking={booking} onConfirm={vi.fn()} onChanged={vi.fn()} onClose={vi.fn()} />);
    const field = screen.getByLabelText('Travellers');
    expect(screen.queryByText(/will be removed/)).toBeNull();
    await user.clear(field);
    await user.type(field, '2');
    expect(
      screen.getByText('Cleo Third will be removed from this booking, with the details given for them.'),
    ).toHaveAttribute('role', 'status');
    await user.clear(field);
    await user.type(field, '3');
    expect(screen.queryByText(/will be removed/)).toBeNull();
  });
});
