import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BookingsList } from '~/features/booking/components/bookings-list';
import type { WaitlistEntry } from '#contracts/api';

// No bookings, one waiting list: the two are read from their own API modules, stood in for here.
vi.mock('~/features/booking/api/bookings-api', () => ({
  getBookings: vi.fn(async () => []),
  cancelBooking: vi.fn(),
  changeBooking: vi.fn(),
}));
const waiting: WaitlistEntry = {
  id: '5d1c1f0e-1111-4a2b-9c3d-000000000009',
  departureId: '00000000-0000-4000-8000-000000000002',
  packageId: 'swiss-alpine-lakes',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2030-03-16',
  travellers: 2,
  status: 'waiting',
  createdAt: '2030-01-01T10:00:00.000Z',
  offerExpiresAt: null,
  bookingId: null,
};
vi.mock('~/features/booking/api/waitlist-api', () => ({
  getWaitlist: vi.fn(async () => [waiting]),
  acceptOffer: vi.fn(),
  leaveWaitlist: vi.fn(),
}));
vi.mock('~/lib/departures-api', () => ({ getDepartures: vi.fn(async () => []) }));

describe('My bookings with no booking but a waiting list', () => {
  it('shows the waiting list beside the "No trips booked yet" card, not inside it', async () => {
    render(
      <MemoryRouter>
        <BookingsList />
      </MemoryRouter>,
    );
    const empty = (await screen.findByRole('heading', { name: 'No trips booked yet' })).closest(
      '.empty-state',
    )!;
    const list = await screen.findByRole('region', { name: /waiting/i });
    expect(empty.contains(list)).toBe(false);
    expect(list).toHaveTextContent('Swiss Alpine Lakes');
  });
});
