import { bookingTerms } from '#contracts/terms';
import { defaultCancellationCutoffDays } from '#contracts/booking';
import { brand } from '#contracts/brand';
import { daysUntil } from '#contracts/format';
import { paymentTermsLines, type PaymentTerms } from '#contracts/payment';
import { useT } from '~/lib/i18n';

type BookingTermsProps = {
  className?: string;
  headingLevel?: 2 | 3;
  // The date booked or chosen: one inside the cancellation cutoff is not promised online cancelling.
  startsOn?: string | null;
  // The package's payment terms (contract v5): how much, when, and what a cancellation keeps.
  paymentTerms?: PaymentTerms;
  // The thank-you page shows the booking's own payment (what is due, by when) beside the terms:
  // no payment line here then.
  paymentShown?: boolean;
};

// The terms beside Book Now and on the thank-you page (contracts/terms.ts has the words; the
// "received" email says the same). The phone and the email are links.
export function BookingTerms({
  className,
  headingLevel = 3,
  startsOn,
  paymentTerms,
  paymentShown = false,
}: BookingTermsProps) {
  const { t, language } = useT();
  const terms = bookingTerms(
    defaultCancellationCutoffDays,
    startsOn ? daysUntil(startsOn) : undefined,
    language,
  );
  const Heading = `h${headingLevel}` as const;
  // The phone and the email as links, wherever the language puts them in the sentence.
  const [before = '', rest = ''] = terms.after.split(brand.phone);
  const [middle = '', end = ''] = rest.split(brand.email);
  return (
    <section className={className ? `terms ${className}` : 'terms'} aria-label={t('Booking terms')}>
      <Heading className="terms__title">{t('Good to know')}</Heading>
      <ul className="terms__list">
        {paymentShown ? null : paymentTerms ? (
          paymentTermsLines(paymentTerms, undefined, language).map((line) => <li key={line}>{line}</li>)
        ) : (
          <li>{terms.payment}</li>
        )}
        {/* With money on record, cancelling online is not free: the fee line above says what is kept. */}
        <li>
          {paymentTerms || paymentShown
            ? terms.cancellation.replace(t('Free cancellation online'), t('Cancel online'))
            : terms.cancellation}
        </li>
        <li>
          {before}
          <a href={brand.phoneHref}>{brand.phone}</a>
          {middle}
          <a href={`mailto:${brand.email}`}>{brand.email}</a>
          {end}
        </li>
      </ul>
    </section>
  );
}
