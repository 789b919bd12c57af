import { useParams } from 'react-router';
import { getGuestLink } from '~/features/booking/api/guest-links-api';
import { GuestLinkForm } from '~/features/booking/components/guest-link-form';
import { PayMyShare } from '~/features/booking/components/pay-my-share';
import { TokenLinkPage, tokenLinkMeta } from '~/features/booking/components/token-link-page';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/guest-link';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return tokenLinkMeta(t('Your travel details'), t('Fill in your own details for your Wayfarer Tours trip.'));
};

// /travellers/:token: a traveller's personal link (no sign-in). A link whose details are closed
// (409) says so; its share can still be paid (PayMyShare, with card payments).
export default function GuestLinkPage() {
  const { token = '' } = useParams();
  const { t } = useT();
  return (
    <TokenLinkPage
      token={token}
      load={getGuestLink}
      loadFailed={t('Your details could not be loaded.')}
      closedTitle={t('Your details can no longer be changed here')}
      footer={<PayMyShare token={token} />}
    >
      {(link) => <GuestLinkForm token={token} link={link} />}
    </TokenLinkPage>
  );
}
