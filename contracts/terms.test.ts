import { describe, expect, it } from 'vitest';
import { bookingTerms, lastOnlineChangeWarning } from './terms';

describe('booking terms', () => {
  it('promise free cancellation online until the cutoff for a date far enough away', () => {
    expect(bookingTerms(14, 40).cancellation).toBe(
      'Free cancellation online, from My bookings, until 14 days before the departure.',
    );
  });

  it('promise no online cancellation for a date inside the cutoff', () => {
    expect(bookingTerms(14, 3).cancellation).toBe(
      'This date is less than 14 days away, so it cannot be cancelled online.',
    );
  });

  it('say "1 day", not "1 days"', () => {
    expect(bookingTerms(1).cancellation).toContain('until 1 day before');
    expect(lastOnlineChangeWarning('Sat 12 Dec 2026', 1)).toBe(
      'Sat 12 Dec 2026 is less than 1 day away: once the booking is moved there, it can no longer be changed or cancelled online.',
    );
  });
});
