import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import type { Booking } from '~/contracts/booking';
import { BookingSummary } from '~/features/booking/components/booking-summary';
import { useBooking } from '~/features/booking/hooks/use-bookings';
import { bookingPath } from '~/features/booking/api/booking-paths';
import { ApiError } from '~/lib/api-client';
import { loadPageData } from '~/lib/page-data';
import type { Route } from './+types/checkout';

export const meta = () => [
  { title: 'Thanks For Purchasing | Wayfarer Tours' },
  { name: 'description', content: 'Your Wayfarer Tours booking is received: its reference and details.' },
];

// With a session cookie the server renders the booking (~/lib/page-data).
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const booking = new URL(request.url).searchParams.get('booking');
  return loadPageData(context, [booking ? bookingPath(booking) : null]);
};

export default function Checkout() {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { booking?: Booking } | null)?.booking;
  const { state, retry } = useBooking(params.get('booking'), fromState);
  const hasBooking = params.get('booking') !== null;

  return (
    <section className="section container container--narrow checkout">
      <div className="checkout__badge" aria-hidden="true">
        ✓
      </div>
      <h1>Thanks For Purchasing</h1>
      <p className="section__lead">
        Your guide will be in touch within two working days to plan the details.
      </p>
      {hasBooking && state.status === 'success' ? <BookingSummary booking={state.data} /> : null}
      {hasBooking && state.status === 'loading' ? <Spinner label="Loading your booking…" /> : null}
      {hasBooking && state.status === 'error' ? (
        <ErrorNotice
          message={
            state.error instanceof ApiError ? state.error.message : 'Your booking could not be loaded.'
          }
          onRetry={retry}
        />
      ) : null}
      <div className="checkout__actions">
        <Link className="button button--primary" to={paths.home}>
          Back To Home
        </Link>
        <Link className="button button--outline" to={paths.bookings}>
          My bookings
        </Link>
      </div>
    </section>
  );
}
