import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { signInAgainMessage } from '#contracts/me';
import { Field } from '~/components/field';
import { laterPaths } from '~/config/later-paths';
import { ApiError } from '~/lib/api-client';
import { authErrorCode, useAuth } from '~/lib/auth';
import { reauthenticate } from '~/lib/auth-actions';
import { deleteMyAccount, downloadMyData } from '~/features/booking/api/me-api';
import { msg } from '#contracts/i18n';
import { useT } from '~/lib/i18n';

// What a failed re-authentication says, where the password was typed: English, marked, shown in
// the page's language (`known`).
const reauthMessage = (error: unknown) => {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return msg('That password is not right. Please try again.');
    case 'auth/too-many-requests':
      return msg('Too many tries. Please wait a few minutes and try again.');
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return msg('The Google window was closed before you signed in. Please try again.');
    case 'auth/popup-blocked':
      return msg('Your browser blocked the Google window. Please allow pop-ups for this site and try again.');
    case 'auth/user-mismatch':
      return msg('That is another Google account. Please choose the account you are signed in with.');
    case 'auth/network-request-failed':
      return msg('We could not reach the sign-in service. Please check your connection and try again.');
    default:
      return msg('We could not check your sign-in. Please try again.');
  }
};

// "Your data" on My bookings: the account's export, and its deletion behind a typed confirmation
// (DELETE or the account's email). The server wants a sign-in within 5 minutes for the deletion;
// past it, the traveller confirms who they are right here (their password, or Google for a Google
// account) and the deletion goes ahead; it ends on a page that says the account is gone.
export function YourData() {
  const auth = useAuth();
  const navigate = useNavigate();
  // In the page's language; the server's and the sign-in's messages too where the catalogue has them.
  const { t, known, to } = useT();
  const email = auth.status === 'signed-in' ? (auth.user.email ?? '') : '';
  const withPassword =
    auth.status === 'signed-in' && auth.user.providerData.some((p) => p.providerId === 'password');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [staleSignIn, setStaleSignIn] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const googleRef = useRef<HTMLButtonElement>(null);

  // The question appears where the person is looking: focus goes to it.
  useEffect(() => {
    if (staleSignIn) (passwordRef.current ?? googleRef.current)?.focus();
  }, [staleSignIn]);
  const confirmed =
    typed.trim() === 'DELETE' || (email !== '' && typed.trim().toLowerCase() === email.toLowerCase());

  const download = async () => {
    setBusy('download');
    setError(null);
    try {
      const { blob, filename } = await downloadMyData();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setError(known(e instanceof Error ? e.message : t('The download failed. Please try again.')));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!confirmed) return;
    setBusy('delete');
    setError(null);
    try {
      await deleteMyAccount();
      // The confirmation page signs out once it is shown (src/routes/account-deleted.tsx): signed
      // out while My bookings is still on screen, the protected layout
      // (src/routes/protected-layout.tsx) sent the person to the login form instead.
      await navigate(to(laterPaths.accountDeleted), { replace: true, state: { signOut: true } });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && e.message === signInAgainMessage) {
        setStaleSignIn(true);
      } else {
        setError(
          known(e instanceof Error ? e.message : t('The account could not be deleted. Please try again.')),
        );
      }
      setBusy(null);
    }
  };

  // Signed in again (a fresh token, a new sign-in time): the deletion goes ahead.
  const confirmAndRemove = async () => {
    if (busy) return;
    if (withPassword && password === '') {
      setPasswordError(t('Enter your password.'));
      passwordRef.current?.focus();
      return;
    }
    setBusy('delete');
    setPasswordError(null);
    try {
      await reauthenticate(withPassword ? password : null);
    } catch (e) {
      setPasswordError(known(reauthMessage(e)));
      setBusy(null);
      passwordRef.current?.focus();
      return;
    }
    setStaleSignIn(false);
    setPassword('');
    await remove();
  };

  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t('Your data')}</h2>
      <p>
        {t('Download everything we store about your account: bookings, travellers, waiting lists and emails.')}
      </p>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void download()}
        disabled={busy !== null}
      >
        {busy === 'download' ? t('Preparing…') : t('Download my data')}
      </button>
      <h3>{t('Delete my account')}</h3>
      <p>
        {t(
          'Your future bookings are cancelled and your personal details erased; we keep only the booking references, dates and totals for our accounts. This cannot be undone.',
        )}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        <Field label={t('Type DELETE or your email address to confirm')}>
          {(control) => (
            <input {...control} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          )}
        </Field>
        {!staleSignIn && (
          <button type="submit" className="button button--danger" disabled={!confirmed || busy !== null}>
            {busy === 'delete' ? t('Deleting…') : t('Delete my account')}
          </button>
        )}
      </form>
      {staleSignIn && (
        <form
          className="your-data__reauth"
          aria-labelledby="your-data-reauth"
          onSubmit={(event) => {
            event.preventDefault();
            void confirmAndRemove();
          }}
          noValidate
        >
          <p id="your-data-reauth" className="your-data__reauth-text">
            {withPassword
              ? t(
                  'For your safety, enter your password to confirm it is you (your last sign-in was more than 5 minutes ago).',
                )
              : t(
                  'For your safety, sign in with Google again to confirm it is you (your last sign-in was more than 5 minutes ago).',
                )}
          </p>
          {withPassword ? (
            <>
              <Field label={t('Your password')} error={passwordError ?? undefined} alertError>
                {(control) => (
                  <input
                    {...control}
                    ref={passwordRef}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                )}
              </Field>
              <button type="submit" className="button button--danger" aria-busy={busy === 'delete'}>
                {busy === 'delete' ? t('Deleting…') : t('Confirm and delete my account')}
              </button>
            </>
          ) : (
            <>
              {passwordError && (
                <p className="form-error" role="alert">
                  {passwordError}
                </p>
              )}
              <button
                ref={googleRef}
                type="submit"
                className="button button--danger"
                aria-busy={busy === 'delete'}
              >
                {busy === 'delete' ? t('Deleting…') : t('Confirm with Google and delete my account')}
              </button>
            </>
          )}
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              setStaleSignIn(false);
              setPassword('');
              setPasswordError(null);
            }}
          >
            {t('Keep my account')}
          </button>
        </form>
      )}
      <div role="alert">{error ? <p className="form-error">{error}</p> : null}</div>
    </section>
  );
}
