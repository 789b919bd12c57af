import { useParams } from 'react-router';
import { getMoveLink } from '~/features/booking/api/guest-links-api';
import { MoveLinkAnswer } from '~/features/booking/components/move-link-answer';
import { TokenLinkPage, tokenLinkMeta } from '~/features/booking/components/token-link-page';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/move-link';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return tokenLinkMeta(
    t('A new date for your trip'),
    t('Accept or decline the new date of your Wayfarer Tours trip.'),
  );
};

// /moves/:token: a party's personal link to the brand's move of its departure (no sign-in).
export default function MoveLinkPage() {
  const { token = '' } = useParams();
  const { t } = useT();
  return (
    <TokenLinkPage token={token} load={getMoveLink} loadFailed={t('The new date could not be loaded.')}>
      {(link) => <MoveLinkAnswer token={token} link={link} />}
    </TokenLinkPage>
  );
}
