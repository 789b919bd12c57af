import { bookingTerms } from '~/contracts/terms';
import { brand } from '~/contracts/brand';

type BookingTermsProps = { className?: string; headingLevel?: 2 | 3 };

// The terms beside Book Now and on the thank-you page (src/contracts/terms.ts has the words; the
// "received" email says the same). The phone and the email are links.
export function BookingTerms({ className, headingLevel = 3 }: BookingTermsProps) {
  const terms = bookingTerms();
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
