import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signInAgainMessage } from '#contracts/me';
import { Field } from '~/components/field';
import { ApiError } from '~/lib/api-client';
import { logOut, useAuth } from '~/lib/auth';
import { deleteMyAccount, downloadMyData } from '~/features/booking/api/me-api';

// "Your data" on My bookings: the account's export, and its deletion behind a typed confirmation
// (DELETE or the account's email). The server wants a sign-in within 5 minutes for the deletion;
// past it, the traveller is told and offered to sign in again.
export function YourData() {
  const auth = useAuth();
  const navigate = useNavigate();
  const email = auth.status === 'signed-in' ? (auth.user.email ?? '') : '';
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [staleSignIn, setStaleSignIn] = useState(false);
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
      setError(e instanceof Error ? e.message : 'The download failed. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!confirmed) return;
    setBusy('delete');
    setError(null);
    setStaleSignIn(false);
    try {
      await deleteMyAccount();
      await logOut().catch(() => {});
      await navigate('/');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && e.message === signInAgainMessage) {
        setStaleSignIn(true);
      } else {
        setError(e instanceof Error ? e.message : 'The account could not be deleted. Please try again.');
      }
      setBusy(null);
    }
  };

  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>Download everything we store about your account: bookings, travellers, waiting lists and emails.</p>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void download()}
        disabled={busy !== null}
      >
        {busy === 'download' ? 'Preparing…' : 'Download my data'}
      </button>
      <h3>Delete my account</h3>
      <p>
        Your future bookings are cancelled and your personal details erased; we keep only the booking
        references, dates and totals for our accounts. This cannot be undone.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        <Field label="Type DELETE or your email address to confirm">
          {(control) => (
            <input {...control} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          )}
        </Field>
        <button type="submit" className="button button--danger" disabled={!confirmed || busy !== null}>
          {busy === 'delete' ? 'Deleting…' : 'Delete my account'}
        </button>
      </form>
      <div role="alert">
        {staleSignIn ? (
          <p className="form-error">
            For your safety, please sign in again before deleting your account (your last sign-in was more
            than 5 minutes ago). <Link to="/account">Sign in again</Link>
          </p>
        ) : error ? (
          <p className="form-error">{error}</p>
        ) : null}
      </div>
    </section>
  );
}
