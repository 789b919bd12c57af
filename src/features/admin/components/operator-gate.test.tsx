import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OperatorGate } from '~/features/admin/components/operator-gate';

const refreshStaffRole = vi.hoisted(() => vi.fn<() => Promise<'owner' | 'operator' | 'guide' | null>>());
vi.mock('~/lib/auth-actions', () => ({ refreshStaffRole }));

// Stands for a console page: it asks the API as soon as it renders.
function ConsolePage() {
  useEffect(() => {
    void fetch('/api/admin/bookings');
  }, []);
  return <h1>Bookings</h1>;
}

function renderGate() {
  const router = createMemoryRouter(
    [
      { path: '/guide', element: <h1>Your departures</h1> },
      {
        path: '/admin',
        element: (
          <OperatorGate uid="u-1" email="tess@example.com">
            <ConsolePage />
          </OperatorGate>
        ),
      },
    ],
    { initialEntries: ['/admin'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the operator gate', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
  });

  it('shows a traveller the "not allowed" page, with a way home, and fetches nothing', async () => {
    refreshStaffRole.mockResolvedValue(null);
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access…');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is for Wayfarer Tours staff' }),
    ).toBeInTheDocument();
    expect(screen.getByText('tess@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'Bookings' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(refreshStaffRole).toHaveBeenCalledTimes(1);
  });

  it('lets an operator in once the fresh token says so', async () => {
    refreshStaffRole.mockResolvedValue('operator');
    renderGate();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    // The page's effect runs after the heading is on screen: on a loaded machine the heading
    // could be found before it had.
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith('/api/admin/bookings'));
  });

  it('offers Retry when the identity provider cannot be reached', async () => {
    const user = userEvent.setup();
    refreshStaffRole
      .mockRejectedValueOnce(new Error('auth/network-request-failed'))
      .mockResolvedValueOnce('owner');
    renderGate();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your access.');
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Bookings' })).toBeInTheDocument());
  });

  it('sends a guide to their own screen, and fetches nothing of the console', async () => {
    refreshStaffRole.mockResolvedValue('guide');
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Your departures' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
