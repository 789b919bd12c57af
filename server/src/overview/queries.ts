// The season at a glance: what GET /api/admin/overview reads. Both reads are bounded by an index
// range, whatever the number of bookings stored (docs/decisions/041-overview-charts.md):
// - the departures of the window through departures_starts_on; their seats from the counter the
//   bookings keep (departures.seats_taken), the open offers and the waiting list from their partial
//   indexes, and the requested seats from bookings_requested_seats (migration 41), which holds
//   only the bookings awaiting confirmation;
// - the bookings received in the last weeks through bookings_created (created_at).
import { addDays } from '#contracts/iso-dates';
import {
  overviewMonthsAhead,
  overviewWeeks,
  type Overview,
  type OverviewDeparture,
} from '#contracts/overview';
import type { DepartureStatus } from '#contracts/departure';
import { prepared, type Queryable } from '../db/database.js';
import { oneReadAtATime } from '../one-read-at-a-time.js';
import { offeredSeatsSql } from '../departures/repository.js';
import { isAtRisk } from '#contracts/departure-risk';

type SeatsRow = {
  id: string;
  package_id: string;
  starts_on: string;
  decide_by: string;
  status: DepartureStatus;
  capacity: number;
  seats_taken: number;
  min_travellers: number;
  requested: number;
  offered: number;
  waiting: number;
};

// `offered`: seats held for a party that has not booked yet, today the waiting list's open offers
// (part of seats_taken while they are held). Another kind of offer that holds seats adds its sum
// there, and the confirmed seats stay what is left of seats_taken.
const departureSeatsSql = prepared(
  'overview-departures',
  `SELECT d.id, d.package_id, to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on,
       to_char(d.decide_by, 'YYYY-MM-DD') AS decide_by, d.status, d.capacity,
       d.seats_taken, d.min_travellers,
       (SELECT coalesce(sum(b.travellers), 0)::int FROM bookings b
          WHERE b.departure_id = d.id AND b.status = 'requested') AS requested,
       ${offeredSeatsSql('d')} AS offered,
       (SELECT coalesce(sum(w.travellers), 0)::int FROM waitlist_entries w
          WHERE w.departure_id = d.id AND w.status = 'waiting') AS waiting
     FROM departures d
     WHERE d.starts_on >= $1::date AND d.starts_on < $2::date
     ORDER BY d.starts_on, d.package_id, d.id`,
);

async function departureSeats(db: Queryable, from: string, to: string): Promise<SeatsRow[]> {
  return (await db.query<SeatsRow>(departureSeatsSql, [from, to])).rows;
}

// The Monday (UTC) of the week `iso` falls in.
export const weekStartOf = (iso: string) => {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((weekday + 6) % 7));
};

type WeekCount = { week: number; bookings: number; travellers: number };
type WeekCounts = Map<number, WeekCount>;

// Bookings received (created) from $2 (included) to $3 (excluded), per week counted from $1,
// whatever their status now: an index-only range of bookings_created (migration 41).
const weeksSql = `SELECT floor(extract(epoch FROM b.created_at - $1::timestamptz) / 604800)::int AS week,
    count(*)::int AS bookings, coalesce(sum(b.travellers), 0)::int AS travellers
  FROM bookings b
  WHERE b.created_at >= $2::timestamptz AND b.created_at < $3::timestamptz
  GROUP BY 1`;

// Each request's one statement: the newest audit row, and the bookings received since the
// settled part (see overviewReader).
const pulseSql = prepared(
  'overview-pulse',
  `SELECT (SELECT max(id)::text FROM audit_events) AS stamp,
     coalesce((SELECT json_agg(w) FROM (${weeksSql}) w), '[]') AS recent`,
);

async function countWeeks(db: Queryable, first: string, from: string, to: string): Promise<WeekCounts> {
  const { rows } = await db.query<WeekCount>(weeksSql, [first, from, to]);
  return new Map(rows.map((r) => [r.week, r]));
}

// Six calendar months after `iso` (the 31st into a shorter month lands on that month's last day).
export const monthsAfter = (iso: string, months: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
};

function toOverviewDeparture(r: SeatsRow, today: string): Omit<OverviewDeparture, 'packageName'> {
  const confirmed = Math.max(0, r.seats_taken - r.offered - r.requested);
  const booked = confirmed + r.requested;
  return {
    id: r.id,
    packageId: r.package_id,
    startsOn: r.starts_on,
    status: r.status,
    capacity: r.capacity,
    confirmed,
    requested: r.requested,
    offered: r.offered,
    free: Math.max(0, r.capacity - r.seats_taken),
    waiting: r.waiting,
    minTravellers: r.min_travellers,
    toGuarantee: r.min_travellers > 0 ? Math.max(0, r.min_travellers - booked) : 0,
    // The departures list's rule (contracts/departure-risk.ts), on the departure's own go/no-go date.
    decideBy: r.decide_by,
    atRisk: isAtRisk(
      { minTravellers: r.min_travellers, booked, decideBy: r.decide_by, status: r.status },
      today,
    ),
  };
}

// How long a process serves the seats it read without reading them again while nothing was written.
const seatsFreshMs = 2_000;
// How often the weeks' settled part is read again.
const settledRefreshMs = 60_000;

// The overview's reads with what this process keeps between requests
// (docs/decisions/041-overview-charts.md), so that twenty operators looking at once over a million
// bookings cost one small statement each:
// - the departures' seats are read again as soon as anything was written since: every change to
//   bookings, seats, waiting lists and departures writes an audit row in its transaction, so the
//   newest audit row's id moves. An id handed out before the newest one but committed after it
//   does not move it: the seats are also read again every 2 s, in the background;
// - the weeks: the bookings received until a minute before a read are counted once (a count
//   that never changes: bookings are never deleted and their created_at never moves), and again
//   every minute in the background for party changes; the bookings received since are counted at
//   each request. The minute covers a booking whose transaction began before the cut and commits
//   after it.
// Both refreshes in the background keep serving what was read before until the new read is done.
export function overviewReader(db: Queryable) {
  type Seats = {
    key: string;
    at: number;
    departures: Omit<OverviewDeparture, 'packageName'>[];
    packageIds: string[];
  };
  type Settled = { first: string; boundary: string; at: number; counts: WeekCounts };
  let seats: Seats | undefined;
  const seatsReads = oneReadAtATime<Seats>();
  let settled: Settled | undefined;
  const settling = oneReadAtATime<Settled>();
  let answered: { seats: Seats; version: string; overview: Overview } | undefined;

  // One read of the seats at a time per key; a newer key's read replaces what is kept.
  const readSeats = (key: string, today: string, to: string): Promise<Seats> =>
    seatsReads.read(key, () => {
      const done = departureSeats(db, today, to).then((rows) => {
        const fresh = {
          key,
          at: Date.now(),
          departures: rows.map((r) => toOverviewDeparture(r, today)),
          packageIds: [...new Set(rows.map((r) => r.package_id))],
        };
        if (seatsReads.inFlight(done) || seats?.key !== key) seats = fresh;
        return fresh;
      });
      return done;
    });

  // One read of the settled weeks at a time; kept for the weeks it counted.
  const settle = (first: string): Promise<Settled> =>
    settling.read(first, async () => {
      const { rows } = await db.query<{ epoch: number }>(
        `SELECT extract(epoch FROM statement_timestamp() - interval '1 minute')::float8 AS epoch`,
      );
      const boundary = new Date(Math.floor(Number(rows[0]!.epoch) * 1000)).toISOString();
      const counts = await countWeeks(db, `${first}T00:00:00Z`, `${first}T00:00:00Z`, boundary);
      const fresh = { first, boundary, at: Date.now(), counts };
      if (settled === undefined || settled.first <= first) settled = fresh;
      return fresh;
    });

  return async function readOverview(
    today: string,
    packageName: (id: string) => string | undefined,
  ): Promise<Overview> {
    const to = monthsAfter(today, overviewMonthsAhead);
    const first = addDays(weekStartOf(today), -7 * (overviewWeeks - 1));
    const end = `${addDays(weekStartOf(today), 7)}T00:00:00Z`;
    let base = settled?.first === first ? settled : undefined;
    if (!base) base = await settle(first);
    else if (Date.now() - base.at > settledRefreshMs) settle(first).catch(() => {});

    // One statement: the newest audit row, and the bookings received since the settled part.
    const { rows } = await db.query<{ stamp: string | null; recent: string | WeekCount[] }>(pulseSql, [
      `${first}T00:00:00Z`,
      base.boundary,
      end,
    ]);
    const pulse = rows[0]!;
    const recent =
      typeof pulse.recent === 'string' ? (JSON.parse(pulse.recent) as WeekCount[]) : pulse.recent;
    const key = `${today}|${pulse.stamp ?? ''}`;
    let kept = seats?.key === key ? seats : undefined;
    if (!kept) kept = await readSeats(key, today, to);
    else if (Date.now() - kept.at > seatsFreshMs) readSeats(key, today, to).catch(() => {});

    const weeks: Overview['weeks'] = Array.from({ length: overviewWeeks }, (_, week) => {
      const a = base.counts.get(week);
      const b = recent.find((r) => r.week === week);
      return {
        weekStart: addDays(first, 7 * week),
        bookings: (a?.bookings ?? 0) + (b?.bookings ?? 0),
        travellers: (a?.travellers ?? 0) + (b?.travellers ?? 0),
      };
    });
    // A package taken off the site keeps its departures: they show under its id.
    const names = kept.packageIds.map((id) => packageName(id) ?? id);
    // The answer handed out last time, while what it is made of is the same: the same object, which
    // the route then need not write again (server/src/http/shared-answer.ts).
    const version = `${today}|${to}|${JSON.stringify(weeks)}|${names.join('\u0000')}`;
    if (answered?.seats === kept && answered.version === version) return answered.overview;
    const nameOf = new Map(kept.packageIds.map((id, i) => [id, names[i]!]));
    const departures = kept.departures.map((d) => ({ ...d, packageName: nameOf.get(d.packageId)! }));
    const overview = { from: today, to, departures, weeks };
    answered = { seats: kept, version, overview };
    return overview;
  };
}
