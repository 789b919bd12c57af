import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { Spinner } from '~/components/spinner';
import { AccountForm } from '~/features/auth/components/account-form';
import { startAuth, useAuth } from '~/lib/auth';
import { safeRedirect } from '~/lib/safe-redirect';
import { pageMeta } from '~/lib/seo';
import { paths } from '~/config/paths';

export const meta = () =>
  pageMeta({
    title: 'Log in or sign up',
    description: 'Log in to Wayfarer Tours, create an account, or reset your password.',
    path: paths.account,
  });

export default function Account() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  useEffect(() => startAuth({ force: true }), []);

  // Signed in (on arrival or after logging in): go to the remembered path, or home.
  useEffect(() => {
    if (auth.status === 'signed-in') navigate(safeRedirect(from), { replace: true });
  }, [auth.status, from, navigate]);

  return (
    <section className="section container account">
      {/* 'idle' is the prerendered HTML: a visitor with no session sees the form at once. */}
      {auth.status === 'signed-out' || auth.status === 'idle' ? (
        <AccountForm />
      ) : (
        <Spinner label="Checking your sign-in…" />
      )}
      <ToastContainer position="top-center" autoClose={5000} />
    </section>
  );
}
