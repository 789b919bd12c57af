import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { startAuth, useAuth } from '~/lib/auth';

// Signed-in pages: a spinner while the auth state loads; signed out, off to /account,
// remembering where the visitor wanted to go.
export default function ProtectedLayout() {
  const auth = useAuth();
  const location = useLocation();
  useEffect(() => startAuth({ force: true }), []);

  if (auth.status === 'signed-in') return <Outlet />;
  if (auth.status === 'signed-out') {
    return <Navigate to={paths.account} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return (
    <div className="page-loading">
      <Spinner label="Checking your sign-in…" />
    </div>
  );
}
