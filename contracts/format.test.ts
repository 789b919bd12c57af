import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  formatCount,
  formatBirthDate,
  formatDay,
  formatDeadline,
  formatMoment,
  formatTime,
  formatTripDate,
  fromToday,
  plural,
  pluralWord,
  tripDateParts,
} from './format';
import { todayIso } from './iso-dates';
import { formatPrice } from './price';

describe('trip dates', () => {
  it('reads an ISO day as that calendar day, whatever the time zone', () => {
    expect(formatTripDate('2026-12-12')).toBe('Sat 12 Dec 2026');
    expect(formatTripDate('2027-01-01')).toBe('Fri 1 Jan 2027');
    // Three letters for September too (en-GB writes "Sept").
    expect(formatTripDate('2027-09-19')).toBe('Sun 19 Sep 2027');
    expect(tripDateParts('2026-12-12')).toEqual({ weekday: 'Sat', day: '12', month: 'Dec', year: '2026' });
  });

  it('says a missing date is to be agreed, and leaves what is not an ISO day as it is', () => {
    expect(formatTripDate(null)).toBe('Date to be agreed');
    expect(formatTripDate('soon')).toBe('soon');
    expect(formatTripDate('2026-02-31')).toBe('2026-02-31');
    expect(tripDateParts('2026-13-45x')).toBeNull();
  });

  it('writes a date of birth without its weekday', () => {
    expect(formatBirthDate('1984-03-09')).toBe('9 Mar 1984');
    expect(formatBirthDate('not a date')).toBe('not a date');
  });

  it('counts whole days from the local today', () => {
    const now = new Date(2026, 11, 1, 23, 30);
    expect(todayIso('local', now)).toBe('2026-12-01');
    expect(daysUntil('2026-12-15', now)).toBe(14);
    expect(daysUntil('2026-12-01', now)).toBe(0);
    expect(daysUntil('2026-11-30', now)).toBe(-1);
    // Across a daylight-saving change the count stays whole.
    expect(daysUntil('2027-04-01', new Date(2027, 2, 1, 12))).toBe(31);
  });

  it('says how far a departure is from today', () => {
    expect(fromToday('2027-01-01', '2026-12-31')).toBe('Departed');
    expect(fromToday('2027-01-01', '2027-01-01')).toBe('Today');
    expect(fromToday('2027-01-01', '2027-01-02')).toBe('Tomorrow');
    expect(fromToday('2027-01-01', '2027-01-22')).toBe('in 21 days');
    expect(fromToday('2027-01-01', '2027-06-01')).toBe('in 5 months');
  });
});

describe('moments', () => {
  it('writes day, month and year in the same order as trip dates, with a 24-hour time', () => {
    expect(formatMoment('2026-03-12T14:05:00Z', 'UTC')).toBe('12 Mar 2026, 14:05');
    expect(formatMoment('2026-03-12T00:05:00Z', 'UTC')).toBe('12 Mar 2026, 00:05');
    expect(formatMoment('2026-03-12T23:30:00Z', 'Asia/Tokyo')).toBe('13 Mar 2026, 08:30');
    const local = new Date(2026, 2, 12, 9, 7).toISOString();
    expect(formatDay(local)).toBe('12 Mar 2026');
    expect(formatTime(local)).toBe('09:07');
    expect(formatMoment('yesterday')).toBe('yesterday');
  });

  it('writes trip dates and moments as Intl does, without it', () => {
    const days = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const moments = (timeZone?: string) =>
      new Intl.DateTimeFormat('en-US', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      });
    const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
      parts.find((p) => p.type === type)?.value;
    for (let i = 0; i < 400; i += 7) {
      const date = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 + i * 3_700_000);
      const iso = date.toISOString();
      const d = days.formatToParts(date);
      expect(formatTripDate(iso.slice(0, 10))).toBe(
        `${part(d, 'weekday')} ${part(d, 'day')} ${part(d, 'month')} ${part(d, 'year')}`,
      );
      for (const zone of [undefined, 'UTC', 'Asia/Tokyo']) {
        const m = moments(zone).formatToParts(date);
        expect(formatMoment(iso, zone)).toBe(
          `${part(m, 'day')} ${part(m, 'month')} ${part(m, 'year')}, ${part(m, 'hour')}:${part(m, 'minute')}`,
        );
      }
    }
  });
});

describe('money and counts', () => {
  it('writes whole dollars', () => {
    expect(formatPrice(2450)).toBe('$2,450');
    expect(formatPrice(0)).toBe('$0');
    // Written by hand: the same text as Intl's formatter, rounding and grouping included.
    const intl = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    for (const amount of [1, 12, 999, 1000, 2450, 12_345, 999_999.5, 1_234_567, 0.5, 2.5, 2.49, -1250])
      expect(formatPrice(amount)).toBe(intl.format(amount));
    expect(plural(1, 'traveller')).toBe('1 traveller');
    expect(plural(3, 'traveller')).toBe('3 travellers');
  });
});

describe('formatDeadline', () => {
  it("writes a deadline in the brand's zone with the zone named, whatever the reader's zone", () => {
    // 14:30 UTC is 06:30 in San Francisco in January (PST), 07:30 in July (PDT).
    expect(formatDeadline('2027-01-10T14:30:00.000Z')).toBe('Sun 10 Jan 2027, 06:30 PST');
    expect(formatDeadline('2027-07-10T14:30:00.000Z')).toBe('Sat 10 Jul 2027, 07:30 PDT');
    // Past midnight in UTC, still the day before in the brand's city.
    expect(formatDeadline('2027-01-11T03:00:00.000Z')).toBe('Sun 10 Jan 2027, 19:00 PST');
  });

  it('takes another zone when the server is configured with one', () => {
    expect(formatDeadline('2027-01-10T14:30:00.000Z', 'UTC')).toBe('Sun 10 Jan 2027, 14:30 UTC');
  });
});

describe('plural', () => {
  it('says one thing in the singular and the rest in the plural', () => {
    expect(plural(1, 'seat')).toBe('1 seat');
    expect(plural(2, 'seat')).toBe('2 seats');
    expect(plural(0, 'entry', 'entries')).toBe('0 entries');
    expect(pluralWord(1, 'is', 'are')).toBe('is');
    expect(pluralWord(0, 'is', 'are')).toBe('are');
    expect(pluralWord(2, 'contact')).toBe('contacts');
  });
});

it('groups digits by three as en-US does, without ICU', () => {
  for (const n of [0, 7, 999, 1000, 1204, 12_345, 999_999, 1_000_000, 10_485_760, -1204, -7]) {
    expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  }
  expect(formatCount(1204.4)).toBe('1,204');
  expect(formatCount(2.5)).toBe('3');
});
