import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import type { GuestLink } from '#contracts/guest-links';
import { getGuestLink } from '~/features/booking/api/guest-links-api';
import { GuestLinkForm } from '~/features/booking/components/guest-link-form';
import { ApiError } from '~/lib/api-client';

// The token is in the address: no referrer carries it to another site, and no search engine keeps it.
export const meta = () => [
  { title: 'Your travel details | Wayfarer Tours' },
  { name: 'description', content: 'Fill in your own details for your Wayfarer Tours trip.' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

type State =
  | { status: 'loading' }
  | { status: 'ready'; link: GuestLink }
  | { status: 'gone'; message: string }
  | { status: 'closed'; message: string }
  | { status: 'error'; message: string };

// /travellers/:token: a traveller's personal link (no sign-in). The server renders the frame only;
// the details are read in the browser, so the page's HTML carries no one's data.
export default function GuestLinkPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getGuestLink(token, controller.signal)
      .then((link) => setState({ status: 'ready', link }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'gone', message: error.message });
        } else if (error instanceof ApiError && error.status === 409) {
          setState({ status: 'closed', message: error.message });
        } else {
          setState({
            status: 'error',
            message: error instanceof ApiError ? error.message : 'Your details could not be loaded.',
          });
        }
      });
    return () => controller.abort();
  }, [token, attempt]);

  return (
    <section className="section container container--narrow travellers-page">
      {state.status === 'loading' ? <Spinner label="Loading your trip…" /> : null}
      {state.status === 'gone' ? (
        <div className="empty-state">
          <h1>This link does not work</h1>
          <p>{state.message}</p>
        </div>
      ) : null}
      {state.status === 'closed' ? (
        <div className="empty-state">
          <h1>Your details can no longer be changed here</h1>
          <p>{state.message}</p>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <ErrorNotice message={state.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' ? <GuestLinkForm token={token} link={state.link} /> : null}
    </section>
  );
}
