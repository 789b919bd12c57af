import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '~/config/paths';
import { useOperatorRole } from '~/lib/auth';

const consoleTabs = [
  {
    to: paths.admin,
    label: 'Overview',
    matches: (p: string) => p === paths.admin,
  },
  {
    to: paths.adminBookings,
    label: 'Bookings',
    matches: (p: string) => p.startsWith(paths.adminBookings),
  },
  {
    to: paths.adminDepartures,
    label: 'Departures',
    matches: (p: string) => p.startsWith(paths.adminDepartures),
  },
  {
    to: paths.adminMoney,
    label: 'Money',
    matches: (p: string) => p.startsWith(paths.adminMoney),
  },
  {
    to: paths.adminPackages,
    label: 'Packages',
    matches: (p: string) => p.startsWith(paths.adminPackages),
  },
];

const staffTab = {
  to: paths.adminStaff,
  label: 'Team',
  matches: (p: string) => p.startsWith(paths.adminStaff),
};

// The console's band under the site's navbar: where you are, and its sections (the team for
// owners only: the server refuses it to anyone else anyway).
export function ConsoleFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
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
                    to={tab.to}
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
