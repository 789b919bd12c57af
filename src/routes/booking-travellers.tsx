import { Link, useParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { TravellersForm } from '~/features/booking/components/travellers-form';
import { useBooking } from '~/features/booking/hooks/use-bookings';
import { bookingPath } from '~/features/booking/api/booking-paths';
import { ApiError, failureMessage } from '~/lib/api-client';
import { loadPageData } from '~/lib/page-data';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/booking-travellers';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return [
    { title: t('Travellers’ details | Wayfarer Tours') },
    {
      name: 'description',
      content: t('The names and details of the travellers on your Wayfarer Tours booking.'),
    },
  ];
};

// With a session cookie the server renders the form with the booking (~/lib/page-data).
export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadPageData(context, [bookingPath(params.id)]);

export default function BookingTravellersPage() {
  const { id = '' } = useParams();
  const { state, retry } = useBooking(id);
  const { t, known, to } = useT();
  return (
    <section className="section container container--narrow travellers-page">
      {state.status === 'loading' ? <Spinner label={t('Loading your booking…')} /> : null}
      {state.status === 'error' ? (
        state.error instanceof ApiError && state.error.kind === 'not-found' ? (
          <div className="empty-state">
            <h1>{t('Booking not found')}</h1>
            <p>{t('There is no booking of yours at this address.')}</p>
            <Link className="button button--primary" to={to(paths.bookings)}>
              {t('My bookings')}
            </Link>
          </div>
        ) : (
          <ErrorNotice
            message={known(failureMessage(state.error, t('Your booking could not be loaded.')))}
            onRetry={retry}
          />
        )
      ) : null}
      {/* Keyed: another booking starts with its own drafts. */}
      {state.status === 'success' ? <TravellersForm key={state.data.id} booking={state.data} /> : null}
    </section>
  );
}
