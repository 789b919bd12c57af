import type { ReactNode } from 'react';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { ApiError } from '~/lib/api-client';
import { useAsyncData } from '~/lib/use-async-data';
import { useT } from '~/lib/i18n';

type Props<T> = {
  token: string;
  load: (token: string, signal: AbortSignal) => Promise<T>;
  // Shown when the link could not be read for another reason than its being unknown or closed.
  loadFailed: string;
  // The heading when the server answers 409 (the link is known but closed); without it, a 409 is
  // an error like any other.
  closedTitle?: string;
  children: (link: T) => ReactNode;
  // Shown under the link's content, and under the closed notice too: what the link still offers
  // once its form has closed (a traveller's share can be paid after the details cutoff).
  footer?: ReactNode;
};

// A personal link's page head. The token is in the address: no referrer carries it to another
// site, and no search engine keeps it.
export const tokenLinkMeta = (title: string, description: string) => [
  { title: `${title} | Wayfarer Tours` },
  { name: 'description', content: description },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

// The frame of a personal link's page (no sign-in): the server renders this frame only and the
// link is read in the browser, so the page's HTML carries no one's data. An unknown or malformed
// token (404, 400) says the link does not work.
export function TokenLinkPage<T>({ token, load, loadFailed, closedTitle, children, footer }: Props<T>) {
  const { state, retry } = useAsyncData(token, (signal) => load(token, signal));
  const failed = state.status === 'error';
  const apiError = failed && state.error instanceof ApiError ? state.error : null;
  const gone = apiError?.status === 404 || apiError?.status === 400;
  const closed = closedTitle !== undefined && apiError?.status === 409;
  const { t, known } = useT();
  return (
    <section className="section container container--narrow travellers-page">
      {state.status === 'loading' ? <Spinner label={t('Loading your trip…')} /> : null}
      {gone ? (
        <div className="empty-state">
          <h1>{t('This link does not work')}</h1>
          <p>{apiError ? known(apiError.message) : null}</p>
        </div>
      ) : null}
      {closed ? (
        <div className="empty-state">
          <h1>{closedTitle}</h1>
          <p>{apiError ? known(apiError.message) : null}</p>
        </div>
      ) : null}
      {failed && !gone && !closed ? (
        <ErrorNotice message={apiError ? known(apiError.message) : loadFailed} onRetry={retry} />
      ) : null}
      {state.status === 'success' ? children(state.data) : null}
      {state.status === 'success' || closed ? footer : null}
    </section>
  );
}
