import { Link, useNavigate, useParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { createBooking } from '~/features/booking/api/bookings-api';
import { joinWaitlist } from '~/features/booking/api/waitlist-api';
import { BookingForm } from '~/features/booking/components/booking-form';
import { PackageDetails } from '~/features/packages/components/package-details';
import { usePackage } from '~/features/packages/hooks/use-package';
import { useAuth } from '~/lib/auth';

export const meta = () => [
  { title: 'Book a package | Wayfarer Tours' },
  { name: 'robots', content: 'noindex' },
];

export default function PackagePage() {
  const { id } = useParams();
  const { state, retry } = usePackage(id);
  const auth = useAuth();
  const navigate = useNavigate();
  const user = auth.status === 'signed-in' ? auth.user : null;

  if (state.status === 'loading') {
    return (
      <div className="page-loading">
        <Spinner label="Loading the package…" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="section container">
        <ErrorNotice message={state.message} onRetry={retry} />
      </section>
    );
  }
  if (state.status === 'not-found') {
    return (
      <section className="section container container--narrow not-found">
        <h1>Package not found</h1>
        <p>We could not find a package called “{id}”. It may have been retired, or the link is mistyped.</p>
        <Link className="button button--primary" to={paths.home}>
          See all packages
        </Link>
      </section>
    );
  }
  const pkg = state.pkg;
  return (
    <section className="section container package-page">
      <PackageDetails pkg={pkg} />
      <BookingForm
        packageId={pkg.id}
        price={pkg.price}
        initial={{ name: user?.displayName ?? '', author: user?.email ?? '', address: '', phone: '' }}
        onSubmit={createBooking}
        onJoinWaitlist={joinWaitlist}
        onBooked={(booking) =>
          navigate(`${paths.checkout(pkg.id)}?booking=${encodeURIComponent(booking.id)}`, {
            state: { booking },
          })
        }
      />
    </section>
  );
}
