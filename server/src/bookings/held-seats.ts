// How many seats a user holds without the brand having confirmed them: the travellers of their
// `requested` bookings (and, once the waiting list stores offers, of their open offers). At most
// MAX_HELD_SEATS_PER_USER (server/src/env.ts), so one account cannot empty a season's departures
// without paying (issue 17).
//
// The limit is decided in the transaction that adds the seats, under a per-user advisory lock:
// two requests of one user reaching two server processes queue on the lock, and the second counts
// the first one's seats once it has committed. Lock order, everywhere: held-seat locks first (in
// ascending key order, as lockHeldSeats takes them), then departure rows (in id order), so that no
// two transactions wait for each other.
import type { Queryable } from '../db/database.js';

// The advisory-lock namespace (first key of pg_advisory_xact_lock(int, int)): an arbitrary
// constant that no other lock in server/src uses.
const heldSeatsLockSpace = 17_017;

export const defaultMaxHeldSeatsPerUser = 24;

export const heldSeatsMessage = (held: number, max: number, adding: number) =>
  `You already hold ${held} ${held === 1 ? 'seat' : 'seats'} in bookings awaiting confirmation, and ${adding} more would pass the limit of ${max} per traveller. Please wait until we confirm them, or cancel one you no longer need.`;

// Takes the held-seat locks of these users, in one order in every process. The seats they hold
// must be read by a later statement (lockHeldSeats below, or the batch's departure lock in batch.ts):
// in READ COMMITTED a statement sees the data as it was when it began, so a count taken in the
// same statement as the lock would miss the seats of the transaction it waited for.
export async function lockHeldSeatUsers(tx: Queryable, userIds: string[]): Promise<string[]> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return users;
  await tx.query(
    `SELECT pg_advisory_xact_lock($1, k)
     FROM (SELECT DISTINCT hashtext(u) AS k FROM unnest($2::text[]) AS u ORDER BY k) AS keys`,
    [heldSeatsLockSpace, users],
  );
  return users;
}

// What each user holds now: one row a user in held_seats, kept by triggers on bookings and
// waitlist_entries (migration 7 in server/src/db/migrations.ts). No row: nothing held.
export const heldSeatsSql = (param: string) =>
  `SELECT user_id, seats FROM held_seats WHERE user_id = ANY(${param}::text[])`;

export function heldSeatsMap(users: string[], rows: { user_id: string; seats: number }[]) {
  const held = new Map(users.map((u) => [u, 0]));
  for (const r of rows) held.set(r.user_id, r.seats);
  return held;
}

// The lock, then the count, for one request's check (checkHeldSeats) or a waiting-list acceptance.
export async function lockHeldSeats(tx: Queryable, userIds: string[]): Promise<Map<string, number>> {
  const users = await lockHeldSeatUsers(tx, userIds);
  if (users.length === 0) return new Map();
  const { rows } = await tx.query<{ user_id: string; seats: number }>(heldSeatsSql('$1'), [users]);
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
