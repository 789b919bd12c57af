// The season at a glance: what GET /api/admin/overview reads. Both reads are bounded by an index
// range, whatever the number of bookings stored (docs/decisions/041-overview-charts.md):
// - the departures of the window through departures_starts_on; their seats from the counter the
//   bookings keep (departures.seats_taken), the open offers and the waiting list from their partial
//   indexes, and the requested seats from bookings_requested_seats (migration 41), which holds
//   only the bookings awaiting confirmation;
// - the bookings received in the last weeks through bookings_created (created_at).
import { addDays } from '#contracts/iso-dates';
import { overviewMonthsAhead, overviewWeeks, type Overview, type OverviewWeek } from '#contracts/overview';
import type { DepartureStatus } from '#contracts/departure';
import type { Queryable } from '../db/database.js';
import { offeredSeatsSql } from '../departures/repository.js';
import { overviewGoNoGo } from './at-risk.js';

type SeatsRow = {
  id: string;
  package_id: string;
  starts_on: string;
  status: DepartureStatus;
  capacity: number;
  seats_taken: number;
  min_travellers: number;
  requested: number;
  offered: number;
  waiting: number;
};

// Seats held for a party that has not booked yet: today the waiting list's open offers (the seats
// are part of seats_taken while they are held). Another kind of offer that holds seats adds its
// sum here, and the confirmed seats stay what is left of seats_taken.
const offeredSql = offeredSeatsSql('d');

async function departureSeats(db: Queryable, from: string, to: string): Promise<SeatsRow[]> {
  const { rows } = await db.query<SeatsRow>(
    `SELECT d.id, d.package_id, to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on, d.status, d.capacity,
       d.seats_taken, d.min_travellers,
       (SELECT coalesce(sum(b.travellers), 0)::int FROM bookings b
          WHERE b.departure_id = d.id AND b.status = 'requested') AS requested,
       ${offeredSql} AS offered,
       (SELECT coalesce(sum(w.travellers), 0)::int FROM waitlist_entries w
          WHERE w.departure_id = d.id AND w.status = 'waiting') AS waiting
     FROM departures d
     WHERE d.starts_on >= $1::date AND d.starts_on < $2::date
     ORDER BY d.starts_on, d.package_id, d.id`,
    [from, to],
  );
  return rows;
}

// The Monday (UTC) of the week `iso` falls in.
export const weekStartOf = (iso: string) => {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((weekday + 6) % 7));
};

// Bookings received (created) per week, whatever their status now: the last `overviewWeeks`
// weeks, this one included, oldest first, weeks without bookings as zeros.
async function weeklyBookings(db: Queryable, today: string): Promise<OverviewWeek[]> {
  const first = addDays(weekStartOf(today), -7 * (overviewWeeks - 1));
  const end = addDays(weekStartOf(today), 7);
  const { rows } = await db.query<{ week: number; bookings: number; travellers: number }>(
    `SELECT floor(extract(epoch FROM b.created_at - $1::timestamptz) / 604800)::int AS week,
       count(*)::int AS bookings, coalesce(sum(b.travellers), 0)::int AS travellers
     FROM bookings b
     WHERE b.created_at >= $1::timestamptz AND b.created_at < $2::timestamptz
     GROUP BY 1`,
    [`${first}T00:00:00Z`, `${end}T00:00:00Z`],
  );
  const byWeek = new Map(rows.map((r) => [r.week, r]));
  return Array.from({ length: overviewWeeks }, (_, week) => ({
    weekStart: addDays(first, 7 * week),
    bookings: byWeek.get(week)?.bookings ?? 0,
    travellers: byWeek.get(week)?.travellers ?? 0,
  }));
}

// Six calendar months after `iso` (the 31st into a shorter month lands on that month's last day).
export const monthsAfter = (iso: string, months: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
};

export async function readOverview(
  db: Queryable,
  today: string,
  packageName: (id: string) => string | undefined,
): Promise<Overview> {
  const to = monthsAfter(today, overviewMonthsAhead);
  const [seats, weeks] = await Promise.all([departureSeats(db, today, to), weeklyBookings(db, today)]);
  const departures = seats.map((r) => {
    const confirmed = Math.max(0, r.seats_taken - r.offered - r.requested);
    const booked = confirmed + r.requested;
    return {
      id: r.id,
      packageId: r.package_id,
      // A package taken off the site keeps its departures: they show under its id.
      packageName: packageName(r.package_id) ?? r.package_id,
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
      ...overviewGoNoGo({ startsOn: r.starts_on, minTravellers: r.min_travellers, booked }, today),
    };
  });
  return { from: today, to, departures, weeks };
}
