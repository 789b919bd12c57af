import { describe, expect, it } from 'vitest';
import { centsToDollars, csvDollars, dollarsToCents, formatCents } from './money';
import { formatPrice } from './price';

describe('contracts/money.ts', () => {
  it('formats whole dollars as the pages always have', () => {
    expect(formatPrice(2450)).toBe('$2,450');
    expect(formatPrice(1_234_567)).toBe('$1,234,567');
    expect(formatPrice(-5)).toBe('-$5');
  });

  it('formats cents with two decimals, as amounts due and paid read', () => {
    expect(formatCents(245_000)).toBe('$2,450.00');
    expect(formatCents(24_550, 'USD')).toBe('$245.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-12_345)).toBe('-$123.45');
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });

  it('converts dollars and cents exactly, refusing what is not an amount', () => {
    expect(dollarsToCents(1450)).toBe(145_000);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(() => dollarsToCents(1.005)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(centsToDollars(145_000)).toBe(1450);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(() => centsToDollars(0.5)).toThrow(RangeError);
  });

  it('writes CSV dollars as numbers a spreadsheet reads', () => {
    expect(csvDollars(245_000)).toBe('2450');
    expect(csvDollars(24_505)).toBe('245.05');
  });
});
