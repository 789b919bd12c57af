import { formatMoment } from '#contracts/format';
import { useHydrated } from '~/lib/use-hydrated';
import { useLanguage } from '~/lib/i18n';

// A moment ("12 Mar 2026, 14:05") in the reader's own time zone. The server does not know that
// zone: what it renders, and what hydration renders to match it, is the moment in UTC, said so;
// the reader's zone follows right after hydration. Formatting in the server's zone instead made
// React throw away server-rendered pages (a hydration mismatch) for every reader elsewhere.
// Its month in the page's language ("12 mar 2026, 14:05" under /es).
export function Moment({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const language = useLanguage();
  return (
    <time dateTime={iso}>
      {hydrated ? formatMoment(iso, undefined, language) : `${formatMoment(iso, 'UTC', language)} UTC`}
    </time>
  );
}
