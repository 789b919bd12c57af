// How money reads wherever a person reads it (the site, the console, the emails): whole dollars,
// "$2,450". Apart from the dates (./format.ts) because the home page's cards need only this.
// No path alias here: the server imports this file directly.

// Whole dollars: "$2,450", as Intl.NumberFormat('en-US', USD, no fraction digits) writes them,
// by hand: making that formatter (ICU's locale data) was the longest task of the home page, 25-45
// ms on the main thread as the module was evaluated, four times that in Lighthouse's mobile
// simulation (docs/decisions/016).
export const formatPrice = (amount: number) =>
  // Rounded half away from zero, as Intl rounds; digits grouped by three.
  `${amount < 0 ? '-' : ''}$${String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+$)/g, ',')}`;

// Cents (contract v5's `...Cents` amounts) as a person reads them: "$1,234.50", "€80.00";
// a currency without a sign here reads "CHF 80.00". Integer arithmetic only: no float touches
// the amount.
const currencySigns: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', AUD: 'A$', CAD: 'C$' };
export const centsAmount = (cents: number) => {
  const abs = Math.abs(Math.trunc(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
};
export const formatCents = (cents: number, currency = 'USD') => {
  const sign = currencySigns[currency];
  const text = centsAmount(cents);
  const negative = text.startsWith('-');
  const bare = negative ? text.slice(1) : text;
  return `${negative ? '-' : ''}${sign ?? `${currency} `}${bare}`;
};
// The accountant's CSV: "1234.50", no grouping, no sign of the currency (a column of its own).
export const centsDecimal = (cents: number) => centsAmount(cents).replace(/,/g, '');
// "1,234.5" or "1234.50" typed by staff -> 123450 cents; null when it is not an amount with at
// most two decimals. Read digit by digit: no float.
export const parseCents = (typed: string): number | null => {
  const m = /^\s*(\d{1,10}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!m) return null;
  const cents = Number(m[1]!.replace(/,/g, '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
};
