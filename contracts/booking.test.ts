import { describe, expect, it } from 'vitest';
import { asReference, referenceAlphabet } from './booking';

describe('asReference', () => {
  it('reads a whole reference in any case, with spaces around', () => {
    expect(asReference('WT-7K3M9QXA')).toBe('WT-7K3M9QXA');
    expect(asReference('  wt-7k3m9qxa ')).toBe('WT-7K3M9QXA');
  });

  it('takes every character the server draws references from', () => {
    const all = referenceAlphabet.match(/.{8}/g)!;
    expect(all).toHaveLength(4);
    for (const chunk of all) expect(asReference(`WT-${chunk}`)).toBe(`WT-${chunk}`);
  });

  it('is null for part of a reference, a longer text or a look-alike letter', () => {
    for (const text of [
      'WT-7K3M9QX',
      '7K3M9QXA',
      'WT-7K3M9QXAB',
      'WT 7K3M9QXA',
      'WT-7K3M9QXI',
      'WT-7K3M9QXO',
      'ada@wt-7k3m9qxa.org',
      '',
    ])
      expect(asReference(text), text).toBeNull();
  });
});
