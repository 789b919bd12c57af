import { describe, expect, it } from 'vitest';
import { formatPrice } from '#contracts/price';
import { truncate } from '~/lib/truncate';

describe('truncate', () => {
  const text = 'abcdefghij'.repeat(20);

  it('keeps exactly the first N characters, then three dots', () => {
    expect(truncate(text, 110)).toBe(`${text.slice(0, 110)}...`);
    expect(truncate(text, 110)).toHaveLength(113);
    expect(truncate(text, 140)).toBe(`${text.slice(0, 140)}...`);
    expect(truncate(text, 140)).toHaveLength(143);
  });

  it('adds the dots even to a short text, as the spec says', () => {
    expect(truncate('Short', 110)).toBe('Short...');
  });
});

describe('formatPrice', () => {
  it('shows dollars with a $ sign and thousands separators', () => {
    expect(formatPrice(2450)).toBe('$2,450');
    expect(formatPrice(999)).toBe('$999');
  });
});
