import { bookingTerms } from '#contracts/terms';
import { defaultCancellationCutoffDays } from '#contracts/booking';
import { brand } from '#contracts/brand';
import { daysUntil } from '#contracts/format';

type BookingTermsProps = {
  className?: string;
  headingLevel?: 2 | 3;
  // The date booked or chosen: one inside the cancellation cutoff is not promised online cancelling.
  startsOn?: string | null;
};

// The terms beside Book Now and on the thank-you page (contracts/terms.ts has the words; the
// "received" email says the same). The phone and the email are links.
export function BookingTerms({ className, headingLevel = 3, startsOn }: BookingTermsProps) {
  const terms = bookingTerms(defaultCancellationCutoffDays, startsOn ? daysUntil(startsOn) : undefined);
  const Heading = `h${headingLevel}` as const;
  const [before] = terms.after.split(brand.phone);
  return (
    <section className={className ? `terms ${className}` : 'terms'} aria-label="Booking terms">
      <Heading className="terms__title">Good to know</Heading>
      <ul className="terms__list">
        <li>{terms.payment}</li>
        <li>{terms.cancellation}</li>
        <li>
          {before}
          <a href={brand.phoneHref}>{brand.phone}</a> or write to{' '}
          <a href={`mailto:${brand.email}`}>{brand.email}</a> and we will help.
        </li>
      </ul>
    </section>
  );
}
