import { NavLink, useLocation } from 'react-router';
import { paths } from '~/config/paths';
import { newBookingsCap } from '#contracts/admin';
import { pluralWord } from '#contracts/format';
import { useNewBookings } from '~/lib/use-new-bookings';

// The navbar's Admin link with the count of bookings that arrived since the operator last looked.
// A default export: the navbar loads it with React.lazy, for operators only (./navbar.tsx).
export default function AdminLink() {
  const location = useLocation();
  // Bookings that arrived since this operator last looked at the console, read again on each page.
  const fresh = useNewBookings(true, location.pathname);
  const shown = fresh >= newBookingsCap ? `${newBookingsCap - 1}+` : String(fresh);
  return (
    <li>
      <NavLink to={paths.admin}>
        Admin
        {fresh > 0 ? (
          <>
            <span className="nav-badge" aria-hidden="true">
              {shown}
            </span>
            <span className="sr-only">
              , {shown} new {pluralWord(fresh, 'booking')}
            </span>
          </>
        ) : null}
      </NavLink>
    </li>
  );
}
