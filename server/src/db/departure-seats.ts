import type { Queryable } from './database.js';
import { departureColumns, type DepartureRow } from './schema.js';

// Departures locked for a change of seats, each once and in id order (the order every writer
// takes them in: docs/decisions/011-waiting-list-and-changes.md), read whole under the lock.
// Ids that are null or undefined are passed over.
export async function lockDepartureRows(
  tx: Queryable,
  ids: (string | null | undefined)[],
): Promise<DepartureRow[]> {
  const sorted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const { rows } = await tx.query<DepartureRow>(
    `SELECT ${departureColumns} FROM departures WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [sorted],
  );
  return rows;
}

// Seats a departure no longer holds for someone (a cancellation, a party moved away, an offer
// that ended) go back to it. The caller holds the departure's lock.
export async function giveSeatsBack(tx: Queryable, departureId: string, seats: number) {
  await tx.query(`UPDATE departures SET seats_taken = seats_taken - $2, updated_at = now() WHERE id = $1`, [
    departureId,
    seats,
  ]);
}
