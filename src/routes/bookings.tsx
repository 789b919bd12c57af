import { VerifyEmailNote } from '~/components/verify-email-note';
import { bookingsPath } from '~/features/booking/api/booking-paths';
import { BookingsList } from '~/features/booking/components/bookings-list';
import { YourData } from '~/features/booking/components/your-data';
import { loadPageData, usePageUser, usePreloaded } from '~/lib/page-data';
import { catalogueFor, packagesPath } from '~/features/packages/api/get-packages';
import { useTranslatedNames } from '~/features/packages/hooks/use-packages';
import { PackageNamesProvider } from '~/lib/package-names';
import { pageTranslator, useT } from '~/lib/i18n';
import type { TravelPackage } from '#contracts/package';
import type { Route } from './+types/bookings';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return [
    { title: t('My bookings | Wayfarer Tours') },
    {
      name: 'description',
      content: t('Your Wayfarer Tours bookings: dates, travellers, status and cancellation.'),
    },
  ];
};

// With a session cookie the server renders the list (~/lib/page-data); in another language than
// English with the catalogue too, for the booked packages' translated names.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadPageData(context, [bookingsPath, catalogueFor(request)]);

export default function BookingsPage() {
  const pageUser = usePageUser();
  const { t, language } = useT();
  // The booked packages' names in the page's language (src/lib/package-names.ts).
  const names = useTranslatedNames(language, usePreloaded<TravelPackage[]>(packagesPath));
  return (
    <section className="section container container--narrow bookings-page">
      <h1>{t('My bookings')}</h1>
      <VerifyEmailNote renderedFor={pageUser} />
      <PackageNamesProvider value={names}>
        <BookingsList />
      </PackageNamesProvider>
      <YourData />
    </section>
  );
}
