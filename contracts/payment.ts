// Contract v5's money on a booking, computed in one place for the browser and the server: the
// deposit, the balance date, what is due now, the payment state and the cancellation quote. Every
// amount is an integer of cents; nothing here multiplies or divides a float that is then kept.
// No path alias here: the server imports this file directly.
import type { BookingStatus } from './booking.js';
import { addDays, daysBetween } from './iso-dates.js';
import { formatCents } from './money.js';
import { msg, translator } from './i18n.js';
import type { Language } from './language.js';

export type CancellationFee = { daysBefore: number; percent: number };
export type PaymentTerms = {
  // 0-100: the share of the total due as the deposit (0: nothing until the balance date).
  depositPercent: number;
  // 0-365: the balance is due that many days before the departure.
  balanceDueDays: number;
  // daysBefore strictly decreasing, percent increasing: fewer than daysBefore days before the
  // departure, a traveller's cancellation keeps the larger of the deposit and percent of the total.
  cancellationFees: CancellationFee[];
};

// The seeded packages' terms, and every package's until staff change them (migration 60).
export const defaultPaymentTerms: PaymentTerms = {
  depositPercent: 20,
  balanceDueDays: 60,
  cancellationFees: [
    { daysBefore: 60, percent: 50 },
    { daysBefore: 30, percent: 100 },
  ],
};

export const defaultDepositDueHours = 168;

export const paymentStates = [
  'deposit-due',
  'balance-due',
  'overdue',
  'paid',
  'refund-due',
  'settled',
] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentStateLabels: Record<PaymentState, string> = {
  'deposit-due': msg('Deposit due'),
  'balance-due': msg('Balance due'),
  overdue: msg('Overdue'),
  paid: msg('Paid'),
  'refund-due': msg('Refund due'),
  settled: msg('Settled'),
};

export const paymentKinds = ['payment', 'refund'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const paymentMethods = ['card', 'bank-transfer', 'cash', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  card: msg('Card'),
  'bank-transfer': msg('Bank transfer'),
  cash: msg('Cash'),
  other: msg('Other'),
};

export const paymentKindLabels: Record<PaymentKind, string> = { payment: 'Payment', refund: 'Refund' };

// An entry as the console's ledger and money screen name it ("Payment · Bank transfer") and its
// amount as it counts ("−$98.10" for a refund).
export const entryLabel = (e: Pick<PaymentEntry, 'kind' | 'method'>) =>
  `${paymentKindLabels[e.kind]} · ${paymentMethodLabels[e.method]}`;
export const formatEntryAmount = (e: Pick<PaymentEntry, 'kind' | 'amountCents'>, currency: string) =>
  `${e.kind === 'refund' ? '−' : ''}${formatCents(e.amountCents, currency)}`;

export type PaymentEntry = {
  id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  amountCents: number;
  at: string;
  reference: string | null;
  note: string | null;
  // Whose share a card payment from a traveller's personal link paid (0 the lead); null for a
  // payment towards the booking as a whole.
  travellerPosition: number | null;
};

// How travellers pay: staff record every payment (manual), or cards through Stripe Checkout.
export const paymentProviders = ['manual', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
// What a Checkout Session pays: the rest of the deposit, or everything still owed.
export const checkoutPurposes = ['deposit', 'balance'] as const;
export type CheckoutPurpose = (typeof checkoutPurposes)[number];

export type Payment = {
  currency: string;
  totalCents: number;
  depositCents: number;
  // When the deposit must be paid (ISO date-time); null when waived or for a booking made before
  // payments were recorded.
  depositDueAt: string | null;
  // The day the balance is due (YYYY-MM-DD); null without a departure date.
  balanceDueOn: string | null;
  // Payments minus refunds: what the brand holds. Never negative (the database's CHECK).
  paidCents: number;
  refundedCents: number;
  // What the traveller should pay now: the rest of the deposit while it is due, else the rest of
  // the total (due by balanceDueOn); 0 when nothing is owed.
  dueNowCents: number;
  // What the brand owes back (state refund-due); 0 otherwise. Beyond DESIGN.md's list: the console
  // and the emails show the amount, not only the state (docs/decisions/067-payment-ledger.md).
  refundDueCents: number;
  state: PaymentState;
  entries: PaymentEntry[];
};

// What a booking stores about its money (migration 60), as the computation needs it.
export type PaymentFacts = PaymentTerms & {
  totalCents: number;
  status: BookingStatus;
  startsOn: string | null;
  // When the booking was made (ISO date-time).
  createdAt: string;
  depositDueAt: string | null;
  depositWaived: boolean;
  paidCents: number;
  refundedCents: number;
  // What the brand keeps of a cancelled booking (0 when the brand cancelled); null while active.
  cancellationFeeCents: number | null;
  entries: PaymentEntry[];
};

// percent of cents, rounded half up: integers only (a total is at most 12 x 100,000 dollars, so
// cents x 100 stays far inside the exact range of a double).
export const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

// The balance date: balanceDueDays before the departure.
export const balanceDueOn = (startsOn: string | null, balanceDueDays: number) =>
  startsOn ? addDays(startsOn, -balanceDueDays) : null;

// A booking made before payments were recorded: it has no deposit deadline and staff did not
// waive one (every booking made since has one or the other). It was made when no payment was
// taken, under no terms: it owes no deposit and no cancellation fee, only its total by the balance
// date (docs/decisions/069-bookings-before-payments.md).
export const madeBeforePayments = (f: Pick<PaymentFacts, 'depositDueAt' | 'depositWaived'>) =>
  f.depositDueAt === null && !f.depositWaived;

// The deposit. A booking made on or after its balance date owes everything at once.
export function depositCents(
  f: Pick<
    PaymentFacts,
    | 'totalCents'
    | 'depositPercent'
    | 'balanceDueDays'
    | 'startsOn'
    | 'createdAt'
    | 'depositDueAt'
    | 'depositWaived'
  >,
) {
  if (madeBeforePayments(f)) return 0;
  const due = balanceDueOn(f.startsOn, f.balanceDueDays);
  if (due !== null && f.createdAt.slice(0, 10) >= due) return f.totalCents;
  return percentOf(f.totalCents, f.depositPercent);
}

export function computePayment(f: PaymentFacts, now: Date, currency = 'USD'): Payment {
  const deposit = depositCents(f);
  const balanceDate = balanceDueOn(f.startsOn, f.balanceDueDays);
  const today = now.toISOString().slice(0, 10);
  let state: PaymentState;
  let dueNow = 0;
  let refundDue = 0;
  if (f.status === 'cancelled') {
    refundDue = Math.max(0, f.paidCents - (f.cancellationFeeCents ?? 0));
    state = refundDue > 0 ? 'refund-due' : 'settled';
  } else if (f.paidCents > f.totalCents) {
    // A change lowered the total below what was paid: the difference goes back.
    refundDue = f.paidCents - f.totalCents;
    state = 'refund-due';
  } else if (f.paidCents === f.totalCents) {
    state = 'paid';
  } else if (!f.depositWaived && f.paidCents < deposit) {
    dueNow = deposit - f.paidCents;
    state = f.depositDueAt !== null && now.getTime() > Date.parse(f.depositDueAt) ? 'overdue' : 'deposit-due';
  } else {
    dueNow = f.totalCents - f.paidCents;
    state = balanceDate !== null && today > balanceDate ? 'overdue' : 'balance-due';
  }
  return {
    currency,
    totalCents: f.totalCents,
    depositCents: deposit,
    depositDueAt: f.depositWaived ? null : f.depositDueAt,
    balanceDueOn: balanceDate,
    paidCents: f.paidCents,
    refundedCents: f.refundedCents,
    dueNowCents: dueNow,
    refundDueCents: refundDue,
    state,
    entries: f.entries,
  };
}

// The most a payment may be now (the rest of the total; nothing on a cancelled booking) and the
// most a refund may be (what is paid): beyond either, POST .../payments is 409 with this amount.
export const paymentAllowedCents = (f: Pick<PaymentFacts, 'status' | 'totalCents' | 'paidCents'>) =>
  f.status === 'cancelled' ? 0 : Math.max(0, f.totalCents - f.paidCents);
export const refundAllowedCents = (f: Pick<PaymentFacts, 'paidCents'>) => f.paidCents;

export type CancellationQuote = { feeCents: number; refundCents: number };

// What a cancellation keeps and gives back. By the traveller: the larger of the deposit and the
// tier's percent of the total (the tier of the fewest days the date is still inside), else the
// deposit; never more than the total; refund = paid - fee, at least 0. By the brand: no fee.
export function cancellationQuote(
  f: Omit<PaymentFacts, 'entries' | 'status' | 'cancellationFeeCents' | 'refundedCents'>,
  today: string,
  by: 'traveller' | 'brand',
): CancellationQuote {
  if (by === 'brand') return { feeCents: 0, refundCents: f.paidCents };
  const deposit = depositCents(f);
  const daysLeft = f.startsOn ? daysBetween(today, f.startsOn) : Infinity;
  // A booking made before payments agreed to no fees.
  const tiers = madeBeforePayments(f) ? [] : f.cancellationFees;
  let percent = -1;
  for (const tier of tiers) if (daysLeft < tier.daysBefore) percent = Math.max(percent, tier.percent);
  const fee = Math.min(
    f.totalCents,
    percent < 0 ? deposit : Math.max(deposit, percentOf(f.totalCents, percent)),
  );
  return { feeCents: fee, refundCents: Math.max(0, f.paidCents - fee) };
}

// The deadline of a new booking's deposit.
export const depositDeadline = (createdAt: Date, hours = defaultDepositDueHours) =>
  new Date(createdAt.getTime() + hours * 3_600_000);

// The reason a requested booking whose deposit was not paid in time is cancelled by the brand.
export const depositLapsedReason = 'The deposit was not paid';

// The terms as a traveller reads them before Purchase (the booking form, the package page), in
// the page's language. (English writes "1 days before", as it always has: its one form is its
// other one; Spanish has a singular of its own.)
export function paymentTermsLines(
  terms: PaymentTerms,
  depositDueHours = defaultDepositDueHours,
  language: Language = 'en',
): string[] {
  const { t, tp } = translator(language);
  const percentText = (percent: number) => t('{percent}%', { percent });
  const hoursText = (hours: number) =>
    hours % 24 === 0
      ? tp(hours / 24, '{count} day', '{count} days')
      : tp(hours, '{count} hour', '{count} hours');
  const deposit =
    terms.depositPercent === 0
      ? t('No deposit: nothing is due until the balance.')
      : t('Deposit: {percent} of the total, due within {time} of booking. Paying it confirms your places.', {
          percent: percentText(terms.depositPercent),
          time: hoursText(depositDueHours),
        });
  const balance =
    terms.balanceDueDays === 0
      ? t('Balance: due by the day of departure.')
      : tp(
          terms.balanceDueDays,
          'Balance: due {count} days before the departure (book later than that and everything is due at once).',
          'Balance: due {count} days before the departure (book later than that and everything is due at once).',
        );
  const tiers = terms.cancellationFees;
  const fees =
    tiers.length === 0
      ? t('If you cancel, we keep the deposit.')
      : t('If you cancel, we keep the larger of the deposit and {tiers} the departure.', {
          tiers: tiers
            .map((tier) =>
              tp(
                tier.daysBefore,
                '{percent} of the total fewer than {count} days before',
                '{percent} of the total fewer than {count} days before',
                { percent: percentText(tier.percent) },
              ),
            )
            .join(t(', or ')),
        });
  return [deposit, balance, fees];
}

// The total split by traveller for "Pay my share": equal whole cents, the last share taking the
// rounding (so the shares add up to the total exactly).
export function travellerShareCents(totalCents: number, travellers: number, position: number): number {
  const each = Math.floor(totalCents / travellers);
  return position === travellers - 1 ? totalCents - each * (travellers - 1) : each;
}

// What a Checkout Session for `purpose` would charge now: the rest of the deposit while it is
// due, or everything still owed; 0 when nothing is (the route answers 409).
export function checkoutAmountCents(
  p: Pick<Payment, 'dueNowCents' | 'totalCents' | 'paidCents' | 'depositCents' | 'depositDueAt' | 'state'>,
  purpose: CheckoutPurpose,
): number {
  if (p.state === 'settled' || p.state === 'refund-due' || p.state === 'paid') return 0;
  const owed = Math.max(0, p.totalCents - p.paidCents);
  if (purpose === 'balance') return owed;
  return p.depositDueAt !== null && p.paidCents < p.depositCents
    ? Math.min(owed, p.depositCents - p.paidCents)
    : 0;
}
