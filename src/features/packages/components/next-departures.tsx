import { formatTripDate } from '#contracts/format';
import { DatesList } from '~/features/packages/components/dates-skeleton';
import { useNextDepartures } from '~/features/packages/hooks/use-next-departures';
import { useT } from '~/lib/i18n';

// A default export: React.lazy loads it (src/features/packages/components/package-card.tsx).
// The card's next dates. Their space is kept from the start (two lines), so nothing moves when
// they arrive after the page has loaded. A visitor's home page shows the same without React
// (src/features/packages/islands/next-dates.ts): the markup below is what it writes.
export default function NextDepartures({ packageId }: { packageId: string }) {
  const state = useNextDepartures(packageId);
  const { t, known, language } = useT();
  return (
    <div className="package-card__dates">
      <p className="package-card__dates-label">{t('Next departures')}</p>
      {state.status === 'loading' ? (
        <DatesList />
      ) : state.status === 'success' && state.data.note === null ? (
        <ul className="package-card__dates-list">
          {state.data.dates.map((d) => (
            <li key={d.id}>
              <time dateTime={d.startsOn}>{formatTripDate(d.startsOn, language)}</time>
            </li>
          ))}
        </ul>
      ) : (
        // The words come with the dates' code; if even that could not load, the lines stay empty.
        <p className="package-card__dates-list">
          {state.status === 'success' && state.data.note ? known(state.data.note) : ''}
        </p>
      )}
    </div>
  );
}
