// Money, in one place: how it is stored and computed (integer cents) and how a person reads it
// (the site, the console, the emails, the CSV exports). docs/decisions/061-money-in-cents.md.
//
// - Every table and every computation holds integer cents (`...Cents`, `..._cents`).
// - The API's v1-v4 fields (`price`, `total`, a departure's `price`) are whole dollars and keep that
//   meaning: they are made from cents with `centsToDollars` where an answer is written, and input
//   in dollars becomes cents with `dollarsToCents` where it is read.
// - Amounts are USD (the brand's currency) unless a currency is passed.
// - Whole-dollar prices as the v1-v4 pages write them ("$2,450", "from $1,390") are in
//   ./price.ts, apart because the home page's cards need only them: its JavaScript is budgeted
//   (scripts/js-budget.test.ts), and this module's cents formatting is for the money pages.
//
// Apart from the dates (./format.ts) and free of Intl because the home page's cards need it: the
// home page's JavaScript is budgeted (scripts/js-budget.test.ts), and making an Intl.NumberFormat
// (ICU's locale data) was the longest task of the home page, 25-45 ms on the main thread as the
// module was evaluated, four times that in Lighthouse's mobile simulation (docs/decisions/016).
// No path alias here: the server imports this file directly.

import { catalogueOf, formatNumber } from './i18n.js';
import type { Language } from './language.js';

// Digits grouped by three: "1,204" (as ./price.ts groups them; not imported from there, which would
// make that module's chunk on the home page export it).
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

const assertCents = (cents: number, what: string) => {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`${what} must be a whole number of cents, not ${cents}`);
};

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

// Cents (contract v5's `...Cents` amounts) as a person reads them: "$1,234.50", "€80.00";
// a currency without a sign here reads "CHF 80.00". Integer arithmetic only: no float touches
// the amount.
const currencySigns: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', AUD: 'A$', CAD: 'C$' };
export const centsAmount = (cents: number) => {
  assertCents(cents, 'An amount');
  const abs = Math.abs(cents);
  const whole = grouped(Math.floor(abs / 100));
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
};
// In another language, its grouping, decimal comma and currency place: "1.234,50 US$"
// (contracts/i18n.ts).
export const formatCents = (cents: number, currency = 'USD', language: Language = 'en') => {
  const sign = currencySigns[currency];
  const catalogue = catalogueOf(language);
  if (catalogue) {
    assertCents(cents, 'An amount');
    const abs = Math.abs(cents);
    const amount = `${formatNumber(language, Math.floor(abs / 100))}${catalogue.decimal}${String(abs % 100).padStart(2, '0')}`;
    return `${cents < 0 ? '-' : ''}${catalogue.money(amount, sign ?? currency)}`;
  }
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
