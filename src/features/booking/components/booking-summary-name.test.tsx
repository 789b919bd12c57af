import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BookingSummary } from '~/features/booking/components/booking-summary';
import { makeBooking } from '~/features/booking/test/make-booking';
import { PackageNamesProvider } from '~/lib/package-names';

// The booked package's name as a traveller reads it on /es pages: the catalogue's Spanish where
// the route provides one (src/lib/package-names.ts), else the name as booked inside lang="en".

const at = (path: string, names: (id: string) => string | undefined) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PackageNamesProvider value={names}>
        <BookingSummary
          booking={makeBooking({ packageId: 'lofoten-lights', packageName: 'Lofoten Lights' })}
        />
      </PackageNamesProvider>
    </MemoryRouter>,
  );

describe('a booking’s package name', () => {
  it('reads in Spanish on a Spanish page where the catalogue has it', () => {
    at('/es/bookings', (id) => (id === 'lofoten-lights' ? 'Luces de Lofoten' : undefined));
    expect(screen.getByRole('heading', { name: 'Luces de Lofoten' })).not.toHaveAttribute('lang');
  });

  it('reads as booked, inside lang="en", on a Spanish page without it', () => {
    at('/es/bookings', () => undefined);
    expect(screen.getByRole('heading', { name: 'Lofoten Lights' })).toHaveAttribute('lang', 'en');
  });

  it('reads as booked, with no lang, on an English page', () => {
    at('/bookings', () => 'Luces de Lofoten');
    expect(screen.getByRole('heading', { name: 'Lofoten Lights' })).not.toHaveAttribute('lang');
  });
});
