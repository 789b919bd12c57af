import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '~/components/layout/logo';
import { menuKeydown, menuShownOpen } from '~/components/layout/menu-keys';
import { paths } from '~/config/paths';
import { useAuth, useOperatorRole } from '~/lib/auth';
import { useT } from '~/lib/i18n';

type NavbarProps = {
  // The last item: "Account" for visitors, "Log Out" once signed in. The slot keeps its width
  // either way so the swap after sign-in state loads moves nothing on the page.
  accountSlot: ReactNode;
  extraLinks?: ReactNode;
  // The same page in the other language (./language-switch.tsx), on the pages that have one. It
  // sits in the bar beside the Main navigation, not in it: the site's links stay Home, Blogs,
  // About, then Account, the spec's order (src/components/layout/navbar.test.tsx), in either
  // language.
  languageSwitch?: ReactNode;
};

// "Admin" for owners and operators ("Guide" for guides, below). Nothing is reserved for it: visitors and travellers never see it,
// and an operator's link appears once their token's claims have been read. Showing it grants
// nothing: the server checks the claim on every console call. The link and its count of new
// bookings load only for operators (./admin-link.tsx), so no other visitor downloads them.
const AdminLink = lazy(() => import('~/components/layout/admin-link'));

function AdminNavItem() {
  const auth = useAuth();
  const role = useOperatorRole();
  const known = auth.status === 'signed-in' && role.status === 'known' && role.uid === auth.user.uid;
  // A guide's own screen: a plain link, nothing of the console comes with it.
  if (known && role.role === 'guide') {
    return (
      <li>
        <NavLink to={paths.guide}>Guide</NavLink>
      </li>
    );
  }
  if (!known || !role.operator) return null;
  return (
    <Suspense fallback={null}>
      <AdminLink />
    </Suspense>
  );
}

export function Navbar({ accountSlot, extraLinks, languageSwitch }: NavbarProps) {
  const menuId = useId();
  // Closed, as rendered; unless the page opened it before React hydrated (a visitor's page runs the
  // menu without React, ./menu-island.ts): the first render then matches what the page shows.
  const [open, setOpen] = useState(() => menuShownOpen(menuId));
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const location = useLocation();
  const { t, to } = useT();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const toggle = toggleRef.current;
      const menu = menuRef.current;
      if (toggle && menu) menuKeydown(event, toggle, menu, () => setOpen(false));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="navbar">
      <div className="navbar__inner container">
        <nav className="navbar__nav" aria-label="Main">
          <Link to={to(paths.home)} className="navbar__brand" aria-label={t('Wayfarer Tours home')}>
            <Logo />
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="navbar__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            // A press before React runs is replayed once it does (server/src/pages/defer-hydration.ts);
            // on a visitor's page without React the island works it (./menu-island.ts).
            data-replay-click=""
            data-island="menu"
            // The island's words for the two states, in the page's language.
            data-label-open={t('Close')}
            data-label-closed={t('Menu')}
            onClick={() => setOpen((v) => !v)}
          >
            <span className="navbar__toggle-icon" aria-hidden="true" />
            {open ? t('Close') : t('Menu')}
          </button>
          <ul ref={menuRef} id={menuId} className="navbar__links" data-open={open}>
            <li>
              <NavLink to={to(paths.home)} end>
                {t('Home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={to(paths.blogs)}>{t('Blogs')}</NavLink>
            </li>
            <li>
              <NavLink to={to(paths.about)}>{t('About')}</NavLink>
            </li>
            {extraLinks}
            <AdminNavItem />
            <li className="navbar__account">{accountSlot}</li>
          </ul>
        </nav>
        {languageSwitch ? <div className="navbar__language">{languageSwitch}</div> : null}
      </div>
    </header>
  );
}
