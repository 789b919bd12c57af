import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '~/config/paths';
import { laterPaths } from '~/config/later-paths';
import { useOperatorRole } from '~/lib/auth';

// The package being worked on: its editor's, or the one a list is showing (?packageId=).
function currentPackage(pathname: string, search: string): string | null {
  const editor = matchPath('/admin/packages/:id', pathname);
  if (editor?.params.id) return editor.params.id;
  return new URLSearchParams(search).get('packageId');
}

// The tabs that list one package's things keep the package you are on (the Departures tab from a
// package's editor opens that package's dates, not the first package's).
const keepsPackage = new Set<string>([paths.adminBookings, paths.adminDepartures]);

// A tab is current on its own page and every page under it (a booking's record under Bookings).
const tabUnder = (to: string, label: string) => ({ to, label, matches: (p: string) => p.startsWith(to) });

const consoleTabs = [
  // The overview's path is every console page's prefix: it is current on its own page only.
  { to: paths.admin, label: 'Overview', matches: (p: string) => p === paths.admin },
  tabUnder(paths.adminBookings, 'Bookings'),
  tabUnder(paths.adminDepartures, 'Departures'),
  tabUnder(laterPaths.adminMoney, 'Money'),
  tabUnder(paths.adminPackages, 'Packages'),
];

const staffTab = tabUnder(paths.adminStaff, 'Team');

// The console's band under the site's navbar: where you are, and its sections (the team for
// owners only: the server refuses it to anyone else anyway).
export function ConsoleFrame({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const packageId = currentPackage(pathname, search);
  const hrefOf = (to: string) =>
    packageId && keepsPackage.has(to) ? `${to}?${new URLSearchParams({ packageId })}` : to;
  const role = useOperatorRole();
  const tabs = role.status === 'known' && role.role === 'owner' ? [...consoleTabs, staffTab] : consoleTabs;
  return (
    <div className="admin">
      <div className="admin-bar">
        <div className="container admin-bar__inner">
          <p className="admin-bar__name">
            <span className="admin-bar__mark" aria-hidden="true" />
            Operator console
          </p>
          <nav aria-label="Console">
            <ul className="admin-tabs">
              {tabs.map((tab) => (
                <li key={tab.to}>
                  <Link
                    to={hrefOf(tab.to)}
                    aria-current={pathname === tab.to ? 'page' : tab.matches(pathname) ? 'true' : undefined}
                  >
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="container admin-page">{children}</div>
    </div>
  );
}
