// Whole-dollar prices as the site's pages write them (the v1-v4 fields `price` and `total`), kept
// apart from ./money.ts (amounts in cents) because the home page's cards need only these: the home
// page's JavaScript is budgeted (scripts/js-budget.test.ts). Free of Intl for the same reason
// (docs/decisions/016). No path alias here: the server imports this file directly.

import { catalogueOf, formatNumber } from './i18n.js';
import type { Language } from './language.js';

// Whole dollars as the v1-v4 pages write a price: "$2,450". Rounded half away from zero, as
// Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD', maximumFractionDigits: 0}) rounds.
// In another language, its catalogue's grouping and currency place: "2.450 US$"
// (contracts/i18n.ts).
export const formatPrice = (amount: number, language: Language = 'en') => {
  const catalogue = catalogueOf(language);
  if (catalogue) return catalogue.money(formatNumber(language, Math.round(amount)), '$');
  return `${amount < 0 ? '-' : ''}$${String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+$)/g, ',')}`;
};
