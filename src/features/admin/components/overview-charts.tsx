// The overview's charts, drawn as SVG by hand (docs/decisions/041-overview-charts.md): seats per
// departure as stacked bars, bookings per week as a line, waiting demand as bars. Each is a
// ChartFigure: a summary in words, a legend where colours mean something (each seat kind also
// has its own texture), and the figures as a table behind a toggle. Lengths are percentages of
// the chart's width, so text keeps its size on a phone and the bars fit the screen.
import { useId, type ReactNode } from 'react';
import type { OverviewDeparture, OverviewWeek } from '#contracts/overview';
import { formatTripDate, plural } from '#contracts/format';
import { ChartFigure } from '~/features/admin/components/chart-figure';
import {
  count,
  seatKindLabels,
  seatKinds,
  seatsSummary,
  shortDate,
  taken,
  waitingSummary,
  weeksSummary,
  type SeatKind,
} from '~/features/admin/utils/overview-figures';
import { ColumnHeads } from '~/features/admin/components/column-heads';

const pct = (n: number) => `${Math.round(n * 10_000) / 100}%`;

// The fills of the seat kinds: a texture each, so that they differ without colour too.
function SeatPatterns({ prefix }: { prefix: string }) {
  return (
    <svg className="chart__defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        <pattern
          id={`${prefix}-requested`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="#cfe3e8" />
          <rect width="3" height="6" fill="#0f4c5c" />
        </pattern>
        <pattern id={`${prefix}-offered`} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill="#f7d9c9" />
          <circle cx="3" cy="3" r="1.8" fill="#8f3415" />
        </pattern>
      </defs>
    </svg>
  );
}

const fillOf = (kind: SeatKind, prefix: string) =>
  kind === 'confirmed' ? '#0f4c5c' : kind === 'free' ? '#ffffff' : `url(#${prefix}-${kind})`;

function Swatch({ kind, prefix }: { kind: SeatKind; prefix: string }) {
  return (
    <svg className="chart__swatch" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="17" height="17" rx="3" fill={fillOf(kind, prefix)} stroke="#4a5a64" />
    </svg>
  );
}

// Wider (or, `tall`, longer) than a phone: it scrolls within itself, never the page; a named
// region that takes the keyboard's focus, so it can be scrolled without a mouse.
const scrollRegion = (label: string, content: ReactNode, tall = false) => (
  <div
    className={`chart__scroll${tall ? ' chart__scroll--tall' : ''}`}
    role="region"
    aria-label={label}
    tabIndex={0}
  >
    {content}
  </div>
);
const tableScroll = (label: string, table: ReactNode) => scrollRegion(label, table);

// A chart's rows, one a departure, drawn as one image named by the figure's caption (after what
// the rows' bars refer to, such as their patterns); longer than a phone, it scrolls.
const seatRowsRegion = (label: string, labelledBy: string, before: ReactNode, rows: ReactNode) =>
  scrollRegion(
    label,
    <>
      {before}
      <div className="seat-rows" role="img" aria-labelledby={labelledBy}>
        {rows}
      </div>
    </>,
    true,
  );

// One row's bar: drawn for the eye, its figures are in the row's text and the table.
function SeatRowBar({ children }: { children: ReactNode }) {
  return (
    <svg className="seat-row__bar" width="100%" height="18" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

// Stacked bars, one row a departure: confirmed, requested, offered and free seats, each bar as
// long as the departure's capacity against the largest one's.
export function SeatsChart({
  departures,
  from,
  to,
}: {
  departures: OverviewDeparture[];
  from: string;
  to: string;
}) {
  const prefix = `seats${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const widest = Math.max(1, ...departures.map((d) => d.capacity));
  const totals = Object.fromEntries(
    seatKinds.map((k) => [k, departures.reduce((n, d) => n + d[k], 0)]),
  ) as Record<SeatKind, number>;
  return (
    <ChartFigure
      title="Seats per departure"
      summary={seatsSummary(departures, from, to)}
      legend={
        <ul className="chart__legend" aria-label="Legend">
          {seatKinds.map((k) => (
            <li key={k}>
              <Swatch kind={k} prefix={prefix} />
              {seatKindLabels[k]} <span className="chart__legend-n">{count(totals[k])}</span>
            </li>
          ))}
        </ul>
      }
      table={tableScroll(
        'Seats per departure, table',
        <table className="admin-table chart__data chart__data--wide">
          <caption className="admin-table__caption">
            Seats per departure, {formatTripDate(from)} to {formatTripDate(to)}
          </caption>
          <ColumnHeads
            columns={[
              'Date',
              'Package',
              ...seatKinds.map((k) => ({ label: seatKindLabels[k], num: true })),
              { label: 'Capacity', num: true },
              { label: 'Waiting', num: true },
              { label: 'Minimum', num: true },
              'At risk',
            ]}
          />
          <tbody>
            {departures.map((d) => (
              <tr key={d.id}>
                <th scope="row">{formatTripDate(d.startsOn)}</th>
                <td>{d.packageName}</td>
                {seatKinds.map((k) => (
                  <td className="admin-num" key={k}>
                    {count(d[k])}
                  </td>
                ))}
                <td className="admin-num">{count(d.capacity)}</td>
                <td className="admin-num">{count(d.waiting)}</td>
                <td className="admin-num">{d.minTravellers || '—'}</td>
                <td>{d.atRisk ? `Yes: ${plural(d.toGuarantee, 'traveller')} short` : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>,
      )}
    >
      {(labelledBy) =>
        departures.length === 0
          ? null
          : seatRowsRegion(
              'Seats per departure, chart',
              labelledBy,
              <SeatPatterns prefix={prefix} />,
              <>
                {departures.map((d) => {
                  let x = 0;
                  return (
                    <div className="seat-row" key={d.id} data-at-risk={d.atRisk || undefined}>
                      <span className="seat-row__label">
                        <span className="seat-row__date">{shortDate(d.startsOn)}</span> {d.packageName}
                        {d.atRisk ? <span className="seat-row__flag">At risk</span> : null}
                        {d.status === 'closed' ? (
                          <span className="seat-row__flag seat-row__flag--closed">Closed</span>
                        ) : null}
                      </span>
                      <span className="seat-row__figure">
                        {taken(d)} of {d.capacity}
                      </span>
                      <SeatRowBar>
                        {seatKinds.map((k) => {
                          const w = d[k] / widest;
                          const rect =
                            d[k] === 0 ? null : (
                              <rect
                                key={k}
                                x={pct(x)}
                                y="1"
                                width={pct(w)}
                                height="16"
                                fill={fillOf(k, prefix)}
                              >
                                <title>{`${seatKindLabels[k]}: ${d[k]}`}</title>
                              </rect>
                            );
                          x += w;
                          return rect;
                        })}
                        {/* The bar's outline: its capacity, the free seats' edge included. */}
                        <rect
                          x="0"
                          y="1"
                          width={pct(d.capacity / widest)}
                          height="16"
                          fill="none"
                          stroke="#4a5a64"
                        />
                      </SeatRowBar>
                    </div>
                  );
                })}
              </>,
            )
      }
    </ChartFigure>
  );
}

// A "nice" top for an axis: 1, 2 or 5 times a power of ten, at least `max`.
const niceTop = (max: number) => {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= max)!;
};

// A line of the bookings received each week, this week last.
export function WeeklyChart({ weeks }: { weeks: OverviewWeek[] }) {
  const top = niceTop(Math.max(...weeks.map((w) => w.bookings), 0));
  const height = 220;
  const plotTop = 28;
  const plotBottom = 180;
  const y = (v: number) => plotBottom - (v / top) * (plotBottom - plotTop);
  const x = (i: number) => pct((i + 0.5) / weeks.length);
  return (
    <ChartFigure
      title="Bookings received per week"
      summary={weeksSummary(weeks)}
      table={tableScroll(
        'Bookings per week, table',
        <table className="admin-table chart__data">
          <caption className="admin-table__caption">
            Bookings received per week (weeks start on Monday)
          </caption>
          <ColumnHeads
            columns={['Week of', { label: 'Bookings', num: true }, { label: 'Travellers', num: true }]}
          />
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{formatTripDate(w.weekStart)}</th>
                <td className="admin-num">{count(w.bookings)}</td>
                <td className="admin-num">{count(w.travellers)}</td>
              </tr>
            ))}
          </tbody>
        </table>,
      )}
    >
      {(labelledBy) => (
        <svg className="week-chart" width="100%" height={height} role="img" aria-labelledby={labelledBy}>
          {[0, top / 2, top].map((v) => (
            <g key={v} className="week-chart__grid">
              <line x1="0" x2="100%" y1={y(v)} y2={y(v)} />
              <text x="0" y={y(v) - 5}>
                {count(v)}
              </text>
            </g>
          ))}
          {weeks.slice(1).map((w, i) => (
            <line
              key={w.weekStart}
              className="week-chart__line"
              x1={x(i)}
              x2={x(i + 1)}
              y1={y(weeks[i]!.bookings)}
              y2={y(w.bookings)}
            />
          ))}
          {weeks.map((w, i) => {
            const last = i === weeks.length - 1;
            // On a phone every other week's date, counted back from this week's.
            const skip = (weeks.length - 1 - i) % 2 === 1;
            return (
              <g
                key={w.weekStart}
                className={skip ? 'week-chart__week week-chart__week--skip' : 'week-chart__week'}
              >
                <circle cx={x(i)} cy={y(w.bookings)} r="4.5" />
                <text
                  className={last ? 'week-chart__value week-chart__value--last' : 'week-chart__value'}
                  x={x(i)}
                  y={y(w.bookings) - 10}
                  textAnchor="middle"
                >
                  {count(w.bookings)}
                </text>
                {last ? (
                  <>
                    <text
                      className="week-chart__day week-chart__day--wide"
                      x="100%"
                      y={height - 14}
                      textAnchor="end"
                    >
                      This week
                    </text>
                    {/* A phone has no room for "This week" beside the week before's date. */}
                    <text
                      className="week-chart__day week-chart__day--narrow"
                      x={x(i)}
                      y={height - 14}
                      textAnchor="middle"
                    >
                      Now
                    </text>
                  </>
                ) : (
                  <text className="week-chart__day" x={x(i)} y={height - 14} textAnchor="middle">
                    {shortDate(w.weekStart)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}

// Travellers waiting for seats, per departure that has a waiting list, most first.
export function WaitingChart({ departures }: { departures: OverviewDeparture[] }) {
  const waiting = departures.filter((d) => d.waiting > 0).sort((a, b) => b.waiting - a.waiting);
  const most = Math.max(1, ...waiting.map((d) => d.waiting));
  return (
    <ChartFigure
      title="Waiting demand"
      summary={waitingSummary(waiting)}
      table={tableScroll(
        'Waiting demand, table',
        <table className="admin-table chart__data">
          <caption className="admin-table__caption">Travellers waiting per departure</caption>
          <ColumnHeads
            columns={['Date', 'Package', { label: 'Waiting', num: true }, { label: 'Free', num: true }]}
          />
          <tbody>
            {waiting.length === 0 ? (
              <tr>
                <td colSpan={4}>Nobody is waiting.</td>
              </tr>
            ) : (
              waiting.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{formatTripDate(d.startsOn)}</th>
                  <td>{d.packageName}</td>
                  <td className="admin-num">{count(d.waiting)}</td>
                  <td className="admin-num">{count(d.free)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>,
      )}
    >
      {(labelledBy) =>
        waiting.length === 0
          ? null
          : seatRowsRegion(
              'Waiting demand, chart',
              labelledBy,
              null,
              <>
                {waiting.map((d) => (
                  <div className="seat-row" key={d.id}>
                    <span className="seat-row__label">
                      <span className="seat-row__date">{shortDate(d.startsOn)}</span> {d.packageName}
                    </span>
                    <span className="seat-row__figure">
                      {count(d.waiting)} waiting · {count(d.free)} free
                    </span>
                    <SeatRowBar>
                      <rect x="0" y="1" width={pct(d.waiting / most)} height="16" fill="#8f3415" />
                    </SeatRowBar>
                  </div>
                ))}
              </>,
            )
      }
    </ChartFigure>
  );
}
