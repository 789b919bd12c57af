import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { getMoveLink } from '~/features/booking/api/guest-links-api';
import { MoveLinkAnswer } from '~/features/booking/components/move-link-answer';
import { ApiError } from '~/lib/api-client';
import type { MoveLink } from '#contracts/api';

// The token is in the address: no referrer carries it to another site, and no search engine keeps it.
export const meta = () => [
  { title: 'A new date for your trip | Wayfarer Tours' },
  { name: 'description', content: 'Accept or decline the new date of your Wayfarer Tours trip.' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

type State =
  | { status: 'loading' }
  | { status: 'ready'; link: MoveLink }
  | { status: 'gone'; message: string }
  | { status: 'error'; message: string };

// /moves/:token: a party's personal link to the brand's move of its departure (no sign-in). The
// server renders the frame only; the offer is read in the browser, so the HTML carries no data.
export default function MoveLinkPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMoveLink(token, controller.signal)
      .then((link) => setState({ status: 'ready', link }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'gone', message: error.message });
        } else {
          setState({
            status: 'error',
            message: error instanceof ApiError ? error.message : 'The new date could not be loaded.',
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
      {state.status === 'error' ? (
        <ErrorNotice message={state.message} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      {state.status === 'ready' ? <MoveLinkAnswer token={token} link={state.link} /> : null}
    </section>
  );
}
