import { formatMoment } from '#contracts/format';
import { useHydrated } from '~/lib/use-hydrated';

// A moment ("12 Mar 2026, 14:05") in the reader's own time zone. The server does not know that
// zone: what it renders, and what hydration renders to match it, is the moment in UTC, said so;
// the reader's zone follows right after hydration. Formatting in the server's zone instead made
// React throw away server-rendered pages (a hydration mismatch) for every reader elsewhere.
export function Moment({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatMoment(iso) : `${formatMoment(iso, 'UTC')} UTC`}</time>;
}
