// How many seats a user holds without the brand having confirmed them: the travellers of their
// `requested` bookings (and, once the waiting list stores offers, of their open offers). At most
// MAX_HELD_SEATS_PER_USER (server/src/env.ts), so one account cannot empty a season's departures
// without paying (docs/decisions/010-open-internet.md).
//
// The limit is decided in the transaction that adds the seats, under a per-user advisory lock:
// two requests of one user reaching two server processes queue on the lock, and the second counts
// the first one's seats once it has committed. Lock order, everywhere: held-seat locks first (in
// ascending key order, as lockHeldSeats takes them), then departure rows (in id order), so that no
// two transactions wait for each other.
import type { Selectable } from 'kysely';
import { prepared, type Queryable } from '../db/database.js';
import type { HeldSeatsTable } from '../db/schema.js';
import { formatCount } from '#contracts/format';
import { interpolate, msg } from '#contracts/i18n';

export { defaultMaxHeldSeatsPerUser } from '../seats/offer-freed-seats.js';

// Marked with its numbers as placeholders: a Spanish page reads it translated (`known`).
export const heldSeatsMessage = (held: number, max: number, adding: number) =>
  interpolate(
    held === 1
      ? msg(
          'You already hold {count} seat in bookings awaiting confirmation, and {adding} more would pass the limit of {max} per traveller. Please wait until we confirm them, or cancel one you no longer need.',
        )
      : msg(
          'You already hold {count} seats in bookings awaiting confirmation, and {adding} more would pass the limit of {max} per traveller. Please wait until we confirm them, or cancel one you no longer need.',
        ),
    { count: formatCount(held), adding, max },
  );

// Takes the held-seat locks of these users (in one order in every process) and then reads what
// each holds: one row a user in held_seats, kept by triggers on bookings and waitlist_entries
// (migration 7), read by lock_held_seats (migration 8, server/src/db/migrations.ts) after the
// locks were granted. No row: nothing held. The booking batch calls it inside the statement that
// locks its departures (server/src/bookings/batch.ts).
export const lockHeldSeatsSql = (param: string) =>
  `SELECT user_id, seats FROM lock_held_seats(${param}::text[])`;

const lockStatement = prepared('held-seats-lock', lockHeldSeatsSql('$1'));

export function heldSeatsMap(users: string[], rows: { user_id: string; seats: number }[]) {
  const held = new Map(users.map((u) => [u, 0]));
  for (const r of rows) held.set(r.user_id, r.seats);
  return held;
}

// The lock, then the count, for one request's check (checkHeldSeats) or a waiting-list acceptance.
export async function lockHeldSeats(tx: Queryable, userIds: string[]): Promise<Map<string, number>> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return new Map();
  const { rows } = await tx.query<Selectable<HeldSeatsTable>>(lockStatement, [users]);
  return heldSeatsMap(users, rows);
}

export type HeldSeatsCheck = { ok: true; held: number } | { ok: false; held: number; message: string };

// One request's check, for a change of party or an accepted waiting-list offer: lock, count and
// compare, in the caller's transaction (before it locks departures). `adding` is the seats the
// change adds to what the user holds (a requested booking going from 2 to 5 travellers adds 3);
// 0 or less always passes.
export async function checkHeldSeats(
  tx: Queryable,
  { userId, adding, max }: { userId: string; adding: number; max: number },
): Promise<HeldSeatsCheck> {
  const held = (await lockHeldSeats(tx, [userId])).get(userId) ?? 0;
  if (adding <= 0 || held + adding <= max) return { ok: true, held };
  return { ok: false, held, message: heldSeatsMessage(held, max, adding) };
}
