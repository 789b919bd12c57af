import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from '~/components/layout/navbar';
import type { AuthState, OperatorRole } from '~/lib/auth';

const session = vi.hoisted(() => ({
  auth: { status: 'idle' } as AuthState,
  role: { status: 'unknown' } as OperatorRole,
}));

vi.mock('~/lib/auth', () => ({
  useAuth: () => session.auth,
  useOperatorRole: () => session.role,
}));

const user = (uid: string) => ({
  uid,
  displayName: 'Ola Operator',
  email: 'ola@example.com',
  emailVerified: false,
  phoneNumber: null,
  photoURL: null,
  isAnonymous: false,
  providerData: [],
});

function renderAt(path: string, languageSwitch?: ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Navbar accountSlot={<Link to="/account">Account</Link>} languageSwitch={languageSwitch} />
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
  afterEach(() => {
    session.auth = { status: 'idle' };
    session.role = { status: 'unknown' };
  });

  it('links Home, Blogs, About, then Account', () => {
    renderAt('/');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Wayfarer Tours', 'Home', 'Blogs', 'About', 'Account']);
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
  });

  // docs/decisions/071-translation-layer.md: the switch is in the bar, beside the navigation.
  it('keeps Home, Blogs, About, then Account in the Main navigation with a language switch beside it', () => {
    renderAt(
      '/',
      <a href="/es" hrefLang="es">
        Español
      </a>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Wayfarer Tours', 'Home', 'Blogs', 'About', 'Account']);
    const toSpanish = screen.getByRole('link', { name: 'Español' });
    expect(nav).not.toContainElement(toSpanish);
    expect(screen.getByRole('banner')).toContainElement(toSpanish);
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

  it('shows Admin to an operator, in the same list the mobile menu toggles', async () => {
    session.auth = { status: 'signed-in', user: user('op-1') };
    session.role = { status: 'known', uid: 'op-1', operator: true, role: 'operator' };
    renderAt('/');
    const admin = await screen.findByRole('link', { name: 'Admin' });
    expect(admin).toHaveAttribute('href', '/admin');
    const menu = screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls');
    expect(admin.closest('ul')).toHaveAttribute('id', menu);
  });

  it('shows a guide Guide, not Admin', () => {
    session.auth = { status: 'signed-in', user: user('g-1') };
    session.role = { status: 'known', uid: 'g-1', operator: false, role: 'guide' };
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Guide' })).toHaveAttribute('href', '/guide');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it.each([
    ['a visitor', { status: 'signed-out' } as AuthState, { status: 'unknown' } as OperatorRole],
    [
      'a traveller',
      { status: 'signed-in', user: user('t-1') } as AuthState,
      { status: 'known', uid: 't-1', operator: false, role: null } as OperatorRole,
    ],
    [
      'a traveller while the claims are read',
      { status: 'signed-in', user: user('t-1') } as AuthState,
      { status: 'unknown' } as OperatorRole,
    ],
    // A role read for the previous user must not leak to the next one.
    [
      'another user than the operator read before',
      { status: 'signed-in', user: user('t-2') } as AuthState,
      { status: 'known', uid: 'op-1', operator: true, role: 'owner' } as OperatorRole,
    ],
  ])('shows no Admin link to %s', (_who, auth, role) => {
    session.auth = auth;
    session.role = role;
    renderAt('/');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('keeps Tab inside the open menu, and Escape closes it with focus back on the toggle', async () => {
    renderAt('/');
    const keys = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await keys.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const order = ['Close', 'Home', 'Blogs', 'About', 'Account'];
    const focused = () => document.activeElement?.textContent;
    expect(focused()).toBe('Close');
    for (const name of [...order.slice(1), 'Close', 'Home']) {
      await keys.tab();
      expect(focused()).toBe(name);
    }
    await keys.tab({ shift: true });
    await keys.tab({ shift: true });
    expect(focused()).toBe('Account');
    await keys.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    // Closed, Tab moves on through the page as usual.
    await keys.tab();
    expect(focused()).not.toBe('Menu');
  });
});
