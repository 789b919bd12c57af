import { randomUUID } from 'node:crypto';
import type { Departure, DepartureStatus } from '../../../src/contracts/departure.js';
import { recordAudit, systemActor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { departureColumns, type DepartureRow } from '../db/schema.js';
import { insertRows } from '../db/sql.js';
import { addDays } from '../../../src/contracts/iso-dates.js';

export const toDeparture = (row: DepartureRow): Departure => ({
  id: row.id,
  packageId: row.package_id,
  startsOn: row.starts_on,
  capacity: row.capacity,
  seatsLeft: Math.max(0, row.capacity - row.seats_taken),
  status: row.status,
});

// The package's departures after `today`, soonest first: what travellers may choose from.
export async function listFutureDepartures(db: Queryable, packageId: string, today: string) {
  const { rows } = await db.query<DepartureRow>(
    `SELECT ${departureColumns} FROM departures
     WHERE package_id = $1 AND starts_on > $2 ORDER BY starts_on, id`,
    [packageId, today],
  );
  return rows.map(toDeparture);
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
export async function seedDepartures(db: Database, packageIds: string[], today: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [seedLock]);
    const { rows } = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM departures) AS any');
    if (rows[0]?.any) return 0;
    const schedule = defaultSchedule(packageIds, today).map((d) => ({ id: randomUUID(), ...d }));
    await insertRows(
      tx,
      'departures',
      ['id', 'package_id', 'starts_on', 'capacity'],
      schedule.map((d) => [d.id, d.packageId, d.startsOn, d.capacity]),
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
  d: { packageId: string; startsOn: string; capacity: number; status?: DepartureStatus },
): Promise<Departure> {
  const { rows } = await q.query<DepartureRow>(
    `INSERT INTO departures (id, package_id, starts_on, capacity, status) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${departureColumns}`,
    [randomUUID(), d.packageId, d.startsOn, d.capacity, d.status ?? 'open'],
  );
  return toDeparture(rows[0]!);
}
