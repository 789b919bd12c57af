import { MoneyCharts } from '~/features/admin/components/money-console';
import { getMoneyScreen } from '~/features/admin/api/admin-api';
import { useAsyncData } from '~/lib/use-async-data';
import { Link } from 'react-router';
import type { Overview } from '#contracts/overview';
import { formatTripDate, plural, pluralWord } from '#contracts/format';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { SeatsChart, WaitingChart, WeeklyChart } from '~/features/admin/components/overview-charts';
import { TableSkeleton } from '~/features/admin/components/table-skeleton';
import { useOverview } from '~/features/admin/hooks/use-overview';
import { count, decideIn, taken } from '~/features/admin/utils/overview-figures';
import { ApiError } from '~/lib/api-client';

// /admin: the season at a glance. The figures first, then the dates at risk (what needs a
// decision), then the charts.
export function OverviewConsole() {
  const { state, retry } = useOverview();
  return (
    <>
      <div className="admin-head">
        <div>
          <h1 className="admin-title">The season at a glance</h1>
          <p className="admin-lead">
            Seats on every departure of the next six months, the bookings of the last twelve weeks, who is
            waiting and which dates are at risk.
          </p>
        </div>
      </div>
      {state.status === 'loading' && (
        <div className="admin-panel" aria-busy="true">
          <TableSkeleton label="Loading the overview…" />
        </div>
      )}
      {state.status === 'error' && (
        <ErrorNotice
          message={
            state.error instanceof ApiError
              ? state.error.message
              : 'The overview could not be loaded. Please try again.'
          }
          onRetry={retry}
        />
      )}
      {state.status === 'success' && <OverviewBody overview={state.data} />}
    </>
  );
}

function OverviewBody({ overview }: { overview: Overview }) {
  const { departures, weeks, from, to } = overview;
  const atRisk = departures.filter((d) => d.atRisk);
  const capacity = departures.reduce((n, d) => n + d.capacity, 0);
  const booked = departures.reduce((n, d) => n + d.confirmed + d.requested, 0);
  const waiting = departures.reduce((n, d) => n + d.waiting, 0);
  return (
    <>
      <dl className="admin-stats">
        <div>
          <dt>Departures</dt>
          <dd>
            {count(departures.length)} <span className="admin-stats__of">in six months</span>
          </dd>
        </div>
        <div>
          <dt>Seats booked</dt>
          <dd>
            {count(booked)} <span className="admin-stats__of">of {count(capacity)}</span>
          </dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>
            {count(waiting)} <span className="admin-stats__of">travellers</span>
          </dd>
        </div>
        <div>
          <dt>At risk</dt>
          <dd>
            {count(atRisk.length)}{' '}
            <span className="admin-stats__of">{pluralWord(atRisk.length, 'date')}</span>
          </dd>
        </div>
        <div>
          <dt>This week</dt>
          <dd>
            {count(weeks.at(-1)?.bookings ?? 0)} <span className="admin-stats__of">bookings</span>
          </dd>
        </div>
      </dl>

      <section className="overview-risk" aria-labelledby="overview-risk-title">
        <h2 className="overview-risk__title" id="overview-risk-title">
          Departures at risk
        </h2>
        {atRisk.length === 0 ? (
          <p className="overview-risk__none">
            None: every date with a minimum has reached it, or has more than two weeks left to decide.
          </p>
        ) : (
          <ul className="overview-risk__list">
            {atRisk.map((d) => (
              <li key={d.id} className="overview-risk__item">
                <p className="overview-risk__name">
                  <Link to={paths.adminManifest(d.id)}>
                    {d.packageName}, {formatTripDate(d.startsOn)}
                  </Link>
                </p>
                <p>
                  Needs {plural(d.toGuarantee, 'more traveller')} ({d.confirmed + d.requested} of{' '}
                  {d.minTravellers} booked, {taken(d)} of {d.capacity} seats taken).
                </p>
                <p>
                  Decide by {formatTripDate(d.decideBy)}: <strong>{decideIn(from, d.decideBy)}</strong>.
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="overview-charts">
        <SeatsChart departures={departures} from={from} to={to} />
        <WeeklyChart weeks={weeks} />
        <WaitingChart departures={departures} />
      </div>
      <OverviewMoney />
    </>
  );
}

// The overview's money charts (received per week, outstanding per month of departure), from the
// money screen's read: loaded after the season's figures, never holding them back.
function OverviewMoney() {
  const { state } = useAsyncData('admin-money', getMoneyScreen);
  if (state.status !== 'success') return null;
  return <MoneyCharts screen={state.data} />;
}
