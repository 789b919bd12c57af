import { formatTripDate } from '#contracts/format';
import { DatesList } from '~/features/packages/components/dates-skeleton';
import { useNextDepartures } from '~/features/packages/hooks/use-next-departures';

// A default export: React.lazy loads it (src/features/packages/components/package-card.tsx).
// The card's next dates. Their space is kept from the start (two lines), so nothing moves when
// they arrive after the page has loaded.
export default function NextDepartures({ packageId }: { packageId: string }) {
  const state = useNextDepartures(packageId);
  return (
    <div className="package-card__dates">
      <p className="package-card__dates-label">Next departures</p>
      {state.status === 'loading' ? (
        <DatesList />
      ) : state.status === 'success' && state.data.length > 0 ? (
        <ul className="package-card__dates-list">
          {state.data.map((d) => (
            <li key={d.id}>
              <time dateTime={d.startsOn}>{formatTripDate(d.startsOn)}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="package-card__dates-list">
          {state.status === 'error' ? 'Dates on the trip’s page' : 'Dates on request: call or write to us'}
        </p>
      )}
    </div>
  );
}
