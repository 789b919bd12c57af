import { translator } from '#contracts/i18n';
import type { Language } from '#contracts/language';
import { formatPrice } from '#contracts/price';

// A package's price per person as its page writes it: "$1,450", or "from $1,390" where its
// upcoming dates differ in price (`fromPrice`, contracts/package.ts); here, not in contracts/price.ts, because the
// home page (whose JavaScript is budgeted) shares that module's chunk and never needs it. The card sets "from" in the
// unit's smaller type around formatPrice (src/features/packages/components/package-card.tsx).
export const formatPackagePrice = (
  p: { price: number; fromPrice?: number | undefined },
  language: Language = 'en',
) =>
  p.fromPrice === undefined
    ? formatPrice(p.price, language)
    : translator(language).t('from {price}', { price: formatPrice(p.fromPrice, language) });
