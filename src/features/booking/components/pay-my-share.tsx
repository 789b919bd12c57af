import { useSearchParams } from 'react-router';
import { formatCents } from '#contracts/money';
import { getShare, startShareCheckout } from '~/features/booking/api/payments-api';
import { PayByCard } from '~/features/booking/components/pay-by-card';
import { useRefreshAfterCheckout } from '~/features/booking/hooks/use-refresh-after-checkout';
import { useAsyncData } from '~/lib/use-async-data';
import { useT } from '~/lib/i18n';

// "Pay my share" on a traveller's personal link (PAYMENT_PROVIDER=stripe): the total split by
// traveller (the last share takes the rounding), paid by card without an account. Nothing shows
// without card payments, or when the share cannot be read (the details form is the page's job).
// Back from Stripe Checkout, the share is read again quietly until the payment is recorded, as
// My bookings does.

export function PayMyShare({ token }: { token: string }) {
  const { t, language } = useT();
  const { state, refresh } = useAsyncData(`share:${token}`, (signal) => getShare(token, signal));
  const [params] = useSearchParams();
  const back = params.get('payment');
  useRefreshAfterCheckout(back === 'done' && state.status === 'success' && state.data.dueCents > 0, refresh);
  if (state.status !== 'success' || !state.data.cardPayments) return null;
  const share = state.data;
  const money = (cents: number) => formatCents(cents, share.currency, language);
  return (
    <section
      className="payment-due pay-my-share"
      aria-labelledby="pay-my-share-title"
      data-state={share.dueCents > 0 ? 'deposit-due' : 'paid'}
    >
      <h2 id="pay-my-share-title" className="pay-my-share__title">
        {t('Your share of the trip')}
      </h2>
      <p>
        {t('Your share is {share}; you have paid {paid}.', {
          share: money(share.shareCents),
          paid: money(share.paidCents),
        })}
      </p>
      {back === 'done' && share.dueCents > 0 ? (
        <p role="status">
          {t('Thank you: your card payment went through. It shows here once we have recorded it.')}
        </p>
      ) : null}
      {back === 'cancelled' ? (
        <p role="status">{t('The card payment was cancelled: nothing was charged.')}</p>
      ) : null}
      {share.dueCents > 0 ? (
        <PayByCard
          label={t('Pay my share')}
          amountCents={share.dueCents}
          currency={share.currency}
          start={() => startShareCheckout(token)}
        />
      ) : (
        <p>
          <strong>{t('Nothing more to pay.')}</strong> {t('A receipt went to your email.')}
        </p>
      )}
    </section>
  );
}
