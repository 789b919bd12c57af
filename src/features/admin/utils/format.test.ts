import { describe, expect, it } from 'vitest';
import { formatTripDate, fromToday } from '~/features/admin/utils/format';

describe('admin dates', () => {
  it('writes trip dates as calendar days, in UTC whatever the zone', () => {
    expect(formatTripDate('2027-06-12')).toBe('Sat 12 Jun 2027');
    expect(formatTripDate(null)).toBe('Date to be agreed');
    expect(formatTripDate('not a date')).toBe('not a date');
  });

  it('says how far a departure is from today', () => {
    expect(fromToday('2027-01-01', '2026-12-31')).toBe('Departed');
    expect(fromToday('2027-01-01', '2027-01-01')).toBe('Today');
    expect(fromToday('2027-01-01', '2027-01-02')).toBe('Tomorrow');
    expect(fromToday('2027-01-01', '2027-01-22')).toBe('in 21 days');
    expect(fromToday('2027-01-01', '2027-06-01')).toBe('in 5 months');
  });
});
