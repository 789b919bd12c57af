import type { ReactNode } from 'react';
import { StatusBadge } from '~/components/status-badge';
import { dateToBeAgreed, formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { Moment } from '~/components/moment';
import { PaymentDue } from '~/features/booking/components/payment-due';
import type { Booking } from '#contracts/api';
import { useShownPackageName } from '~/lib/package-names';

type BookingSummaryProps = {
  booking: Booking;
  headingLevel?: 2 | 3;
  // What the traveller can do with it (My bookings: cancel, or how to reach us).
  children?: ReactNode;
};

// What was booked, as the server stored it. Every value renders as text (React escapes it).
export function BookingSummary({ booking, headingLevel = 2, children }: BookingSummaryProps) {
  const Heading = `h${headingLevel}` as const;
  // In the page's language where the catalogue has it (the route provides its names).
  const packageName = useShownPackageName(booking.packageId, booking.packageName);
  const travellers = plural(booking.travellers, 'traveller');
  // Set by the brand on the departure; shown while the booking stands.
  const meeting =
    booking.status !== 'cancelled' && (booking.meetingPoint || booking.meetingTime)
      ? [booking.meetingTime ? `at ${booking.meetingTime}` : null, booking.meetingPoint]
          .filter(Boolean)
          .join(', ')
      : null;
  return (
    <article
      className="summary"
      id={`booking-${booking.id}`}
      // Focus lands here after a change moves the booking within the list.
      tabIndex={-1}
      aria-label={`Booking ${booking.reference}`}
      data-status={booking.status}
    >
      <div className="summary__head">
        <Heading className="summary__title" lang={packageName.lang}>
          {packageName.text}
        </Heading>
        <StatusBadge status={booking.status} prefix="Status:" />
      </div>
      <dl className="summary__facts">
        <div>
          <dt>Departure</dt>
          <dd>
            {booking.startsOn ? (
              <time dateTime={booking.startsOn}>{formatTripDate(booking.startsOn)}</time>
            ) : (
              dateToBeAgreed
            )}
          </dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd>{booking.travellers}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <span className="summary__total">{formatPrice(booking.total)}</span>
            <span className="summary__each">
              {travellers} × {formatPrice(booking.price)}
            </span>
          </dd>
        </div>
      </dl>
      {booking.payment ? (
        <PaymentDue
          payment={booking.payment}
          reference={booking.reference}
          bookingId={booking.id}
          travellerNames={booking.guests.map((g) => g.fullName)}
        />
      ) : null}
      {meeting ? (
        <p className="summary__meeting">
          <span className="summary__meeting-label">Meeting point</span> Meet {meeting}.
        </p>
      ) : null}
      <dl className="summary__details">
        <dt>Reference</dt>
        <dd className="summary__ref">{booking.reference}</dd>
        <dt>Booked</dt>
        <dd>
          <Moment iso={booking.createdAt} />
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
      {children ? <div className="summary__actions">{children}</div> : null}
    </article>
  );
}
