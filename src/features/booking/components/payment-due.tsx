import { formatDeadline, formatTripDate } from '#contracts/format';
import { formatCents } from '#contracts/money';
import { paymentStateLabels, type Payment } from '#contracts/payment';
import { getPaymentInstructions, startCheckout } from '~/features/booking/api/payments-api';
import { PayByCard } from '~/features/booking/components/pay-by-card';
import { SharesPaid } from '~/features/booking/components/shares-paid';
import { useAsyncData } from '~/lib/use-async-data';
import { useT } from '~/lib/i18n';

type PaymentDueProps = {
  payment: Payment;
  reference: string;
  // With card payments (PAYMENT_PROVIDER=stripe): the booking to pay, and its travellers' names
  // for who paid their own share.
  bookingId?: string;
  travellerNames?: string[];
};

// Whether what is due now is (the rest of) the deposit.
const depositPhase = (p: Payment) => p.depositDueAt !== null && p.paidCents < p.depositCents;

// What a booking owes, by when, and how to pay it (PAYMENT_INSTRUCTIONS, with the booking's
// reference), on the thank-you page and in My bookings. The amounts are the server's (integer
// cents, contracts/payment.ts); this only words them.
export function PaymentDue({ payment: p, reference, bookingId, travellerNames = [] }: PaymentDueProps) {
  const { t, known, language } = useT();
  const owes = p.dueNowCents > 0;
  const { state } = useAsyncData(owes ? 'payment-instructions' : null, getPaymentInstructions);
  const money = (cents: number) => formatCents(cents, p.currency, language);
  const by = depositPhase(p)
    ? formatDeadline(p.depositDueAt!, undefined, language)
    : p.balanceDueOn
      ? formatTripDate(p.balanceDueOn, language)
      : null;
  const cardOffered =
    owes && bookingId !== undefined && state.status === 'success' && state.data.provider === 'stripe';
  return (
    <section className="payment-due" aria-label={t('Payment')} data-state={p.state}>
      <p className="payment-due__state">
        <span className={`payment-due__badge payment-due__badge--${p.state}`}>
          {known(paymentStateLabels[p.state])}
        </span>{' '}
        {t('{paid} paid of {total}', { paid: money(p.paidCents), total: money(p.totalCents) })}
      </p>
      {owes ? (
        <p className="payment-due__next">
          <strong>
            {t('{due}: {amount}', {
              due: depositPhase(p) ? t('Deposit due') : t('Balance due'),
              amount: money(p.dueNowCents),
            })}
          </strong>
          {by ? t(' by {date}', { date: by }) : null}
          {p.state === 'overdue' ? t(' (overdue)') : ''}.
          {depositPhase(p) ? t(' Paying it confirms your places.') : null}
        </p>
      ) : null}
      {p.refundDueCents > 0 ? (
        <p className="payment-due__next">
          <strong>{t('We owe you {amount}', { amount: money(p.refundDueCents) })}</strong>
          {t(': we will send it back the way you paid.')}
        </p>
      ) : null}
      <SharesPaid payment={p} travellerNames={travellerNames} />
      {cardOffered && bookingId ? (
        <PayByCard
          label={depositPhase(p) ? t('Pay the deposit') : t('Pay the balance')}
          amountCents={p.dueNowCents}
          currency={p.currency}
          start={() => startCheckout(bookingId, depositPhase(p) ? 'deposit' : 'balance')}
        />
      ) : null}
      {owes ? (
        <p className="payment-due__how">
          {/* With the card button above, the transfer is the other way. */}
          <span className="payment-due__how-label">
            {cardOffered ? t('Or by bank transfer:') : t('How to pay:')}
          </span>{' '}
          {state.status === 'success' ? known(state.data.instructions) : t('by bank transfer.')}{' '}
          {t('Your reference:')} <span className="summary__ref">{reference}</span>
        </p>
      ) : null}
    </section>
  );
}
