import { describe, expect, it } from 'vitest';
import { rememberAtMost } from './bounded-map.js';

describe('rememberAtMost', () => {
  it('keeps at most `max` entries, dropping the one set least recently', () => {
    const map = new Map<string, number>();
    rememberAtMost(map, 'a', 1, 2);
    rememberAtMost(map, 'b', 2, 2);
    // Set again: 'a' is now the most recent, so 'b' goes when 'c' comes.
    rememberAtMost(map, 'a', 3, 2);
    rememberAtMost(map, 'c', 4, 2);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('a key already there never pushes another out', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    rememberAtMost(map, 'b', 5, 2);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 5],
    ]);
  });
});
