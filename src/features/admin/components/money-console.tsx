import { ErrorNotice } from '~/components/error-notice';
import { ChartFigure } from '~/features/admin/components/chart-figure';
import { getMoneyScreen } from '~/features/admin/api/admin-api';
import { AmountTableHead, BookingRowHeader } from '~/features/admin/components/money-table-parts';
import { formatDeadline, formatTripDate } from '#contracts/format';
import { formatCents } from '#contracts/money';
import { entryLabel, formatEntryAmount, paymentStateLabels } from '#contracts/payment';
import { todayIso, addDays } from '#contracts/iso-dates';
import { useAsyncData } from '~/lib/use-async-data';
import type { MoneyScreen } from '#contracts/api';

type Row = MoneyScreen['dueSoon'][number];

function DueTable({
  title,
  rows,
  empty,
  currency,
  amountLabel,
  dateLabel,
}: {
  title: string;
  rows: Row[];
  empty: string;
  currency: string;
  amountLabel: string;
  // What the row's date is: when the money is due by, or since when a refund is owed.
  dateLabel: string;
}) {
  return (
    <section className="admin-panel admin-panel__pad admin-money__list" aria-label={title}>
      <h2 className="admin-panel__title">
        {title} <span className="admin-muted">({rows.length})</span>
      </h2>
      {rows.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <table className="admin-table admin-table--cards">
          <caption className="sr-only">{title}</caption>
          <AmountTableHead columns={['Booking', 'Trip', dateLabel]} amount={amountLabel} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.bookingId}>
                <BookingRowHeader bookingId={r.bookingId} reference={r.reference} name={r.name} />
                <td data-label="Trip">
                  {r.packageName}
                  <span className="admin-sub">{formatTripDate(r.startsOn)}</span>
                </td>
                <td data-label={dateLabel}>
                  {r.dueOn ? formatTripDate(r.dueOn) : '—'}
                  <span className="admin-sub">{paymentStateLabels[r.state]}</span>
                </td>
                <td data-label={amountLabel} className="admin-num">
                  <span className="admin-strong">{formatCents(r.amountCents, currency)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

// A bar per period, drawn as SVG, labelled by the figure's title and summary (the text
// alternative); the figures as a table behind the figure's toggle.
function Bars({
  labelledBy,
  bars,
  currency,
}: {
  labelledBy: string;
  bars: { label: string; short: string; cents: number }[];
  currency: string;
}) {
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.cents)));
  const height = 160;
  const width = 100 / bars.length;
  return (
    <div className="money-chart__wrap">
      <svg
        className="money-chart"
        viewBox={`0 0 100 ${height}`}
        preserveAspectRatio="none"
        width="100%"
        height={height}
        role="img"
        aria-labelledby={labelledBy}
      >
        {bars.map((b, i) => {
          const h = (Math.max(0, b.cents) / max) * height;
          return (
            <g key={b.label}>
              <rect
                x={i * width + width * 0.15}
                y={height - h}
                width={width * 0.7}
                height={h}
                className="money-chart__bar"
              >
                <title>
                  {b.label}: {formatCents(b.cents, currency)}
                </title>
              </rect>
            </g>
          );
        })}
        <line x1="0" x2="100" y1={height} y2={height} className="money-chart__axis" />
      </svg>
      {/* The periods under their bars (the summary and the table say the same in words). */}
      <ol className="money-chart__labels" aria-hidden="true">
        {bars.map((b, i) => (
          <li key={b.label}>{i % Math.ceil(bars.length / 6) === 0 ? b.short : ''}</li>
        ))}
      </ol>
    </div>
  );
}

const weekLabel = (iso: string) => formatTripDate(iso).replace(/^\w+ /, '');
// Under the bars, where six share a phone's width: "14 Sep", "Dec".
const shortWeekLabel = (iso: string) => weekLabel(iso).replace(/ \d{4}$/, '');
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (ym: string) => `${monthNames[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

export function MoneyCharts({ screen }: { screen: MoneyScreen }) {
  const c = screen.currency;
  const weeks = screen.receivedPerWeek.map((w) => ({
    label: weekLabel(w.week),
    short: shortWeekLabel(w.week),
    cents: w.cents,
  }));
  const months = screen.outstandingPerMonth.map((m) => ({
    label: monthLabel(m.month),
    short: monthLabel(m.month).slice(0, 3),
    cents: m.cents,
  }));
  const total = (bars: { cents: number }[]) => bars.reduce((s, b) => s + b.cents, 0);
  const best = weeks.reduce(
    (a, b) => (b.cents > a.cents ? b : a),
    weeks[0] ?? { label: '', short: '', cents: 0 },
  );
  const table = (bars: { label: string; cents: number }[], head: string) => (
    <table className="admin-table">
      <AmountTableHead columns={[head]} amount="Amount" />
      <tbody>
        {bars.map((b) => (
          <tr key={b.label}>
            <th scope="row">{b.label}</th>
            <td className="admin-num">{formatCents(b.cents, c)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="admin-money__charts">
      <ChartFigure
        title="Received per week"
        summary={`${formatCents(total(weeks), c)} received (net of refunds) in the last 12 weeks${best.cents > 0 ? `; the most in the week of ${best.label}: ${formatCents(best.cents, c)}` : ''}.`}
        table={table(weeks, 'Week of')}
      >
        {(labelledBy) => <Bars labelledBy={labelledBy} bars={weeks} currency={c} />}
      </ChartFigure>
      <ChartFigure
        title="Outstanding per month of departure"
        summary={`${formatCents(total(months), c)} still to be paid on active bookings departing in the next 6 months: ${months.map((m) => `${m.label} ${formatCents(m.cents, c)}`).join(', ')}.`}
        table={table(months, 'Departing in')}
      >
        {(labelledBy) => <Bars labelledBy={labelledBy} bars={months} currency={c} />}
      </ChartFigure>
    </div>
  );
}

// The three lists of what is owed, either way, in the order the office works them.
const dueTables = [
  { title: 'Overdue', list: 'overdue', empty: 'Nothing is overdue.', amountLabel: 'Due', dateLabel: 'By' },
  {
    title: 'Due in the next 30 days',
    list: 'dueSoon',
    empty: 'Nothing falls due in the next 30 days.',
    amountLabel: 'Due',
    dateLabel: 'By',
  },
  {
    title: 'Refunds due',
    list: 'refundsDue',
    empty: 'No refund is owed.',
    amountLabel: 'To refund',
    dateLabel: 'Since',
  },
] as const;

// /admin/money: what the office chases and pays back, and what came in.
export function MoneyConsole() {
  const { state, retry } = useAsyncData('admin-money', getMoneyScreen);
  if (state.status === 'loading')
    return (
      <div className="admin-panel admin-panel__pad admin-loading" role="status">
        <span className="spinner__ring" aria-hidden="true" />
        <span className="sr-only">Loading the money…</span>
      </div>
    );
  if (state.status === 'error')
    return <ErrorNotice message="The money screen could not be loaded." onRetry={retry} />;
  const s = state.data;
  const today = todayIso('UTC');
  return (
    <>
      <div className="admin-head">
        <div>
          <p className="admin-kicker">Money</p>
          <h1 className="admin-title">Payments and refunds</h1>
          <p className="admin-lead">
            Due in the next 30 days, overdue, refunds owed and what came in this week. The ledger for the
            accountant:{' '}
            <a href={`/api/admin/payments.csv?from=${addDays(today, -30)}&to=${today}`} download>
              last 30 days as CSV
            </a>
            .
          </p>
        </div>
      </div>
      <div className="admin-money">
        {dueTables.map((t) => (
          <DueTable key={t.title} {...t} rows={s[t.list]} currency={s.currency} />
        ))}
        <section
          className="admin-panel admin-panel__pad admin-money__list"
          aria-label="Received in the last 7 days"
        >
          <h2 className="admin-panel__title">
            Received in the last 7 days <span className="admin-muted">({s.received.length})</span>
          </h2>
          {s.received.length === 0 ? (
            <p className="admin-muted">Nothing recorded this week.</p>
          ) : (
            <table className="admin-table admin-table--cards">
              <caption className="sr-only">Received in the last 7 days</caption>
              <AmountTableHead columns={['Booking', 'Entry', 'When']} amount="Amount" />
              <tbody>
                {s.received.map((e) => (
                  <tr key={e.id}>
                    <BookingRowHeader bookingId={e.bookingId} reference={e.reference} name={e.name} />
                    <td data-label="Entry">
                      {entryLabel(e)}
                      {e.staff ? <span className="admin-sub">by {e.staff}</span> : null}
                    </td>
                    <td data-label="When">{formatDeadline(e.at)}</td>
                    <td data-label="Amount" className="admin-num">
                      <span className="admin-strong">{formatEntryAmount(e, s.currency)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
      <MoneyCharts screen={s} />
    </>
  );
}
