import { Link } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { BookingSummary } from '~/features/booking/components/booking-summary';
import { useBookings } from '~/features/booking/hooks/use-bookings';
import { ApiError } from '~/lib/api-client';

// The signed-in user's own bookings, newest first (the API's order).
export function BookingsList() {
  const { state, retry } = useBookings();

  if (state.status === 'loading') return <Spinner label="Loading your bookings…" />;
  if (state.status === 'error') {
    const message =
      state.error instanceof ApiError ? state.error.message : 'Your bookings could not be loaded.';
    return <ErrorNotice message={message} onRetry={retry} />;
  }
  if (state.data.length === 0) {
    return (
      <div className="empty-state">
        <h2>No trips booked yet</h2>
        <p>When you book a package, it appears here with its reference, so you always have it to hand.</p>
        <Link className="button button--primary" to={paths.home}>
          Browse packages
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="section__lead" role="status">
        {state.data.length === 1 ? '1 booking' : `${state.data.length} bookings`}, newest first.
      </p>
      <ol className="bookings">
        {state.data.map((booking) => (
          <li key={booking.id}>
            <BookingSummary booking={booking} />
          </li>
        ))}
      </ol>
    </>
  );
}
