import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingHistory } from '~/features/admin/components/booking-history';

describe('BookingHistory', () => {
  it('shows statuses by their labels and a change’s dates as the console writes dates', () => {
    render(
      <BookingHistory
        events={[
          {
            at: '2026-11-01T09:00:00Z',
            actor: 'ada@example.com',
            actorType: 'traveller',
            action: 'booking.created',
            from: null,
            to: 'requested',
          },
          {
            at: '2026-11-02T09:00:00Z',
            actor: 'ada@example.com',
            actorType: 'traveller',
            action: 'booking.changed',
            from: '2026-12-14, 3 travellers',
            to: '2027-03-08, 4 travellers',
          },
        ]}
      />,
    );
    expect(screen.getByText(/Requested/)).toBeInTheDocument();
    const change = screen.getByText(/Mon 14 Dec 2026, 3 travellers/);
    expect(change).toHaveTextContent('Mon 14 Dec 2026, 3 travellers → to Mon 8 Mar 2027, 4 travellers');
    expect(change).not.toHaveTextContent('2026-12-14');
  });

  // The trail stores a move offer's deadline as an ISO timestamp: it reads in the brand's zone.
  it('writes a stored moment in the brand’s time zone, never as raw ISO', () => {
    render(
      <BookingHistory
        events={[
          {
            at: '2026-12-04T11:29:25Z',
            actor: 'ops@example.com',
            actorType: 'operator',
            action: 'booking.move-offered',
            from: '2027-01-15',
            to: '2027-02-12, held until 2026-12-07T11:29:25.517Z',
          },
        ]}
      />,
    );
    const change = screen.getByText(/held until/);
    expect(change).toHaveTextContent('Fri 15 Jan 2027');
    expect(change).toHaveTextContent(/held until Mon 7 Dec 2026, 03:29 PST/);
    expect(change.textContent).not.toContain('T11:29');
  });

  it('a booking staff entered as confirmed reads as made, not requested', () => {
    render(
      <BookingHistory
        events={[
          {
            at: '2026-11-01T09:00:00Z',
            actor: 'olga@example.com',
            actorType: 'operator',
            action: 'booking.created',
            from: null,
            to: 'confirmed',
          },
        ]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Booking made');
    expect(item).not.toHaveTextContent('Booking requested');
    expect(item).toHaveTextContent('New → to Confirmed');
  });
});
