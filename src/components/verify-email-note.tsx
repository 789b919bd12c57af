import { useEffect, useState } from 'react';
import { useAuth } from '~/lib/auth';
import { refreshEmailVerified, resendEmailVerification } from '~/lib/auth-actions';
import type { PageUser } from '#contracts/page-session';
import { useT } from '~/lib/i18n';

// Until its address is verified an account gets only a few emails a day about its bookings
// (server/src/mail/outbox.ts): the thank-you page and My bookings say so, with a way to get the
// verification email again. Verified accounts see nothing.
// `renderedFor`: the session cookie's user the server rendered the page for (~/lib/page-data).
// Until the SDK knows the user, the note follows the cookie, so the server renders it and it does
// not appear after hydration, pushing the page below it down.
export function VerifyEmailNote({ renderedFor = null }: { renderedFor?: PageUser | null }) {
  const auth = useAuth();
  const [sending, setSending] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const { t } = useT();
  const account = auth.status === 'signed-in' ? auth.user : auth.status === 'signed-out' ? null : renderedFor;
  const waiting = auth.status === 'signed-in' && !auth.user.emailVerified && !!auth.user.email;
  // The link is clicked in the email app or another tab: back here, ask whether the address is
  // confirmed now, so the note goes and the next call carries a token that says so.
  useEffect(() => {
    if (!waiting) return;
    const check = () => {
      if (document.visibilityState === 'visible') void refreshEmailVerified().catch(() => undefined);
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [waiting]);
  if (!account || account.emailVerified || !account.email) return null;
  const email = account.email;

  const resend = async () => {
    setSending('sending');
    try {
      await resendEmailVerification();
      setSending('sent');
    } catch {
      setSending('failed');
    }
  };

  return (
    <div className="notice verify-email-note">
      <p>{t('Confirm your email address to get every email about your bookings')}</p>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void resend()}
        disabled={sending === 'sending'}
      >
        {t('Resend')}
      </button>
      <p role="status" className="verify-email-note__status">
        {sending === 'sent'
          ? t('We sent a new link to {email}.', { email })
          : sending === 'failed'
            ? t('We could not send it just now. Please try again in a few minutes.')
            : ''}
      </p>
    </div>
  );
}
