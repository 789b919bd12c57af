import { NavLink } from 'react-router';
import { paths } from '~/config/paths';
import { useAuth } from '~/lib/auth';

// "My bookings" in the navbar, for signed-in users only.
export function BookingsNavItem() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  return (
    <li>
      <NavLink to={paths.bookings}>My bookings</NavLink>
    </li>
  );
}
