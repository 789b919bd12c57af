import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPackage } from '#contracts/catalogue';
import { defaultPaymentTerms } from '#contracts/payment';
import { ConsoleFrame } from '~/features/admin/components/console-frame';
import { PackageEditor } from '~/features/admin/components/package-editor';

vi.mock('~/lib/auth', () => ({
  getIdToken: async () => 'operator-token',
  authErrorCode: () => undefined,
  useOperatorRole: () => ({ status: 'known', role: 'operator' }),
}));

const santorini: AdminPackage = {
  id: 'santorini-sunset-sail',
  name: 'Santorini Sunset Sail',
  description: 'Five days on the caldera.',
  img: '',
  price: 1890,
  status: 'published',
  durationDays: 5,
  itinerary: [{ title: 'Arrival in Fira', body: 'Transfer to a cave hotel.' }],
  includes: ['Breakfast'],
  excludes: ['Flights'],
  images: [],
  questions: [],
  position: 0,
  updatedAt: '2026-11-25T00:00:00.000Z',
  ...defaultPaymentTerms,
  translations: {},
  upcomingDepartures: 3,
  activeBookings: 1,
};

function renderEditor() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <ConsoleFrame>
            <Outlet />
          </ConsoleFrame>
        ),
        children: [
          { path: 'packages', element: <h1>All packages</h1> },
          {
            path: 'packages/:id',
            element: <PackageEditor pkg={santorini} onSaved={() => {}} onDeleted={() => {}} />,
          },
          { path: 'departures', element: <h1>Departures</h1> },
          { path: 'bookings', element: <h1>Bookings</h1> },
        ],
      },
    ],
    { initialEntries: ['/admin/packages/santorini-sunset-sail'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the package editor', () => {
  it('asks before leaving with unsaved changes, and stays or leaves as answered', async () => {
    const user = userEvent.setup();
    const router = renderEditor();
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.type(description, ' Bring a hat.');

    await user.click(screen.getByRole('link', { name: '← All packages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/admin/packages/santorini-sunset-sail');
    await user.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(description).toHaveValue('Five days on the caldera. Bring a hat.');

    // A console tab is held the same way; leaving is a choice.
    await user.click(screen.getByRole('link', { name: 'Departures' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { name: 'Departures' })).toBeVisible();
  });

  it('asks the browser to confirm a reload or a closed tab while changes are unsaved, and not before', async () => {
    const user = userEvent.setup();
    renderEditor();
    const before = new Event('beforeunload', { cancelable: true });
    fireEvent(window, before);
    expect(before.defaultPrevented).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Day 1 title' }), ' by ferry');
    const after = new Event('beforeunload', { cancelable: true });
    fireEvent(window, after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('leaves at once without changes, and the Departures tab keeps the package', async () => {
    const user = userEvent.setup();
    const router = renderEditor();
    expect(screen.getByRole('link', { name: 'Departures' })).toHaveAttribute(
      'href',
      '/admin/departures?packageId=santorini-sunset-sail',
    );
    expect(screen.getByRole('link', { name: 'Bookings' })).toHaveAttribute(
      'href',
      '/admin/bookings?packageId=santorini-sunset-sail',
    );
    await user.click(screen.getByRole('link', { name: 'Departures' }));
    expect(await screen.findByRole('heading', { name: 'Departures' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?packageId=santorini-sunset-sail');
  });
});
