// Money, in one place: how it is stored and computed (integer cents) and how a person reads it
// (the site, the console, the emails, the CSV exports). docs/decisions/061-money-in-cents.md.
//
// - Every table and every computation holds integer cents (`...Cents`, `..._cents`).
// - The API's v1-v4 fields (`price`, `total`, a departure's `price`) are whole dollars and keep that
//   meaning: they are made from cents with `centsToDollars` where an answer is written, and input
//   in dollars becomes cents with `dollarsToCents` where it is read.
// - Amounts are USD (the brand's currency) unless a currency is passed.
//
// Apart from the dates (./format.ts) and free of Intl because the home page's cards need it: the
// home page's JavaScript is budgeted (scripts/js-budget.test.ts), and making an Intl.NumberFormat
// (ICU's locale data) was the longest task of the home page, 25-45 ms on the main thread as the
// module was evaluated, four times that in Lighthouse's mobile simulation (docs/decisions/016).
// No path alias here: the server imports this file directly.

// ISO 4217 codes this module writes, with their symbol. Each has two minor digits (cents).
const symbols = { USD: '$' } as const;
export type Currency = keyof typeof symbols;

const assertCents = (cents: number, what: string) => {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`${what} must be a whole number of cents, not ${cents}`);
};

// Digits grouped by three: "1,204".
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

// Whole dollars as the v1-v4 pages write a price: "$2,450". Rounded half away from zero, as
// Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD', maximumFractionDigits: 0}) rounds.
export const formatPrice = (amount: number) =>
  `${amount < 0 ? '-' : ''}$${grouped(Math.round(Math.abs(amount)))}`;

// A package's price per person as its page writes it: "$1,450", or "from $1,390" where its
// upcoming dates differ in price (`fromPrice`, contracts/package.ts). The card sets "from" in the
// unit's smaller type around formatPrice (src/features/packages/components/package-card.tsx).
export const formatPackagePrice = (p: { price: number; fromPrice?: number | undefined }) =>
  p.fromPrice === undefined ? formatPrice(p.price) : `from ${formatPrice(p.fromPrice)}`;

// Cents as a person reads them: "$2,450" for whole dollars, "$245.50" otherwise (a deposit, a fee,
// a refund). Throws a RangeError on anything but an integer: a float never reaches a page.
export function formatCents(cents: number, currency: Currency = 'USD'): string {
  assertCents(cents, 'An amount');
  const symbol = symbols[currency];
  if (symbol === undefined) throw new RangeError(`Unknown currency ${String(currency)}`);
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${symbol}${grouped(whole)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

// Dollars (at most two decimals: 12, 12.5, 12.34) to integer cents. Throws a RangeError on more
// decimals, NaN, infinities or amounts beyond a safe integer of cents: better a clear error than a
// cent lost to floating point.
export function dollarsToCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (!Number.isSafeInteger(cents) || Math.abs(cents - dollars * 100) > 1e-6 * Math.max(1, Math.abs(cents)))
    throw new RangeError(`${dollars} is not an amount of dollars and cents`);
  return cents === 0 ? 0 : cents;
}

// Integer cents to dollars, for the API's whole-dollar fields and for CSV columns of dollars.
// Throws a RangeError on anything but an integer of cents.
export function centsToDollars(cents: number): number {
  assertCents(cents, 'An amount');
  return cents / 100;
}

// Dollars as a CSV column writes them: "2450" or "245.50", no symbol, no grouping (spreadsheets
// read it as a number).
export function csvDollars(cents: number): string {
  assertCents(cents, 'An amount');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return abs % 100 === 0
    ? `${sign}${abs / 100}`
    : `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
