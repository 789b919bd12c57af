import { Link } from 'react-router';
import { formatTripDate } from '#contracts/format';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { getGuideDepartures, guidePaths } from '~/features/guide/guide-api';
import { useGuideData } from '~/features/guide/use-guide-data';

// A guide's departures, soonest first: one large card each, opening its manifest.
export function GuideDepartures() {
  const { state, retry } = useGuideData(guidePaths.departures, getGuideDepartures);
  return (
    <div className="guide container">
      <h1 className="guide__title">Your departures</h1>
      {state.status === 'loading' ? (
        <p role="status" className="guide__quiet">
          Loading your departures…
        </p>
      ) : state.status === 'error' ? (
        state.forbidden ? (
          <p className="guide__quiet">This page is for Wayfarer Tours guides.</p>
        ) : (
          <ErrorNotice message={state.message} onRetry={retry} />
        )
      ) : state.data.departures.length === 0 ? (
        <p className="guide__quiet">No departures are assigned to you yet.</p>
      ) : (
        <ul className="guide-list">
          {state.data.departures.map((d) => (
            <li key={d.id}>
              <Link
                className="guide-card"
                to={paths.guideDeparture(d.id)}
                data-closed={d.status === 'closed'}
              >
                <span className="guide-card__date">
                  {formatTripDate(d.startsOn)}
                  {d.status === 'closed' ? <span className="guide-card__closed">Closed</span> : null}
                </span>
                <span className="guide-card__name">{d.packageName}</span>
                {d.meetingPoint || d.meetingTime ? (
                  <span className="guide-card__meet">
                    Meet {[d.meetingTime, d.meetingPoint].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
                <span className="guide-card__count">
                  {d.present} of {d.travellers} present
                  {d.noShow > 0 ? ` · ${d.noShow} no-show` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
