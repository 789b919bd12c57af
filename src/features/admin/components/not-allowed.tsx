import { Link } from 'react-router';
import { paths } from '~/config/paths';

// What a signed-in traveller sees at /admin: no data was asked for, and a clear way on.
export function NotAllowed({ email }: { email: string | null }) {
  return (
    <section className="admin-denied" aria-labelledby="admin-denied-title">
      <div className="admin-denied__card">
        <p className="eyebrow">Operator console</p>
        <h1 id="admin-denied-title">This page is for Wayfarer Tours staff</h1>
        <p>
          {email ? (
            <>
              You are signed in as <strong>{email}</strong>, a traveller account.
            </>
          ) : (
            'You are signed in with a traveller account.'
          )}{' '}
          You can browse trips and manage your own bookings, but the operator console is only for our team.
        </p>
        <p className="admin-muted">
          Work with us and expected to get in? Ask a colleague to grant your account operator access, then
          reload this page.
        </p>
        <div className="admin-denied__actions">
          <Link className="button button--primary" to={paths.home}>
            Back to the home page
          </Link>
          <Link className="button button--outline" to={paths.bookings}>
            My bookings
          </Link>
        </div>
      </div>
    </section>
  );
}
