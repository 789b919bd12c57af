import { randomUUID } from 'node:crypto';
import type { DepartureStatus } from '#contracts/departure';
import { recordAudit, systemActor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { departureColumns, type DepartureRow } from '../db/schema.js';
import { insertRows } from '../db/sql.js';
import { addDays } from '#contracts/iso-dates';
import { defaultDecideBy, defaultDecisionDays } from '#contracts/departure-risk';
import type { Departure } from '#contracts/api';
import { centsToDollars } from '#contracts/money';

// The seats held by open offers of departure `d`: waiting-list offers (the partial index
// waitlist_offers answers it) and the brand's move offers to it (move_offers_open_target). Both are
// in seats_taken and neither is a booking (docs/decisions/040-move-offers-hold-seats.md).
export const offeredSeatsSql = (d: string) =>
  `((SELECT coalesce(sum(w.travellers), 0)::int FROM waitlist_entries w
     WHERE w.departure_id = ${d}.id AND w.status = 'offered')
   + (SELECT coalesce(sum(m.travellers), 0)::int FROM move_offers m
     WHERE m.to_departure_id = ${d}.id AND m.status = 'open'))`;

// A departure is guaranteed once the travellers of its active bookings reach the operator's
// minimum; held offers are not bookings yet and do not count.
export const guarantee = (row: DepartureRow) => {
  const booked = row.seats_taken - (row.offered ?? 0);
  const toGuarantee = row.min_travellers > 0 ? Math.max(0, row.min_travellers - booked) : 0;
  return { guaranteed: row.min_travellers > 0 && toGuarantee === 0, toGuarantee };
};

// `packagePriceCents`: the package's price, which a departure without a price of its own sells at.
// The answer's price is whole dollars (contracts/api.ts); the tables hold cents.
export const toDeparture = (row: DepartureRow, packagePriceCents: number): Departure => {
  const { guaranteed, toGuarantee } = guarantee(row);
  return {
    id: row.id,
    packageId: row.package_id,
    startsOn: row.starts_on,
    capacity: row.capacity,
    seatsLeft: Math.max(0, row.capacity - row.seats_taken),
    status: row.status,
    guaranteed,
    toGuarantee,
    price: centsToDollars(row.price_cents ?? packagePriceCents),
  };
};

// The package's departures after `today`, soonest first: what travellers may choose from.
export async function listFutureDepartures(
  db: Queryable,
  packageId: string,
  today: string,
  packagePriceCents: number,
) {
  const { rows } = await db.query<DepartureRow>(
    `SELECT ${departureColumns}, ${offeredSeatsSql('departures')} AS offered FROM departures
     WHERE package_id = $1 AND starts_on > $2 ORDER BY starts_on, id`,
    [packageId, today],
  );
  return rows.map((row) => toDeparture(row, packagePriceCents));
}

// The default schedule (docs/product.md): every package gets a departure about every four weeks for
// the next year, the first at least 21 days ahead, 12 seats each. Packages start on different
// days of the week so the calendar does not bunch up.
export function defaultSchedule(packageIds: string[], today: string) {
  return packageIds.flatMap((packageId, index) =>
    Array.from({ length: 12 }, (_, k) => ({
      packageId,
      startsOn: addDays(today, 21 + ((index * 5) % 14) + k * 28),
      capacity: 12,
    })),
  );
}

const seedLock = 7_260_416;

// Seeds the default schedule when the table is empty, once, whichever process gets there first.
// After that the operators own the schedule: nothing here ever runs again.
export async function seedDepartures(
  db: Database,
  packageIds: string[],
  today: string,
  decisionDays = defaultDecisionDays,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [seedLock]);
    const { rows } = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM departures) AS any');
    if (rows[0]?.any) return 0;
    const schedule = defaultSchedule(packageIds, today).map((d) => ({ id: randomUUID(), ...d }));
    await insertRows(
      tx,
      'departures',
      ['id', 'package_id', 'starts_on', 'capacity', 'decide_by'],
      schedule.map((d) => [
        d.id,
        d.packageId,
        d.startsOn,
        d.capacity,
        defaultDecideBy(d.startsOn, decisionDays),
      ]),
    );
    await recordAudit(
      tx,
      schedule.map((d) => ({
        actor: systemActor,
        action: 'departure.seeded' as const,
        departureId: d.id,
        to: `${d.startsOn}, ${d.capacity} seats`,
      })),
    );
    return schedule.length;
  });
}

// A departure as it is stored; operators add them through the console, tests and the benchmark
// directly.
export async function insertDeparture(
  q: Queryable,
  d: {
    packageId: string;
    startsOn: string;
    capacity: number;
    status?: DepartureStatus;
    minTravellers?: number;
    // Cents; null or absent sells at the package's price.
    priceCents?: number | null;
    // Absent: the database's default (migration 40).
    decideBy?: string;
  },
): Promise<Departure> {
  const { rows } = await q.query<DepartureRow & { package_price: number | null }>(
    `INSERT INTO departures (id, package_id, starts_on, capacity, status, min_travellers, price_cents, decide_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${departureColumns}, (SELECT p.price_cents FROM packages p WHERE p.id = package_id) AS package_price`,
    [
      randomUUID(),
      d.packageId,
      d.startsOn,
      d.capacity,
      d.status ?? 'open',
      d.minTravellers ?? 0,
      d.priceCents ?? null,
      d.decideBy ?? null,
    ],
  );
  return toDeparture(rows[0]!, rows[0]!.package_price ?? 0);
}
