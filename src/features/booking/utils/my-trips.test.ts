import { describe, expect, it } from 'vitest';
import { cancellationCutoffDays, cancelOption, completeLabel } from '~/features/booking/utils/my-trips';
import type { Booking } from '#contracts/api';

const now = new Date(2026, 5, 1, 9);
const trip = (startsOn: string | null, status: Booking['status'] = 'requested') =>
  ({ startsOn, status }) as Booking;

describe('cancelOption', () => {
  it('allows online cancellation from the cutoff ahead (as the server does), or with no date yet', () => {
    expect(cancellationCutoffDays).toBe(14);
    expect(cancelOption(trip('2026-06-16'), now)).toBe('cancel');
    expect(cancelOption(trip('2026-06-15'), now)).toBe('cancel');
    expect(cancelOption(trip(null), now)).toBe('cancel');
    expect(cancelOption(trip('2026-09-01', 'confirmed'), now)).toBe('cancel');
  });

  it('points to the brand inside the cutoff, up to the departure day', () => {
    expect(cancelOption(trip('2026-06-14'), now)).toBe('contact');
    expect(cancelOption(trip('2026-06-01'), now)).toBe('contact');
  });

  it('offers nothing for a cancelled booking or a trip already taken', () => {
    expect(cancelOption(trip('2026-09-01', 'cancelled'), now)).toBe('none');
    expect(cancelOption(trip(null, 'cancelled'), now)).toBe('none');
    expect(cancelOption(trip('2026-05-31', 'confirmed'), now)).toBe('none');
  });
});

describe('completeLabel', () => {
  const complete = {
    fullName: 'Ada Lovelace',
    dateOfBirth: '1990-01-01',
    dietary: '',
    medical: '',
    emergencyName: 'Byron',
    emergencyPhone: '+1 415 555 0100',
  };
  it('counts as the server does: a traveller missing a required answer is not complete', () => {
    const booking = { travellers: 2, guests: [complete, complete], travellersComplete: 1 } as Booking;
    expect(completeLabel(booking)).toBe('1 of 2 travellers complete');
  });
});
