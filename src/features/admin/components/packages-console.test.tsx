import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPackage } from '#contracts/catalogue';
import { defaultPaymentTerms } from '#contracts/payment';
import { PackagesConsole } from '~/features/admin/components/packages-console';
import { fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

const aPackage = (id: string, name: string, overrides: Partial<AdminPackage> = {}): AdminPackage => ({
  id,
  name,
  description: 'A trip.',
  img: '',
  price: 2000,
  status: 'published',
  durationDays: 5,
  itinerary: [],
  includes: [],
  excludes: [],
  images: [],
  questions: [],
  position: 0,
  updatedAt: '2026-11-25T00:00:00.000Z',
  upcomingDepartures: 3,
  activeBookings: 1,
  ...defaultPaymentTerms,
  translations: {},
  ...overrides,
});

const alps = aPackage('swiss-alpine-lakes', 'Swiss Alpine Lakes');
const kyoto = aPackage('kyoto-temples-and-tea', 'Kyoto Temples & Tea', {
  status: 'draft',
  activeBookings: 0,
});

function renderConsole() {
  const router = createMemoryRouter(
    [
      { path: '/admin/packages', element: <PackagesConsole /> },
      { path: '/admin/packages/:id', element: <p>Editor</p> },
    ],
    { initialEntries: ['/admin/packages'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the catalogue console', () => {
  it('lists every package with its status and counts, and moves one down with the keyboard', async () => {
    const { calls } = fakeFetch({
      'GET /api/admin/packages': () => json(200, { packages: [alps, kyoto] }),
      'PUT /api/admin/packages/order': () => json(200, { packages: [kyoto, alps] }),
    });
    renderConsole();
    const list = await screen.findByRole('list', { name: 'Packages in their order' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Swiss Alpine Lakes');
    expect(rows[0]).toHaveTextContent('Published');
    expect(rows[0]).toHaveTextContent('3 departures');
    expect(rows[0]).toHaveTextContent('1 booking');
    expect(rows[1]).toHaveTextContent('Draft');
    expect(within(rows[0]!).getByRole('button', { name: 'Move up Swiss Alpine Lakes' })).toBeDisabled();

    const user = userEvent.setup();
    within(rows[0]!).getByRole('button', { name: 'Move down Swiss Alpine Lakes' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [kyoto.id, alps.id] });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Swiss Alpine Lakes'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Swiss Alpine Lakes moved down to position 2 of 2.');
    // At the bottom now: focus is on the button that still works.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move up Swiss Alpine Lakes' })).toHaveFocus(),
    );
  });

  it('creates a draft with the id made from its name, and shows a taken id beside the field', async () => {
    let taken = true;
    const { calls } = fakeFetch({
      'GET /api/admin/packages': () => json(200, { packages: [alps] }),
      'POST /api/admin/packages': () =>
        taken
          ? json(409, { message: 'A package already has the id "lofoten-fjords".' })
          : json(201, aPackage('lofoten-fjords', 'Lofoten Fjords', { status: 'draft' })),
    });
    const router = renderConsole();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New package' });
    await user.type(within(form).getByLabelText('Name'), 'Lofoten Fjords');
    expect(within(form).getByLabelText('Id')).toHaveValue('lofoten-fjords');
    await user.type(within(form).getByLabelText('Description'), 'Peaks and fishing villages.');
    await user.type(within(form).getByLabelText('Price per person (US$)'), '2300');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));

    const id = within(form).getByLabelText('Id');
    await waitFor(() =>
      expect(id).toHaveAccessibleDescription('A package already has the id "lofoten-fjords".'),
    );
    expect(id).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      id: 'lofoten-fjords',
      name: 'Lofoten Fjords',
      description: 'Peaks and fishing villages.',
      price: 2300,
    });

    taken = false;
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/packages/lofoten-fjords'));
  });
});
