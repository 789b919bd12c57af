// Bookings: the group-commit batcher that stores them (the batch itself: ./batch.ts) and the
// traveller's reads of their own.
import { randomFillSync, randomUUID } from 'node:crypto';
import type { Booking } from '#contracts/booking';
import type { Database, Queryable } from '../db/database.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { runBatch, type BatchEntry, type BookingRequest, type CreateOutcome } from './batch.js';
import { toBooking } from './booking-row.js';

// Crockford's base32 without look-alikes (no I, L, O, U): easy to read out on the phone.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
// Random bytes drawn from a pool refilled 4 KiB at a time: one randomBytes call per booking was
// 2% of the server's time under npm run bench:api.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
export function newReference(): string {
  if (poolAt + 8 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let out = '';
  for (let i = 0; i < 8; i++) out += alphabet[pool[poolAt + i]! % 32];
  poolAt += 8;
  return `WT-${out}`;
}

const pgCode = (error: unknown) => (error as { code?: string } | null)?.code;
const isUniqueViolation = (error: unknown, constraint: string) =>
  pgCode(error) === '23505' &&
  String(
    (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
  ).includes(constraint);

type Pending = BatchEntry & {
  resolve: (outcome: CreateOutcome) => void;
  reject: (error: unknown) => void;
};

// Group commit with seats (docs/decisions/006-seats-and-group-commit.md): the bookings that
// arrive while a batch is in the database go together in the next one. One transaction a batch
// locks each departure it touches once (FOR UPDATE, in id order), hands out the seats in arrival
// order, inserts the bookings, their audit rows and their emails, and adds the seats taken, all
// with multi-row statements. A departure's seats are therefore decided under its row lock, in the
// database, whatever number of server processes share it; the CHECK on departures is the
// backstop. Each request is answered only after its batch committed.
//
// `lanes`: how many batches of this process may be in the database at once (BOOKING_BATCH_LANES,
// server/src/env.ts; PGlite has one connection, so one). Measured with npm run bench:api on a
// 2-core machine, once a batch took two round trips between BEGIN and COMMIT: one process did as
// well with one lane as with three, and three processes with one lane each sold twice as many
// bookings (2,225/s against 954-1,138/s, p99 49 ms against 119 ms) as with two or three each:
// concurrent batches share users and departures, queue on each other's locks and come out
// smaller, and each batch costs PostgreSQL and the server a fixed amount. More lanes can pay where
// the database has cores to spare and round trips are slow. They lock users' held seats, then
// departures, each in one global order, so they never deadlock, and seats are still decided
// under the departure's row lock.
//
// Each user's requests go to one lane (by a hash of the user id): two lanes of one process never
// wait for each other's held-seat locks, which every batch takes for its users.
class BookingBatcher {
  private readonly queues: Pending[][];
  private readonly running: boolean[];

  constructor(
    private readonly db: Database,
    private readonly maxRows = 200,
    lanes = 1,
  ) {
    this.queues = Array.from({ length: lanes }, () => []);
    this.running = this.queues.map(() => false);
  }

  submit(request: BookingRequest): Promise<CreateOutcome> {
    return new Promise((resolve, reject) => {
      const lane = laneOf(request.userId, this.queues.length);
      this.queues[lane]!.push({ ...request, id: randomUUID(), reference: newReference(), resolve, reject });
      if (!this.running[lane]) {
        this.running[lane] = true;
        setImmediate(() => void this.drain(lane));
      }
    });
  }

  private async drain(lane: number) {
    const queue = this.queues[lane]!;
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxRows);
      try {
        const outcomes = await runBatch(this.db, batch);
        batch.forEach((p, i) => settle(p, outcomes[i]!));
      } catch (error) {
        // One bad row (a reference collision) must not fail its neighbours: one by one.
        for (const p of batch) await this.runAlone(p, batch.length === 1 ? error : undefined);
      }
    }
    this.running[lane] = false;
  }

  private async runAlone(p: Pending, firstError?: unknown) {
    let error = firstError;
    for (let attempt = 0; attempt < 4; attempt++) {
      if (error !== undefined) {
        // A reference collision (1 in 2^40) gets a new reference; anything else is an answer.
        if (!isUniqueViolation(error, 'reference')) break;
        p.reference = newReference();
      }
      try {
        const [outcome] = await runBatch(this.db, [p]);
        return settle(p, outcome!);
      } catch (e) {
        error = e;
      }
    }
    p.reject(error);
  }
}

const settle = (p: Pending, outcome: CreateOutcome | Error) =>
  outcome instanceof Error ? p.reject(outcome) : p.resolve(outcome);

// FNV-1a of the user id: any stable spread will do.
function laneOf(userId: string, lanes: number) {
  if (lanes === 1) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) h = Math.imul(h ^ userId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % lanes;
}

const batchers = new WeakMap<Database, BookingBatcher>();

export const defaultBatchLanes = 1;

// `lanes` is read when the first booking reaches this database (one batcher per database).
export function createBooking(
  db: Database,
  request: BookingRequest,
  lanes = defaultBatchLanes,
): Promise<CreateOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new BookingBatcher(db, 200, db.kind === 'postgres' ? lanes : 1);
    batchers.set(db, batcher);
  }
  return batcher.submit(request);
}

export async function listBookings(db: Queryable, userId: string, limit = 100): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${bookingColumns} FROM ${bookingsFrom}
     WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toBooking);
}

export async function findBooking(db: Queryable, userId: string, id: string): Promise<Booking | undefined> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.user_id = $1 AND b.id = $2`,
    [userId, id],
  );
  return rows[0] ? toBooking(rows[0]) : undefined;
}
