import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '~/config/paths';
import { logOut } from '~/lib/auth';

export const meta = () => [
  { title: 'Your account is deleted | Wayfarer Tours' },
  { name: 'description', content: 'Your Wayfarer Tours account and its personal data are gone.' },
  { name: 'robots', content: 'noindex' },
];

// Where "Delete my account" (My bookings, src/features/booking/components/your-data.tsx) ends,
// signed out: what is gone and what is kept. The same for everyone, so it is prerendered.
export default function AccountDeleted() {
  // Sent here by Delete my account: the browser forgets the deleted account now that no signed-in
  // page is on screen to send the person to the login form.
  const signOut = (useLocation().state as { signOut?: unknown } | null)?.signOut === true;
  useEffect(() => {
    if (signOut) void logOut().catch(() => {});
  }, [signOut]);
  return (
    <section
      className="section container container--narrow account-deleted"
      aria-labelledby="account-deleted-title"
    >
      <h1 id="account-deleted-title">Your account is deleted</h1>
      <p>
        Your account was deleted and your personal data erased: your name, email address, phone number,
        address and your travellers’ details are gone, and your future bookings are cancelled.
      </p>
      <p>
        We keep only the booking references, dates and totals for our accounts. You are signed out; to travel
        with us again, make a new account at any time.
      </p>
      <Link className="button button--primary" to={paths.home}>
        Back to home
      </Link>
    </section>
  );
}
