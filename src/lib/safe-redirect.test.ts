import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/package/kyoto', '/package/kyoto'],
    ['/checkout/alps?x=1#top', '/checkout/alps?x=1#top'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /package/x',
    '/\t/evil.example',
    'evil.example',
    '',
    undefined,
    null,
    42,
    { pathname: '/x' },
    '/account',
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/x/..//evil.example',
    '/./account',
  ])('falls back to home for %j', (input) => {
    expect(safeRedirect(input)).toBe('/');
  });
});
