// One batch of bookings, in one transaction (docs/decisions/006-seats-and-group-commit.md). The
// steps, in order, each a function below:
//   1. claimIdempotencyKeys: within the batch, the first request with a key goes ahead; its twins
//      wait for its answer.
//   2. lockBatch: every lock the batch needs, in the one order every transaction takes them
//      (held-seat locks, then departure rows by id), so no two batches of different processes
//      wait for each other; and the seats its users hold.
//   3. allotSeats: seats in arrival order, each request's refusal worded for the traveller.
//   4. writeBookings: one statement (the booking writer, ./writer.ts) inserts the bookings and
//      adds their seats, audit rows and emails.
//   5. answerRetries: a request whose key was already stored gets that booking back.
// Round trips: 2 whatever the batch size, BEGIN riding with the locks and COMMIT with the write
// (a short transaction, server/src/db/database.ts; both statements prepared once per connection);
// a 3rd, after COMMIT, only for keys not stored now.
import type { BookingInput } from '#contracts/booking';
import { formatCount } from '#contracts/format';
import { interpolate, msg } from '#contracts/i18n';
import type { Actor } from '../audit/audit.js';
import { prepared, type Database, type Queryable, type ShortTransaction } from '../db/database.js';
import {
  bookingColumns,
  bookingsFrom,
  departureColumns,
  departureColumnCount,
  type BookingRow,
  type DepartureRow,
} from '../db/schema.js';
import { toBooking } from './booking-row.js';
import { writeBookings as storeBookings } from './writer.js';
import { heldSeatsMap, heldSeatsMessage, lockHeldSeatsSql } from './held-seats.js';
import type { ServerPackage } from '../catalog/packages.js';
import type { Booking } from '#contracts/api';

export type CreateOutcome =
  | { kind: 'created'; booking: Booking }
  | { kind: 'replayed'; booking: Booking }
  // The same Idempotency-Key was used for a different booking.
  | { kind: 'key-reused' }
  | { kind: 'invalid'; fieldErrors: Partial<Record<'departureId', string>> }
  | { kind: 'no-seats'; message: string; seatsLeft: number }
  // The user's seats awaiting confirmation would pass MAX_HELD_SEATS_PER_USER (held-seats.ts).
  | { kind: 'too-many-held'; message: string; heldSeats: number };

export type BookingRequest = {
  userId: string;
  // The verified token's email: the booking's emails go there (none when the account has none).
  accountEmail: string | null;
  // MAX_HELD_SEATS_PER_USER.
  maxHeldSeats: number;
  actor: Actor;
  input: BookingInput;
  pkg: ServerPackage;
  travellers: number;
  idempotencyKey: string | null;
  today: string;
  // Where the brand's copy of the request goes (OPERATIONS_EMAIL); null: nowhere.
  operationsEmail: string | null;
  // A booking staff enter (server/src/admin/new-booking.ts) may be stored confirmed; its email is
  // then the confirmation. Unset: requested.
  status?: 'requested' | 'confirmed';
  // Staff waived the deposit's deadline (server/src/bookings/writer.ts).
  depositWaived?: boolean;
};

// A request with the id and reference its booking will have.
export type BatchEntry = BookingRequest & { id: string; reference: string };

// What each request of the batch is answered, by index; filled in step by step. An Error: that
// request failed after the batch committed (its retry could not be looked up), and it alone.
type Outcomes = (CreateOutcome | Error | undefined)[];

// Rejects only when nothing was stored (the transaction failed): the batch may then be run again.
export async function runBatch(db: Database, batch: BatchEntry[]): Promise<(CreateOutcome | Error)[]> {
  const outcomes: Outcomes = new Array(batch.length);
  const keys = claimIdempotencyKeys(batch);
  const live = keys.live.map((i) => batch[i]!);
  await db.shortTransaction(async (tx) => {
    const locked = await lockBatch(tx, live);
    const placed = allotSeats(batch, keys.live, locked, outcomes);
    await writeBookings(tx, placed, outcomes);
  });
  await answerRetries(db, batch, keys, outcomes);
  return outcomes as (CreateOutcome | Error)[];
}

// --- 1. Idempotency keys -----------------------------------------------------------------------

const keyOf = (p: BookingRequest) => (p.idempotencyKey ? `${p.userId}\u0000${p.idempotencyKey}` : null);

type Keys = {
  // The first request of each key: it goes ahead.
  leaders: Map<string, number>;
  // [twin, its leader]: answered with the leader's outcome.
  followers: [number, number][];
  // Everyone but the followers: the requests that may take seats.
  live: number[];
};

// Retries of a booking stored earlier are found after the insert (step 5): looking for them
// first would cost every batch a query for what is rare.
function claimIdempotencyKeys(batch: BatchEntry[]): Keys {
  const leaders = new Map<string, number>();
  const followers: [number, number][] = [];
  batch.forEach((p, i) => {
    const key = keyOf(p);
    if (!key) return;
    if (leaders.has(key)) followers.push([i, leaders.get(key)!]);
    else leaders.set(key, i);
  });
  const twins = new Set(followers.map(([i]) => i));
  return { leaders, followers, live: batch.map((_, i) => i).filter((i) => !twins.has(i)) };
}

// --- 2. Locks ----------------------------------------------------------------------------------

// The held-seat locks of the batch's users and the seats they hold (lock_held_seats, migration 8:
// it reads after its locks were granted), then every departure the batch may take seats from,
// locked once, in id order: the chosen ones, and for requests without a choice the package's open
// future departures (the earliest with enough seats is taken). One statement: the departures'
// condition waits for the held-seat CTE (an InitPlan runs before the scan), so the locks are taken
// in that order. The held seats ride on a row of their own after the departures (its departure
// fields NULL), so that a batch whose departures are all unknown still reads them.
const lockSql = prepared(
  'booking-batch-lock',
  `WITH h AS MATERIALIZED (${lockHeldSeatsSql('$4')}),
   d AS (
     SELECT ${departureColumns} FROM departures
     WHERE (SELECT count(*) FROM h) >= 0
       AND (id = ANY($1::uuid[]) OR (package_id = ANY($2::text[]) AND status = 'open' AND starts_on > $3))
     ORDER BY id FOR UPDATE
   )
   SELECT d.*, NULL::json AS held FROM d
   UNION ALL
   SELECT ${Array.from({ length: departureColumnCount }, () => 'NULL').join(', ')}, (SELECT json_agg(h) FROM h)`,
);

async function lockBatch(tx: ShortTransaction, live: BatchEntry[]): Promise<Locked> {
  const departures = new Map<string, DepartureRow>();
  if (live.length === 0) return { departures, held: new Map() };
  const users = [...new Set(live.map((p) => p.userId))];
  const chosen = [...new Set(live.map((p) => p.input.departureId).filter(Boolean))];
  const defaulted = [...new Set(live.filter((p) => !p.input.departureId).map((p) => p.pkg.id))];
  const rows = await tx.begin<DepartureRow & { held: { user_id: string; seats: number }[] | null }>(lockSql, [
    chosen,
    defaulted,
    live[0]!.today,
    users,
  ]);
  let held = new Map<string, number>();
  for (const { held: heldRows, ...row } of rows) {
    if (row.id === null) held = heldSeatsMap(users, heldRows ?? []);
    else departures.set(row.id, row);
  }
  return { departures, held };
}

// --- 3. Seats ----------------------------------------------------------------------------------

// Marked for the catalogues, numbers as placeholders: the booking form shows them in its page's
// language (`known`).
const refusals = {
  otherPackage: msg('This departure belongs to another package.'),
  noDeparture: msg('This departure does not exist.'),
  closed: msg('This departure is closed for booking. Please choose another date.'),
  departed: msg('This departure has already left. Please choose another date.'),
  noOpenDeparture: msg('This trip has no open departures right now. Please contact us for other dates.'),
  noneWithSeats: (travellers: number) =>
    interpolate(
      msg('No departure of this trip has {travellers} seats left. Please choose fewer travellers.'),
      {
        travellers,
      },
    ),
  seats: (seatsLeft: number, travellers: number) =>
    seatsLeft === 0
      ? msg('This departure is sold out. Please choose another date.')
      : interpolate(
          seatsLeft === 1
            ? msg(
                'Only {count} seat is left on this departure, not {travellers}. Please choose fewer travellers or another date.',
              )
            : msg(
                'Only {count} seats are left on this departure, not {travellers}. Please choose fewer travellers or another date.',
              ),
          { count: formatCount(seatsLeft), travellers },
        ),
};

type Placed = { index: number; p: BatchEntry; departure: DepartureRow };
type Locked = { departures: Map<string, DepartureRow>; held: Map<string, number> };

// In arrival order: each request gets its departure's seats, or a refusal, within the user's
// limit of seats awaiting confirmation (counted under the held-seat locks of step 2).
function allotSeats(batch: BatchEntry[], live: number[], locked: Locked, outcomes: Outcomes): Placed[] {
  const taken = new Map<string, number>();
  const seatsLeft = (d: DepartureRow) => d.capacity - d.seats_taken - (taken.get(d.id) ?? 0);
  const placed: Placed[] = [];
  for (const index of live) {
    const p = batch[index]!;
    const choice = chooseDeparture(p, locked.departures, seatsLeft);
    if ('refusal' in choice) {
      outcomes[index] = choice.refusal;
      continue;
    }
    const holds = locked.held.get(p.userId) ?? 0;
    if (holds + p.travellers > p.maxHeldSeats) {
      const message = heldSeatsMessage(holds, p.maxHeldSeats, p.travellers);
      outcomes[index] = { kind: 'too-many-held', message, heldSeats: holds };
      continue;
    }
    locked.held.set(p.userId, holds + p.travellers);
    taken.set(choice.departure.id, (taken.get(choice.departure.id) ?? 0) + p.travellers);
    placed.push({ index, p, departure: choice.departure });
  }
  return placed;
}

// The chosen departure if it can take the party; without a choice, the earliest open one that can.
function chooseDeparture(
  p: BatchEntry,
  departures: Map<string, DepartureRow>,
  seatsLeft: (d: DepartureRow) => number,
): { departure: DepartureRow } | { refusal: CreateOutcome } {
  const noSeats = (message: string, left: number) => ({
    refusal: { kind: 'no-seats' as const, message, seatsLeft: left },
  });
  if (!p.input.departureId) {
    const open = [...departures.values()]
      .filter((d) => d.package_id === p.pkg.id && d.status === 'open' && d.starts_on > p.today)
      .sort((a, b) => a.starts_on.localeCompare(b.starts_on));
    const departure = open.find((d) => seatsLeft(d) >= p.travellers);
    if (departure) return { departure };
    const most = Math.max(0, ...open.map(seatsLeft));
    return noSeats(open.length === 0 ? refusals.noOpenDeparture : refusals.noneWithSeats(p.travellers), most);
  }
  const departure = departures.get(p.input.departureId);
  if (!departure || departure.package_id !== p.pkg.id) {
    const departureId = departure ? refusals.otherPackage : refusals.noDeparture;
    return { refusal: { kind: 'invalid', fieldErrors: { departureId } } };
  }
  if (departure.status !== 'open') return noSeats(refusals.closed, 0);
  if (departure.starts_on <= p.today) return noSeats(refusals.departed, 0);
  const left = seatsLeft(departure);
  if (left < p.travellers) return noSeats(refusals.seats(left, p.travellers), left);
  return { departure };
}

// --- 4. The write ------------------------------------------------------------------------------

// Through the one booking writer (./writer.ts), COMMIT riding with its statement.
async function writeBookings(tx: ShortTransaction, placed: Placed[], outcomes: Outcomes) {
  if (placed.length === 0) return;
  const stored = await storeBookings(
    (statement, params) => tx.commit(statement, params),
    placed.map(({ p, departure }) => ({ ...p, departure })),
  );
  placed.forEach(({ index }, i) => {
    const booking = stored[i];
    if (booking) outcomes[index] = { kind: 'created', booking };
  });
}

// --- 5. Retries --------------------------------------------------------------------------------

const sameBooking = (booking: Booking, p: BookingRequest) =>
  booking.packageId === p.input.packageId &&
  (p.input.departureId === undefined || booking.departureId === p.input.departureId) &&
  booking.travellers === p.travellers &&
  booking.name === p.input.name &&
  booking.email === p.input.email &&
  booking.address === p.input.address &&
  booking.phone === p.input.phone;

const replayOf = (booking: Booking, p: BookingRequest): CreateOutcome =>
  sameBooking(booking, p) ? { kind: 'replayed', booking } : { kind: 'key-reused' };

// Requests with a key that were not stored now: a retry of a booking stored earlier (or by
// another process at this moment, which ON CONFLICT skipped: committed by the time this batch
// committed) is answered with that booking, even if its departure is full by now; a refusal
// stands only if there is none. Then the twins of step 1 get their leader's answer. This runs
// after COMMIT, so a failure here fails the requests it concerns, never the batch: running the
// batch again would store its bookings twice.
async function answerRetries(db: Queryable, batch: BatchEntry[], keys: Keys, outcomes: Outcomes) {
  const unsettled = [...keys.leaders.values()].filter((i) => {
    const outcome = outcomes[i];
    return !(outcome && !(outcome instanceof Error) && outcome.kind === 'created');
  });
  if (unsettled.length > 0) {
    try {
      const { rows } = await db.query<BookingRow & { idempotency_key: string }>(
        `SELECT ${bookingColumns}, b.idempotency_key FROM ${bookingsFrom}
         WHERE (b.user_id, b.idempotency_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
        [unsettled.map((i) => batch[i]!.userId), unsettled.map((i) => batch[i]!.idempotencyKey)],
      );
      const stored = new Map(rows.map((r) => [`${r.user_id}\u0000${r.idempotency_key}`, toBooking(r)]));
      for (const i of unsettled) {
        const booking = stored.get(keyOf(batch[i]!)!);
        if (booking) outcomes[i] = replayOf(booking, batch[i]!);
        else if (outcomes[i] === undefined)
          outcomes[i] = new Error('Idempotency conflict without a stored booking');
      }
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const i of unsettled) outcomes[i] = failure;
    }
  }
  for (const [i, leader] of keys.followers) {
    const first = outcomes[leader]!;
    const stored = !(first instanceof Error) && (first.kind === 'created' || first.kind === 'replayed');
    outcomes[i] = stored ? replayOf(first.booking, batch[i]!) : first;
  }
}
