import { NavLink } from 'react-router';
import { paths } from '~/config/paths';
import { logOut, useAuth } from '~/lib/auth';

export function AccountNavItem() {
  const auth = useAuth();
  if (auth.status === 'signed-in') {
    return (
      <button type="button" onClick={() => void logOut()}>
        Log Out
      </button>
    );
  }
  return <NavLink to={paths.account}>Account</NavLink>;
}
