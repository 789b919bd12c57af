import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingsConsole } from '~/features/admin/components/bookings-console';
import {
  aBooking,
  aDeparture,
  fakeFetch,
  json,
  packagesJson,
  type FakeRequest,
} from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

const june = aDeparture({ id: '11111111-1111-4111-8111-111111111111', startsOn: '2027-06-12' });
const july = aDeparture({
  id: '22222222-2222-4222-8222-222222222222',
  startsOn: '2027-07-03',
  status: 'closed',
});

let listCalls: URLSearchParams[];

function api() {
  listCalls = [];
  return fakeFetch({
    'GET /packages.json': () => json(200, packagesJson),
    'GET /api/admin/departures': ({ url }) =>
      json(200, {
        departures: url.searchParams.get('packageId') === 'swiss-alpine-lakes' ? [june, july] : [],
      }),
    'GET /api/admin/bookings': ({ url }: FakeRequest) => {
      listCalls.push(url.searchParams);
      return json(200, { bookings: [aBooking()], nextCursor: null });
    },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin', element: <BookingsConsole /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const query = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);
const lastListCall = () => Object.fromEntries(listCalls.at(-1)!);

describe('bookings filters', () => {
  beforeEach(() => {
    api();
  });

  it('puts every filter in the URL query and asks the API for the same', async () => {
    const user = userEvent.setup();
    const router = renderAt('/admin');
    const filters = screen.getByRole('search', { name: 'Filter bookings' });
    await screen.findByRole('link', { name: 'WT-7K2M9QXA' });
    expect(lastListCall()).toEqual({});

    await user.selectOptions(within(filters).getByLabelText('Status'), 'Confirmed');
    expect(query(router).get('status')).toBe('confirmed');
    await waitFor(() => expect(lastListCall()).toEqual({ status: 'confirmed' }));

    const departure = within(filters).getByLabelText('Departure');
    expect(departure).toBeDisabled();
    await within(filters).findByRole('option', { name: 'Swiss Alpine Lakes' });
    await user.selectOptions(within(filters).getByLabelText('Package'), 'Swiss Alpine Lakes');
    expect(query(router).get('packageId')).toBe('swiss-alpine-lakes');
    expect(departure).toBeEnabled();
    await within(filters).findByRole('option', { name: 'Sat 3 Jul 2027 (closed)' });
    await user.selectOptions(departure, 'Sat 12 Jun 2027');
    expect(query(router).get('departureId')).toBe(june.id);
    await waitFor(() =>
      expect(lastListCall()).toEqual({
        status: 'confirmed',
        packageId: 'swiss-alpine-lakes',
        departureId: june.id,
      }),
    );

    // The departure belonged to the package: a new package clears it.
    await user.selectOptions(within(filters).getByLabelText('Package'), 'kyoto-temples-and-tea');
    expect(query(router).get('departureId')).toBeNull();
    expect(query(router).get('packageId')).toBe('kyoto-temples-and-tea');
  });

  it('debounces the search: the URL and the API follow once typing pauses', async () => {
    const user = userEvent.setup();
    const router = renderAt('/admin');
    await screen.findByRole('link', { name: 'WT-7K2M9QXA' });
    const calls = listCalls.length;
    const search = screen.getByLabelText('Search');
    await user.type(search, 'anna lind');
    expect(search).toHaveValue('anna lind');
    // Nine keystrokes, no request for each of them.
    expect(listCalls.length).toBe(calls);
    await waitFor(() => expect(query(router).get('q')).toBe('anna lind'));
    await waitFor(() => expect(lastListCall()).toEqual({ q: 'anna lind' }));
    expect(listCalls.length).toBe(calls + 1);
  });

  it('opens a shared link with its filters in the fields, and clears them', async () => {
    const user = userEvent.setup();
    const router = renderAt(
      `/admin?status=cancelled&packageId=swiss-alpine-lakes&departureId=${july.id}&q=WT-7K2M`,
    );
    expect(screen.getByLabelText('Search')).toHaveValue('WT-7K2M');
    expect(screen.getByLabelText('Status')).toHaveValue('cancelled');
    await waitFor(() => expect(screen.getByLabelText('Package')).toHaveDisplayValue('Swiss Alpine Lakes'));
    await waitFor(() =>
      expect(screen.getByLabelText('Departure')).toHaveDisplayValue('Sat 3 Jul 2027 (closed)'),
    );
    await waitFor(() =>
      expect(lastListCall()).toEqual({
        status: 'cancelled',
        packageId: 'swiss-alpine-lakes',
        departureId: july.id,
        q: 'WT-7K2M',
      }),
    );

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    await waitFor(() => expect(lastListCall()).toEqual({}));
  });

  it('ignores a status that does not exist instead of sending it', async () => {
    renderAt('/admin?status=lost');
    await screen.findByRole('link', { name: 'WT-7K2M9QXA' });
    expect(lastListCall()).toEqual({});
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });
});
