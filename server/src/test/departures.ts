import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { addDays, todayIso } from '#contracts/iso-dates';

// A departure of a test's own on a random date far ahead, so no other test's bookings change its
// seats. A package has at most one departure a day (departures_package_date) and the PostgreSQL
// test database is shared by every test file of a run, so a date another test already took is
// drawn again rather than failing the test. With `startsOn`, that date or an error.
export async function addTestDeparture(
  db: Queryable,
  options: {
    packageId: string;
    capacity?: number;
    seatsTaken?: number;
    status?: 'open' | 'closed';
    startsOn?: string;
    // The random date falls within [fromDay, fromDay + spanDays) days from today.
    fromDay?: number;
    spanDays?: number;
  },
): Promise<string> {
  const { fromDay = 400, spanDays = 4000 } = options;
  for (let attempt = 0; attempt < (options.startsOn ? 1 : 20); attempt++) {
    const id = randomUUID();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken, status)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT departures_package_date DO NOTHING RETURNING id`,
      [
        id,
        options.packageId,
        options.startsOn ?? addDays(todayIso('UTC'), fromDay + Math.floor(Math.random() * spanDays)),
        options.capacity ?? 12,
        options.seatsTaken ?? 0,
        options.status ?? 'open',
      ],
    );
    if (rows.length > 0) return id;
  }
  if (options.startsOn)
    throw new Error(`A departure of ${options.packageId} on ${options.startsOn} exists already.`);
  throw new Error(`No free date for a departure of ${options.packageId} in ${spanDays} days.`);
}
