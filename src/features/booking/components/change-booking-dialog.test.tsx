import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyGuest } from '#contracts/guests';
import { ChangeBookingDialog } from '~/features/booking/components/change-booking-dialog';
import { inDays, makeBooking } from '~/features/booking/test/make-booking';
import type { Departure } from '#contracts/api';

const departures = vi.hoisted(() => ({ list: [] as Departure[] }));
vi.mock('~/lib/departures-api', () => ({ getDepartures: async () => departures.list }));

const departure = (id: string, startsOn: string): Departure => ({
  id,
  price: 2450,
  packageId: 'swiss-alpine-lakes',
  startsOn,
  capacity: 16,
  seatsLeft: 10,
  status: 'open',
  guaranteed: false,
  toGuarantee: 0,
});

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

  it('warns before a move to a date inside the cancellation cutoff, the last change made online', async () => {
    const user = userEvent.setup();
    const own = departure('00000000-0000-4000-8000-0000000000a1', inDays(60));
    const far = departure('00000000-0000-4000-8000-0000000000a2', inDays(90));
    const near = departure('00000000-0000-4000-8000-0000000000a3', inDays(5));
    departures.list = [near, own, far];
    const mine = makeBooking({ departureId: own.id, startsOn: own.startsOn });
    render(<ChangeBookingDialog booking={mine} onConfirm={vi.fn()} onChanged={vi.fn()} onClose={vi.fn()} />);
    const date = await screen.findByLabelText('Departure date');
    expect(screen.queryByText(/can no longer be changed or cancelled online/)).toBeNull();
    await user.selectOptions(date, far.id);
    expect(screen.queryByText(/can no longer be changed or cancelled online/)).toBeNull();
    await user.selectOptions(date, near.id);
    expect(screen.getByRole('status')).toHaveTextContent(
      /is less than 14 days away: once the booking is moved there, it can no longer be changed or cancelled online\.$/,
    );
  });
});
