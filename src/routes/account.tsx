import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { Spinner } from '~/components/spinner';
import { AccountForm } from '~/features/auth/components/account-form';
import { usePackageName } from '~/features/packages/hooks/use-packages';
import { startAuth, useAuth } from '~/lib/auth';
import { safeRedirect } from '~/lib/safe-redirect';
import { pageMeta } from '~/lib/seo';
import { paths } from '~/config/paths';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/account';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t, language } = pageTranslator(location.pathname);
  return pageMeta({
    title: t('Log in or sign up'),
    description: t('Log in to Wayfarer Tours, create an account, or reset your password.'),
    path: paths.account,
    language,
  });
};

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

export default function Account() {
  const auth = useAuth();
  const { t, to } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  useEffect(() => startAuth({ force: true }), []);

  // Sent here from a package page: say what the visitor was about to book. The page is
  // prerendered without history state, so the line appears once hydrated, never during it.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const packageId =
    hydrated && typeof from === 'string'
      ? (/^(?:\/[a-z]{2})?\/package\/([^/?#]+)/.exec(from)?.[1] ?? null)
      : null;
  const packageName = usePackageName(packageId === null ? null : decodeURIComponent(packageId));

  // Signed in (on arrival or after logging in): go to the remembered path, or home.
  useEffect(() => {
    if (auth.status === 'signed-in') navigate(safeRedirect(from, to(paths.home)), { replace: true });
  }, [auth.status, from, navigate, to]);

  return (
    <section className="section container account">
      {/* 'idle' is the prerendered HTML: a visitor with no session sees the form at once. */}
      {auth.status === 'signed-out' || auth.status === 'idle' ? (
        <AccountForm
          purpose={
            packageId === null
              ? undefined
              : packageName === ''
                ? ''
                : packageName
                  ? t('Log in or sign up to book {trip}', { trip: packageName })
                  : t('Log in or sign up to book this trip')
          }
        />
      ) : (
        <Spinner label={t('Checking your sign-in…')} />
      )}
      <ToastContainer position="top-center" autoClose={5000} />
    </section>
  );
}
