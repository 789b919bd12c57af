// contracts/payment.ts's computation in SQL, on `bookings b LEFT JOIN departures d`: the deposit
// and each payment state, for the console's `payment=` filter, the money screen and the jobs
// (server/src/payments/jobs.ts). The database's clock stands for the server's (one brand, UTC
// dates). payments.test.ts holds each state here to the one the payload computes.
import { paymentStates, type PaymentState } from '#contracts/payment';

// Nothing for a booking made before payments were recorded (no deadline, not waived:
// contracts/payment.ts madeBeforePayments); everything for a booking made on or after its balance
// date; else the percent of the total rounded half up (bigint: cents x 100 passes integer's range).
export const depositCentsSql = `(CASE WHEN b.deposit_due_at IS NULL AND NOT b.deposit_waived THEN 0
    WHEN (b.created_at AT TIME ZONE 'UTC')::date >= d.starts_on - b.balance_due_days
    THEN b.total_cents::bigint ELSE (b.total_cents::bigint * b.deposit_percent + 50) / 100 END)`;

const today = `(now() AT TIME ZONE 'UTC')::date`;
export const balanceDueOnSql = '(d.starts_on - b.balance_due_days)';
const owing = `b.status <> 'cancelled' AND b.paid_cents < b.total_cents`;
const depositPhase = `(${owing} AND NOT b.deposit_waived AND b.paid_cents < ${depositCentsSql})`;
const balancePhase = `(${owing} AND (b.deposit_waived OR b.paid_cents >= ${depositCentsSql}))`;

export const paymentStateSql: Record<PaymentState, string> = {
  // A deposit is owed only with a deadline (above): before it, due; after it, overdue.
  'deposit-due': `(${depositPhase} AND b.deposit_due_at >= now())`,
  'balance-due': `(${balancePhase} AND (d.starts_on IS NULL OR ${today} <= ${balanceDueOnSql}))`,
  overdue: `((${depositPhase} AND b.deposit_due_at < now()) OR (${balancePhase} AND ${today} > ${balanceDueOnSql}))`,
  paid: `(b.status <> 'cancelled' AND b.paid_cents = b.total_cents)`,
  'refund-due': `((b.status = 'cancelled' AND b.paid_cents > coalesce(b.cancellation_fee_cents, 0))
    OR (b.status <> 'cancelled' AND b.paid_cents > b.total_cents))`,
  settled: `(b.status = 'cancelled' AND b.paid_cents <= coalesce(b.cancellation_fee_cents, 0))`,
};

// What is due now, in SQL (contracts/payment.ts dueNowCents).
export const dueNowCentsSql = `(CASE WHEN ${depositPhase} THEN ${depositCentsSql} - b.paid_cents
    WHEN ${balancePhase} THEN b.total_cents - b.paid_cents ELSE 0 END)`;
// What the brand owes back (refundDueCents).
export const refundDueCentsSql = `(CASE WHEN b.status = 'cancelled' THEN greatest(0, b.paid_cents - coalesce(b.cancellation_fee_cents, 0))
    ELSE greatest(0, b.paid_cents - b.total_cents) END)`;

// A booking's state in one column, each state's condition in the contract's order
// (contracts/payment.ts lists the states once).
export const paymentStateCaseSql = `(CASE ${paymentStates
  .map((state) => `WHEN ${paymentStateSql[state]} THEN '${state}'`)
  .join(' ')} END)`;

// An entry as it counts towards what is paid: payments add, refunds take away. Summed over a
// booking's entries it is bookings.paid_cents (migration 60's trigger keeps that sum; the tests and
// the benchmark check it).
export const signedAmountSql = `(CASE WHEN e.kind = 'payment' THEN e.amount_cents ELSE -e.amount_cents END)`;
export const ledgerPaidCentsSql = `(SELECT coalesce(sum(${signedAmountSql}), 0) FROM payment_entries e WHERE e.booking_id = b.id)`;
