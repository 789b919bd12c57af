import { useParams } from 'react-router';
import { getGuestLink } from '~/features/booking/api/guest-links-api';
import { GuestLinkForm } from '~/features/booking/components/guest-link-form';
import { PayMyShare } from '~/features/booking/components/pay-my-share';
import { TokenLinkPage } from '~/features/booking/components/token-link-page';

// The token is in the address: no referrer carries it to another site, and no search engine keeps it.
export const meta = () => [
  { title: 'Your travel details | Wayfarer Tours' },
  { name: 'description', content: 'Fill in your own details for your Wayfarer Tours trip.' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

// /travellers/:token: a traveller's personal link (no sign-in). A link whose details are closed
// (409) says so; its share can still be paid (PayMyShare, with card payments).
export default function GuestLinkPage() {
  const { token = '' } = useParams();
  return (
    <TokenLinkPage
      token={token}
      load={getGuestLink}
      loadFailed="Your details could not be loaded."
      closedTitle="Your details can no longer be changed here"
      footer={<PayMyShare token={token} />}
    >
      {(link) => <GuestLinkForm token={token} link={link} />}
    </TokenLinkPage>
  );
}
