import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyGuest } from '~/contracts/guests';
import { ChangeBookingDialog } from '~/features/booking/components/change-booking-dialog';
import { makeBooking } from '~/features/booking/test/make-booking';

vi.mock('~/lib/departures-api', () => ({ getDepartures: async () => [] }));

const booking = makeBooking({
  travellers: 3,
  guests: [emptyGuest('Ada Lovelace'), emptyGuest(), { ...emptyGuest('Cleo Third'), medical: 'Asthma' }],
});

describe('ChangeBookingDialog', () => {
  it('says who a smaller party drops, with their details, before Confirm change', async () => {
    const user = userEvent.setup();
    render(
      <ChangeBookingDialog booking={booking} onConfirm={vi.fn()} onChanged={vi.fn()} onClose={vi.fn()} />,
    );
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
