import type { ReactNode } from 'react';
import { StatusBadge } from '~/components/status-badge';
import { formatTripDate } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { Moment } from '~/components/moment';
import { PaymentDue } from '~/features/booking/components/payment-due';
import type { Booking } from '#contracts/api';
import { useShownPackageName } from '~/lib/package-names';
import { useT } from '~/lib/i18n';

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
  // Its words, dates and money in the page's language (the checkout's and My bookings').
  const { t, tp, language } = useT();
  const travellers = tp(booking.travellers, '{count} traveller', '{count} travellers');
  const price = (amount: number) => formatPrice(amount, language);
  // Set by the brand on the departure; shown while the booking stands.
  const meeting =
    booking.status !== 'cancelled' && (booking.meetingPoint || booking.meetingTime)
      ? [booking.meetingTime ? t('at {time}', { time: booking.meetingTime }) : null, booking.meetingPoint]
          .filter(Boolean)
          .join(', ')
      : null;
  return (
    <article
      className="summary"
      id={`booking-${booking.id}`}
      // Focus lands here after a change moves the booking within the list.
      tabIndex={-1}
      aria-label={t('Booking {reference}', { reference: booking.reference })}
      data-status={booking.status}
    >
      <div className="summary__head">
        <Heading className="summary__title" lang={packageName.lang}>
          {packageName.text}
        </Heading>
        <StatusBadge status={booking.status} prefix={t('Status:')} />
      </div>
      <dl className="summary__facts">
        <div>
          <dt>{t('Departure')}</dt>
          <dd>
            {booking.startsOn ? (
              <time dateTime={booking.startsOn}>{formatTripDate(booking.startsOn, language)}</time>
            ) : (
              t('Date to be agreed')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('Travellers')}</dt>
          <dd>{booking.travellers}</dd>
        </div>
        <div>
          <dt>{t('Total')}</dt>
          <dd>
            <span className="summary__total">{price(booking.total)}</span>
            <span className="summary__each">
              {travellers} × {price(booking.price)}
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
          <span className="summary__meeting-label">{t('Meeting point')}</span> {t('Meet {meeting}.', { meeting })}
        </p>
      ) : null}
      <dl className="summary__details">
        <dt>{t('Reference')}</dt>
        <dd className="summary__ref">{booking.reference}</dd>
        <dt>{t('Booked')}</dt>
        <dd>
          <Moment iso={booking.createdAt} />
        </dd>
        <dt>{t('Name')}</dt>
        <dd>{booking.name}</dd>
        <dt>{t('Email')}</dt>
        <dd>{booking.email}</dd>
        <dt>{t('Address')}</dt>
        <dd>{booking.address}</dd>
        <dt>{t('Phone')}</dt>
        <dd>{booking.phone}</dd>
      </dl>
      {children ? <div className="summary__actions">{children}</div> : null}
    </article>
  );
}
