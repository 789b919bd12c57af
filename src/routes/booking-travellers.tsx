import { Link, useParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { TravellersForm } from '~/features/booking/components/travellers-form';
import { useBooking } from '~/features/booking/hooks/use-bookings';
import { ApiError } from '~/lib/api-client';

export const meta = () => [
  { title: 'Travellers’ details | Wayfarer Tours' },
  { name: 'robots', content: 'noindex' },
];

export default function BookingTravellersPage() {
  const { id = '' } = useParams();
  const { state, retry } = useBooking(id);
  return (
    <section className="section container container--narrow travellers-page">
      {state.status === 'loading' ? <Spinner label="Loading your booking…" /> : null}
      {state.status === 'error' ? (
        state.error instanceof ApiError && state.error.kind === 'not-found' ? (
          <div className="empty-state">
            <h1>Booking not found</h1>
            <p>There is no booking of yours at this address.</p>
            <Link className="button button--primary" to={paths.bookings}>
              My bookings
            </Link>
          </div>
        ) : (
          <ErrorNotice
            message={
              state.error instanceof ApiError ? state.error.message : 'Your booking could not be loaded.'
            }
            onRetry={retry}
          />
        )
      ) : null}
      {/* Keyed: another booking starts with its own drafts. */}
      {state.status === 'success' ? <TravellersForm key={state.data.id} booking={state.data} /> : null}
    </section>
  );
}
