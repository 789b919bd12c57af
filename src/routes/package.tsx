import { Link, useNavigate, useParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { createBooking } from '~/features/booking/api/bookings-api';
import { joinWaitlist } from '~/features/booking/api/waitlist-api';
import { BookingForm } from '~/features/booking/components/booking-form';
import { PackageDetails } from '~/features/packages/components/package-details';
import { usePackage } from '~/features/packages/hooks/use-package';
import { packagePath, usePackageContent } from '~/features/packages/hooks/use-package-content';
import { departuresPath } from '~/lib/departures-path';
import type { TravelPackage } from '#contracts/package';
import { packagesPath } from '~/features/packages/api/get-packages';
import { useAuth } from '~/lib/auth';
import { loadPageData, usePageUser, usePreloaded } from '~/lib/page-data';
import type { Route } from './+types/package';
import { pageTranslator, useT } from '~/lib/i18n';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return [
    { title: t('Book a package | Wayfarer Tours') },
    { name: 'description', content: t('Choose a departure date and book this Wayfarer Tours package.') },
  ];
};

// With a session cookie the server renders the package with its departures (~/lib/page-data).
export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadPageData(context, [packagesPath, packagePath(params.id), departuresPath(params.id)]);

export default function PackagePage() {
  const { id } = useParams();
  const { state, retry } = usePackage(id, usePreloaded<TravelPackage[]>(packagesPath));
  const auth = useAuth();
  const pageUser = usePageUser();
  const { t, known, to } = useT();
  const user =
    auth.status === 'signed-in'
      ? auth.user
      : pageUser && { uid: pageUser.uid, displayName: pageUser.name, email: pageUser.email };

  if (state.status === 'loading') {
    return (
      <div className="page-loading">
        <Spinner label={t('Loading the package…')} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="section container">
        <ErrorNotice message={known(state.message)} onRetry={retry} />
      </section>
    );
  }
  if (state.status === 'not-found') {
    return (
      <section className="section container container--narrow not-found">
        <h1>{t('Package not found')}</h1>
        <p>
          {t('We could not find a package called “')}
          {id}
          {t('”. It may have been retired, or the link is mistyped.')}
        </p>
        <Link className="button button--primary" to={to(paths.home)}>
          {t('See all packages')}
        </Link>
      </section>
    );
  }
  return <FoundPackage pkg={state.pkg} user={user} />;
}

type PageUserLike = { uid: string; displayName: string | null; email: string | null } | null;

function FoundPackage({ pkg: card, user }: { pkg: TravelPackage; user: PageUserLike }) {
  const navigate = useNavigate();
  const { to, language } = useT();
  const pkg = usePackageContent(card, usePreloaded<unknown>(packagePath(card.id)));
  return (
    <section className="section container package-page">
      <PackageDetails pkg={pkg} />
      <BookingForm
        // Another account signing in in this tab gets a form (and a draft) of its own.
        key={user?.uid}
        owner={user?.uid ?? ''}
        packageId={pkg.id}
        price={pkg.price}
        paymentTerms={pkg.paymentTerms}
        initial={{ name: user?.displayName ?? '', author: user?.email ?? '', address: '', phone: '' }}
        onSubmit={createBooking}
        onJoinWaitlist={(departureId, travellers) => joinWaitlist(departureId, travellers, language)}
        onBooked={(booking) =>
          navigate(`${to(paths.checkout(pkg.id))}?booking=${encodeURIComponent(booking.id)}`, {
            state: { booking },
          })
        }
      />
    </section>
  );
}
