import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '~/config/paths';
import { logOut } from '~/lib/auth';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/account-deleted';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return [
    { title: t('Your account is deleted | Wayfarer Tours') },
    { name: 'description', content: t('Your Wayfarer Tours account and its personal data are gone.') },
    { name: 'robots', content: 'noindex' },
  ];
};

// Where "Delete my account" (My bookings, src/features/booking/components/your-data.tsx) ends,
// signed out: what is gone and what is kept. The same for everyone, so it is prerendered.
export default function AccountDeleted() {
  // Sent here by Delete my account: the browser forgets the deleted account now that no signed-in
  // page is on screen to send the person to the login form.
  const { t, to } = useT();
  const signOut = (useLocation().state as { signOut?: unknown } | null)?.signOut === true;
  useEffect(() => {
    if (signOut) void logOut().catch(() => {});
  }, [signOut]);
  return (
    <section
      className="section container container--narrow account-deleted"
      aria-labelledby="account-deleted-title"
    >
      <h1 id="account-deleted-title">{t('Your account is deleted')}</h1>
      <p>
        {t(
          'Your account was deleted and your personal data erased: your name, email address, phone number, address and your travellers’ details are gone, and your future bookings are cancelled.',
        )}
      </p>
      <p>
        {t(
          'We keep only the booking references, dates and totals for our accounts. You are signed out; to travel with us again, make a new account at any time.',
        )}
      </p>
      <Link className="button button--primary" to={to(paths.home)}>
        {t('Back to home')}
      </Link>
    </section>
  );
}
