import { useState } from 'react';
import { formatCents } from '#contracts/money';
import { ApiError } from '~/lib/api-client';
import { useT } from '~/lib/i18n';

type PayByCardProps = {
  // What the button pays: the rest of the deposit, the balance, or a companion's share.
  label: string;
  amountCents: number;
  currency: string;
  // Asks the server for the Stripe Checkout page (the amount is the server's).
  start: () => Promise<{ url: string }>;
};

// A card payment through Stripe Checkout (PAYMENT_PROVIDER=stripe): the server makes the
// session, and the browser goes to Stripe's page (a navigation, so the site's CSP is untouched);
// Checkout comes back to My bookings or the personal link. docs/decisions/070-stripe-checkout.md.
export function PayByCard({ label, amountCents, currency, start }: PayByCardProps) {
  const { t, known, language } = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await start();
      window.location.assign(url);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? known(e.message)
          : t('The payment page could not be opened. Please try again.'),
      );
      setBusy(false);
    }
  };
  return (
    <div className="pay-by-card">
      <button type="button" className="button button--primary" onClick={pay} disabled={busy} aria-busy={busy}>
        {busy
          ? t('Opening the payment page…')
          : t('{label} ({amount})', { label, amount: formatCents(amountCents, currency, language) })}
      </button>
      <p className="pay-by-card__note">{t('By card, on Stripe’s secure page.')}</p>
      {error ? (
        <p className="pay-by-card__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
