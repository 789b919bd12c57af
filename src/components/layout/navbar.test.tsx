import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Navbar } from '~/components/layout/navbar';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Navbar accountSlot={<Link to="/account">Account</Link>} />
            <Outlet />
          </>
        ),
        children: ['', 'blogs', 'about', 'account'].map((p) => ({ path: p, element: <p>page {p}</p> })),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Navbar', () => {
  it('links Home, Blogs, About, then Account', () => {
    renderAt('/');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Wayfarer Tours', 'Home', 'Blogs', 'About', 'Account']);
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
  });

  it('has a mobile menu toggle that reports its state and closes on Escape and on navigation', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(router.state.location.pathname).toBe('/about');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
