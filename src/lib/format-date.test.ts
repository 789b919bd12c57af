import { describe, expect, it } from 'vitest';
import { daysUntil, formatTripDate, todayIso, tripDateParts } from '~/lib/format-date';

describe('trip dates', () => {
  it('reads an ISO day as that calendar day, whatever the time zone', () => {
    expect(formatTripDate('2026-12-12')).toBe('Sat 12 Dec 2026');
    expect(formatTripDate('2027-01-01')).toBe('Fri 1 Jan 2027');
    expect(formatTripDate('2027-09-19')).toBe('Sun 19 Sep 2027');
    expect(tripDateParts('2026-12-12')).toEqual({ weekday: 'Sat', day: '12', month: 'Dec', year: '2026' });
  });

  it('leaves anything that is not an ISO day as it is', () => {
    expect(formatTripDate('soon')).toBe('soon');
    expect(tripDateParts('2026-13-45x')).toBeNull();
  });

  it('counts whole days from the local today', () => {
    const now = new Date(2026, 11, 1, 23, 30);
    expect(todayIso(now)).toBe('2026-12-01');
    expect(daysUntil('2026-12-15', now)).toBe(14);
    expect(daysUntil('2026-12-01', now)).toBe(0);
    expect(daysUntil('2026-11-30', now)).toBe(-1);
    // Across a daylight-saving change the count stays whole.
    expect(daysUntil('2027-04-01', new Date(2027, 2, 1, 12))).toBe(31);
  });
});
