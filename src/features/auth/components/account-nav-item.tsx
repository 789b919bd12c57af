import { NavLink } from 'react-router';
import { paths } from '~/config/paths';
import { logOut, useAuth } from '~/lib/auth';
import { useT } from '~/lib/i18n';

export function AccountNavItem() {
  const auth = useAuth();
  const { t, to } = useT();
  if (auth.status === 'signed-in') {
    return (
      <button type="button" onClick={() => void logOut()}>
        {t('Log Out')}
      </button>
    );
  }
  return <NavLink to={to(paths.account)}>{t('Account')}</NavLink>;
}
