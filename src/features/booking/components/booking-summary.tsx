import type { Booking } from '~/contracts/booking';
import { formatPrice } from '~/lib/format-price';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

// What was booked, as the server stored it. Every value renders as text (React escapes it).
export function BookingSummary({ booking, headingLevel = 2 }: { booking: Booking; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="summary" aria-label={`Booking ${booking.reference}`}>
      <div className="summary__head">
        <Heading className="summary__title">{booking.packageName}</Heading>
        <span className="summary__price">{formatPrice(booking.price)}</span>
      </div>
      <dl>
        <dt>Reference</dt>
        <dd className="summary__ref">{booking.reference}</dd>
        <dt>Booked</dt>
        <dd>
          <time dateTime={booking.createdAt}>{dateFormat.format(new Date(booking.createdAt))}</time>
        </dd>
        <dt>Name</dt>
        <dd>{booking.name}</dd>
        <dt>Email</dt>
        <dd>{booking.email}</dd>
        <dt>Address</dt>
        <dd>{booking.address}</dd>
        <dt>Phone</dt>
        <dd>{booking.phone}</dd>
      </dl>
    </article>
  );
}
