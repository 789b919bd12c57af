import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { getIdToken, startAuth, useAuth } from '~/lib/auth';
import { clearSessionCookie, exchangeSessionCookie } from '~/lib/session-cookie';
import { loadPageData, PreloadedProvider, useMatchedPreloads, usePageUser } from '~/lib/page-data';
import type { Route } from './+types/protected-layout';
import { useT } from '~/lib/i18n';

// On the server: the session cookie's user, if the request carried a valid one. The pages below
// read their data as that user in their own loaders.
export const loader = ({ context }: Route.LoaderArgs) => loadPageData(context, []);

// Signed-in pages. With a session cookie the server has rendered the page with its data and it
// shows at once; the Firebase SDK loads after it to take over. Without one: a spinner while the
// auth state loads; signed out, off to /account, remembering where the visitor wanted to go.
export default function ProtectedLayout() {
  const auth = useAuth();
  const pageUser = usePageUser();
  const location = useLocation();
  const preloaded = useMatchedPreloads();
  const { t, to } = useT();
  useEffect(() => startAuth({ force: true }), []);

  const signedIn = auth.status === 'signed-in';
  const renderedFor = pageUser?.uid;
  const browserUser = signedIn ? auth.user.uid : undefined;
  useEffect(() => {
    // The server rendered this page for nobody, or for someone else: the cookie is missing,
    // expired or revoked, and the browser knows its user, so it asks for a new one.
    if (browserUser && renderedFor !== browserUser) void exchangeSessionCookie(browserUser, getIdToken, true);
  }, [browserUser, renderedFor]);
  useEffect(() => {
    // Signed out in the browser (another tab, cleared storage) while the cookie lived on.
    if (auth.status === 'signed-out' && renderedFor) void clearSessionCookie();
  }, [auth.status, renderedFor]);

  const page = (
    <PreloadedProvider value={preloaded}>
      <Outlet />
    </PreloadedProvider>
  );
  if (signedIn) return page;
  if (auth.status === 'signed-out') {
    return (
      <Navigate to={to(paths.account)} replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  if (pageUser) return page;
  return (
    <div className="page-loading">
      <Spinner label={t('Checking your sign-in…')} />
    </div>
  );
}
