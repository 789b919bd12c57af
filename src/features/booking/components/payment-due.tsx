import { formatDeadline, formatTripDate } from '#contracts/format';
import { formatCents } from '#contracts/money';
import { paymentStateLabels, type Payment } from '#contracts/payment';
import { getPaymentInstructions, startCheckout } from '~/features/booking/api/payments-api';
import { PayByCard } from '~/features/booking/components/pay-by-card';
import { SharesPaid } from '~/features/booking/components/shares-paid';
import { useAsyncData } from '~/lib/use-async-data';

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
  const owes = p.dueNowCents > 0;
  const { state } = useAsyncData(owes ? 'payment-instructions' : null, getPaymentInstructions);
  const money = (cents: number) => formatCents(cents, p.currency);
  const by = depositPhase(p)
    ? formatDeadline(p.depositDueAt!)
    : p.balanceDueOn
      ? formatTripDate(p.balanceDueOn)
      : null;
  const cardOffered =
    owes && bookingId !== undefined && state.status === 'success' && state.data.provider === 'stripe';
  return (
    <section className="payment-due" aria-label="Payment" data-state={p.state}>
      <p className="payment-due__state">
        <span className={`payment-due__badge payment-due__badge--${p.state}`}>
          {paymentStateLabels[p.state]}
        </span>{' '}
        {money(p.paidCents)} paid of {money(p.totalCents)}
      </p>
      {owes ? (
        <p className="payment-due__next">
          <strong>
            {depositPhase(p) ? 'Deposit due' : 'Balance due'}: {money(p.dueNowCents)}
          </strong>
          {by ? <> by {by}</> : null}
          {p.state === 'overdue' ? ' (overdue)' : ''}.
          {depositPhase(p) ? ' Paying it confirms your places.' : null}
        </p>
      ) : null}
      {p.refundDueCents > 0 ? (
        <p className="payment-due__next">
          <strong>We owe you {money(p.refundDueCents)}</strong>: we will send it back the way you paid.
        </p>
      ) : null}
      <SharesPaid payment={p} travellerNames={travellerNames} />
      {cardOffered && bookingId ? (
        <PayByCard
          label={depositPhase(p) ? 'Pay the deposit' : 'Pay the balance'}
          amountCents={p.dueNowCents}
          currency={p.currency}
          start={() => startCheckout(bookingId, depositPhase(p) ? 'deposit' : 'balance')}
        />
      ) : null}
      {owes ? (
        <p className="payment-due__how">
          {/* With the card button above, the transfer is the other way. */}
          <span className="payment-due__how-label">
            {cardOffered ? 'Or by bank transfer:' : 'How to pay:'}
          </span>{' '}
          {state.status === 'success' ? state.data.instructions : 'by bank transfer.'} Your reference:{' '}
          <span className="summary__ref">{reference}</span>
        </p>
      ) : null}
    </section>
  );
}
