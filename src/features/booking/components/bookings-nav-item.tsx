import { NavLink } from 'react-router';
import { paths } from '~/config/paths';
import { useAuth } from '~/lib/auth';
import { useT } from '~/lib/i18n';

// "My bookings" in the navbar, for signed-in users only.
export function BookingsNavItem() {
  const auth = useAuth();
  const { t, to } = useT();
  if (auth.status !== 'signed-in') return null;
  return (
    <li>
      <NavLink to={to(paths.bookings)}>{t('My bookings')}</NavLink>
    </li>
  );
}
