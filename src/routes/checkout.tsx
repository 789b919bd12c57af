import { VerifyEmailNote } from '~/components/verify-email-note';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { BookingSummary } from '~/features/booking/components/booking-summary';
import { BookingTerms } from '~/features/booking/components/booking-terms';
import { useBooking } from '~/features/booking/hooks/use-bookings';
import { bookingPath } from '~/features/booking/api/booking-paths';
import { ApiError } from '~/lib/api-client';
import { loadPageData, usePageUser, usePreloaded } from '~/lib/page-data';
import { catalogueFor, packagesPath } from '~/features/packages/api/get-packages';
import { useTranslatedNames } from '~/features/packages/hooks/use-packages';
import { PackageNamesProvider } from '~/lib/package-names';
import type { TravelPackage } from '#contracts/package';
import type { Route } from './+types/checkout';
import type { Booking } from '#contracts/api';
import { pageTranslator, useT } from '~/lib/i18n';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return [
    { title: t('Thanks For Purchasing | Wayfarer Tours') },
    {
      name: 'description',
      content: t('Your Wayfarer Tours booking is received: its reference and details.'),
    },
  ];
};

// With a session cookie the server renders the booking (~/lib/page-data).
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const booking = new URL(request.url).searchParams.get('booking');
  return loadPageData(context, [booking ? bookingPath(booking) : null, catalogueFor(request)]);
};

// Home and My bookings, the one the page leads to first as its main button.
function CheckoutLinks({ first }: { first: 'home' | 'bookings' }) {
  const { t, to } = useT();
  const home = { path: paths.home, text: t('Back To Home') };
  const bookings = { path: paths.bookings, text: t('My bookings') };
  const [main, other] = first === 'home' ? [home, bookings] : [bookings, home];
  return (
    <div className="checkout__actions">
      <Link className="button button--primary" to={to(main.path)}>
        {main.text}
      </Link>
      <Link className="button button--outline" to={to(other.path)}>
        {other.text}
      </Link>
    </div>
  );
}

export default function Checkout() {
  const [params] = useSearchParams();
  const location = useLocation();
  const pageUser = usePageUser();
  const { t, known, to, language } = useT();
  // The booked package's name in the page's language (src/lib/package-names.ts).
  const names = useTranslatedNames(language, usePreloaded<TravelPackage[]>(packagesPath));
  const fromState = (location.state as { booking?: Booking } | null)?.booking;
  const { state, retry } = useBooking(params.get('booking'), fromState);
  const hasBooking = params.get('booking') !== null;

  // No tick and no thanks until the booking is there: an unknown id, someone else's booking (the
  // server answers 404 for both) or a link without one says so plainly.
  const notFound =
    !hasBooking ||
    (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404);

  if (notFound) {
    return (
      <section className="section container container--narrow checkout checkout--missing">
        <h1>{t('We could not find this booking')}</h1>
        <p className="section__lead">
          {t(
            'The link may be mistyped, or the booking belongs to another account. Your own bookings are all in My bookings.',
          )}
        </p>
        <CheckoutLinks first="bookings" />
      </section>
    );
  }

  return (
    <section className="section container container--narrow checkout">
      {state.status === 'success' ? (
        <>
          <div className="checkout__badge" aria-hidden="true">
            ✓
          </div>
          <h1>{t('Thanks For Purchasing')}</h1>
          <p className="section__lead">
            {t('Your guide will be in touch within two working days to plan the details.')}
          </p>
          <VerifyEmailNote renderedFor={pageUser} />
          {state.data.status !== 'cancelled' && !state.data.detailsComplete ? (
            <aside className="checkout__invite" aria-labelledby="checkout-invite-title">
              <h2 id="checkout-invite-title">{t('Who is coming?')}</h2>
              <p>
                {t(
                  'Add each traveller’s name, date of birth, dietary needs and an emergency contact, so your guide knows who to expect. Fill in what you know now and the rest later.',
                )}
              </p>
              <Link className="button button--accent" to={to(paths.travellers(state.data.id))}>
                {t('Add travellers’ details')}
              </Link>
            </aside>
          ) : null}
          <PackageNamesProvider value={names}>
            <BookingSummary booking={state.data} />
          </PackageNamesProvider>
          <BookingTerms
            className="checkout__terms"
            headingLevel={2}
            startsOn={state.data.startsOn}
            paymentShown={Boolean(state.data.payment)}
          />
        </>
      ) : null}
      {state.status === 'loading' ? <Spinner label={t('Loading your booking…')} /> : null}
      {state.status === 'error' ? (
        <>
          <h1>{t('Your booking could not be loaded')}</h1>
          <ErrorNotice
            message={
              state.error instanceof ApiError
                ? known(state.error.message)
                : t('Your booking could not be loaded.')
            }
            onRetry={retry}
          />
        </>
      ) : null}
      <CheckoutLinks first="home" />
    </section>
  );
}
