import { describe, expect, it } from 'vitest';
import { formatPackagePrice } from '~/features/packages/utils/package-price';

describe('formatPackagePrice', () => {
  it('says "from" only where the dates differ in price', () => {
    expect(formatPackagePrice({ price: 1450 })).toBe('$1,450');
    expect(formatPackagePrice({ price: 1450, fromPrice: 1390 })).toBe('from $1,390');
  });
});
