import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminBooking } from '#contracts/api';
import { adminPaths } from '~/features/admin/api/admin-api';
import { BookingRecord } from '~/features/admin/components/booking-record';
import { aBooking, fakeFetch, json } from '~/features/admin/test/fake-api';
import { PreloadedProvider } from '~/lib/page-data';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

// The record as the server rendered it (its loader's answers), the console in English.
function renderRecord(booking: AdminBooking) {
  fakeFetch({
    [`GET /api/admin/bookings/${booking.id}`]: () => json(200, booking),
    [`GET /api/admin/bookings/${booking.id}/events`]: () => json(200, { events: [] }),
    'GET /api/admin/departures': () => json(200, { departures: [] }),
    'GET /packages.json': () => json(200, []),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/admin/bookings/:id',
        element: (
          <PreloadedProvider
            value={{
              [adminPaths.booking(booking.id)]: booking,
              [adminPaths.events(booking.id)]: { events: [] },
            }}
          >
            <BookingRecord bookingId={booking.id} />
          </PreloadedProvider>
        ),
      },
    ],
    { initialEntries: [`/admin/bookings/${booking.id}`] },
  );
  render(<RouterProvider router={router} />);
}

const details = () => within(screen.getByRole('region', { name: 'Details' }));

describe('the console’s booking record', () => {
  it('names the language the booking was made in, in English', () => {
    renderRecord(aBooking({ language: 'es' }));
    expect(details().getByText('Language').nextElementSibling).toHaveTextContent('Spanish');
  });

  it('reads English for a booking made on the English site', () => {
    renderRecord(aBooking({ language: 'en' }));
    expect(details().getByText('Language').nextElementSibling).toHaveTextContent('English');
  });

  it('reads English for a booking kept from before the language was stored', () => {
    const { language: _none, ...old } = aBooking();
    renderRecord(old);
    expect(details().getByText('Language').nextElementSibling).toHaveTextContent('English');
  });
});
