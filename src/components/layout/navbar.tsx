import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '~/components/layout/logo';
import { paths } from '~/config/paths';

type NavbarProps = {
  // The last item: "Account" for visitors, "Log Out" once signed in. The slot keeps its width
  // either way so the swap after sign-in state loads moves nothing on the page.
  accountSlot: ReactNode;
  extraLinks?: ReactNode;
};

export function Navbar({ accountSlot, extraLinks }: NavbarProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="navbar">
      <nav className="navbar__inner container" aria-label="Main">
        <Link to={paths.home} className="navbar__brand" aria-label="Wayfarer Tours home">
          <Logo />
        </Link>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="navbar__toggle-icon" aria-hidden="true" />
          {open ? 'Close' : 'Menu'}
        </button>
        <ul id={menuId} className="navbar__links" data-open={open}>
          <li>
            <NavLink to={paths.home} end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.blogs}>Blogs</NavLink>
          </li>
          <li>
            <NavLink to={paths.about}>About</NavLink>
          </li>
          {extraLinks}
          <li className="navbar__account">{accountSlot}</li>
        </ul>
      </nav>
    </header>
  );
}
