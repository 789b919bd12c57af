import { useState } from 'react';
import { resendEmailVerification, useAuth } from '~/lib/auth';

// Until its address is verified an account gets only a few emails a day about its bookings
// (server/src/mail/outbox.ts): the thank-you page and My bookings say so, with a way to get the
// verification email again. Verified accounts see nothing.
export function VerifyEmailNote() {
  const auth = useAuth();
  const [sending, setSending] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (auth.status !== 'signed-in' || auth.user.emailVerified || !auth.user.email) return null;

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
      <p>Confirm your email address to get every email about your bookings</p>
      <button
        type="button"
        className="button button--outline"
        onClick={() => void resend()}
        disabled={sending === 'sending'}
      >
        Resend
      </button>
      <p role="status" className="verify-email-note__status">
        {sending === 'sent'
          ? `We sent a new link to ${auth.user.email}.`
          : sending === 'failed'
            ? 'We could not send it just now. Please try again in a few minutes.'
            : ''}
      </p>
    </div>
  );
}
