import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BookingsConsole } from '~/features/admin/components/bookings-console';
import { aBooking, fakeFetch, json, packagesJson } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin', element: <BookingsConsole /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const newer = aBooking({ id: 'a0000000-0000-4000-8000-000000000001', reference: 'WT-NEWER001' });
const older = aBooking({
  id: 'a0000000-0000-4000-8000-000000000002',
  reference: 'WT-OLDER002',
  status: 'cancelled',
});

describe('the bookings list', () => {
  it('marks the bookings made since the operator last looked as New, then records this look', async () => {
    const fresh = aBooking({ createdAt: '2027-01-05T10:15:00.000Z' });
    const seen = aBooking({ ...older, createdAt: '2027-01-01T09:00:00.000Z' });
    const announced: number[] = [];
    const listener = (e: Event) => announced.push((e as CustomEvent<number>).detail);
    window.addEventListener('wayfarer:new-bookings', listener);
    const { calls } = fakeFetch({
      'GET /packages.json': () => json(200, packagesJson),
      'GET /api/admin/bookings': () => json(200, { bookings: [fresh, seen], nextCursor: null }),
      'GET /api/admin/last-seen': () => json(200, { lastSeenAt: '2027-01-03T00:00:00.000Z', newBookings: 1 }),
      'PUT /api/admin/last-seen': () => json(200, { lastSeenAt: '2027-01-06T00:00:00.000Z', newBookings: 0 }),
    });
    renderAt('/admin');
    const table = await screen.findByRole('table', { name: /2 bookings shown/ });
    await waitFor(() => expect(within(table).getAllByText('New')).toHaveLength(1));
    const row = within(table).getByText('New').closest('tr')!;
    expect(within(row).getByRole('link', { name: fresh.reference })).toBeInTheDocument();
    await waitFor(() => expect(announced).toEqual([0]));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('PUT /api/admin/last-seen');
    window.removeEventListener('wayfarer:new-bookings', listener);
  });

  it('shows the newest page, then older bookings with the cursor, each linked to its history', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      'GET /packages.json': () => json(200, packagesJson),
      'GET /api/admin/bookings': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? json(200, { bookings: [older], nextCursor: null })
          : json(200, { bookings: [newer], nextCursor: 'page-2' }),
    });
    renderAt('/admin?status=requested');
    const table = await screen.findByRole('table', { name: '1 booking shown, newest first, filtered' });
    expect(within(table).getByRole('link', { name: 'WT-NEWER001' })).toHaveAttribute(
      'href',
      `/admin/bookings/${newer.id}`,
    );
    expect(within(table).getByText('Requested')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Older bookings' }));
    await screen.findByRole('link', { name: 'WT-OLDER002' });
    const page2 = calls.filter((c) => c.url.pathname === '/api/admin/bookings').at(-1)!;
    expect(Object.fromEntries(page2.url.searchParams)).toEqual({ status: 'requested', cursor: 'page-2' });
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Older bookings' })).toBeNull();
    expect(screen.getByText('That is every booking that matches.')).toBeInTheDocument();
  });

  it('says when nothing matches, with a way back to every booking', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /packages.json': () => json(200, packagesJson),
      'GET /api/admin/bookings': ({ url }) =>
        json(200, { bookings: url.searchParams.has('q') ? [] : [newer], nextCursor: null }),
    });
    const router = renderAt('/admin?q=nobody');
    expect(
      await screen.findByRole('heading', { name: 'No bookings match these filters' }),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: 'WT-NEWER001' })).toBeInTheDocument();
  });

  it('shows the error with Retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeFetch({
      'GET /packages.json': () => json(200, packagesJson),
      'GET /api/admin/bookings': () =>
        fail
          ? json(503, { message: 'The database did not answer.' })
          : json(200, { bookings: [newer], nextCursor: null }),
    });
    renderAt('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database did not answer.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'WT-NEWER001' })).toBeInTheDocument());
  });
});
