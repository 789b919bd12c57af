// contracts/payment.ts's computation in SQL, on `bookings b` (reading no departure: the balance
// date is stored, bookings.balance_due_on, kept by migration 65's triggers): the deposit and each
// payment state, for the console's `payment=` filter, the money screen and the jobs
// (server/src/payments/jobs.ts). The database's clock stands for the server's (one brand, UTC
// dates). payments.test.ts holds each state here to the one the payload computes.
import { paymentStates, type PaymentState } from '#contracts/payment';

// Nothing for a booking made before payments were recorded (no deadline, not waived:
// contracts/payment.ts madeBeforePayments); everything for a booking made on or after its balance
// date; else the percent of the total rounded half up (bigint: cents x 100 passes integer's range).
// Migration 65's index bookings_deposit_owing holds depositPhase below word for word: the planner
// uses it only while the two match.
export const depositCentsSql = `(CASE WHEN b.deposit_due_at IS NULL AND NOT b.deposit_waived THEN 0
    WHEN (b.created_at AT TIME ZONE 'UTC')::date >= b.balance_due_on
    THEN b.total_cents::bigint ELSE (b.total_cents::bigint * b.deposit_percent + 50) / 100 END)`;

export const todaySql = `(now() AT TIME ZONE 'UTC')::date`;
// The departure's date less the booking's balance_due_days; null without a departure.
export const balanceDueOnSql = 'b.balance_due_on';
const owing = `b.status <> 'cancelled' AND b.paid_cents < b.total_cents`;
export const depositPhaseSql = `(${owing} AND NOT b.deposit_waived AND b.paid_cents < ${depositCentsSql})`;
export const balancePhaseSql = `(${owing} AND (b.deposit_waived OR b.paid_cents >= ${depositCentsSql}))`;

export const paymentStateSql: Record<PaymentState, string> = {
  // A deposit is owed only with a deadline (above): before it, due; after it, overdue.
  'deposit-due': `(${depositPhaseSql} AND b.deposit_due_at >= now())`,
  'balance-due': `(${balancePhaseSql} AND (${balanceDueOnSql} IS NULL OR ${todaySql} <= ${balanceDueOnSql}))`,
  overdue: `((${depositPhaseSql} AND b.deposit_due_at < now()) OR (${balancePhaseSql} AND ${todaySql} > ${balanceDueOnSql}))`,
  paid: `(b.status <> 'cancelled' AND b.paid_cents = b.total_cents)`,
  'refund-due': `((b.status = 'cancelled' AND b.paid_cents > coalesce(b.cancellation_fee_cents, 0))
    OR (b.status <> 'cancelled' AND b.paid_cents > b.total_cents))`,
  settled: `(b.status = 'cancelled' AND b.paid_cents <= coalesce(b.cancellation_fee_cents, 0))`,
};

// Overdue's two halves, each a range of its own index (migrations 65 and 66: a deposit past its
// deadline in bookings_deposit_owing, a balance past its date in bookings_balance_owing; each
// index's condition is its phase word for word, which is what lets the planner use it).
export const overdueHalvesSql = [
  `${depositPhaseSql} AND b.deposit_due_at < now()`,
  `${balancePhaseSql} AND ${todaySql} > ${balanceDueOnSql}`,
] as const;

// The console's `payment=` filter (server/src/admin/bookings-queries.ts): each state's condition,
// but overdue as the ids its two halves read from their own indexes, looked up by key. As one
// condition on the newest-first walk the planner, which cannot tell how few of the bookings still
// owing are past a date, walked every one of them. (The list's pages read overdue through
// bookings-queries.ts's overdueNewest, which fetches only a page's rows.)
export const paymentFilterSql: Record<PaymentState, string> = {
  ...paymentStateSql,
  overdue: `b.id = ANY(ARRAY(
    SELECT b.id FROM bookings b WHERE ${overdueHalvesSql[0]}
    UNION ALL
    SELECT b.id FROM bookings b WHERE ${overdueHalvesSql[1]}))`,
};

// What is due now, in SQL (contracts/payment.ts dueNowCents).
export const dueNowCentsSql = `(CASE WHEN ${depositPhaseSql} THEN ${depositCentsSql} - b.paid_cents
    WHEN ${balancePhaseSql} THEN b.total_cents - b.paid_cents ELSE 0 END)`;
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
