// Bookings: the group-commit batcher that stores them (the batch itself: ./batch.ts) and the
// traveller's reads of their own.
import { randomFillSync, randomUUID } from 'node:crypto';
import {
  abortedTransaction,
  CommitUnknownError,
  DatabaseUnavailableError,
  prepared,
  type Database,
  type Queryable,
} from '../db/database.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { runBatch, type BatchEntry, type BookingRequest, type CreateOutcome } from './batch.js';
import { toBooking } from './booking-row.js';
import { BusyError } from '../http/problem.js';
import type { Booking } from '#contracts/api';
import { referenceAlphabet, referencePrefix } from '#contracts/booking';

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
  for (let i = 0; i < 8; i++) out += referenceAlphabet[pool[poolAt + i]! % 32];
  poolAt += 8;
  return `${referencePrefix}${out}`;
}

const pgCode = (error: unknown) => (error as { code?: string } | null)?.code;
const isUniqueViolation = (error: unknown, constraint: string) =>
  pgCode(error) === '23505' &&
  String(
    (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
  ).includes(constraint);

// Past this many requests waiting in a lane, a new one is answered 503 with Retry-After at once
// (BusyError, server/src/http/problem.ts) rather than queue behind an outage without bound: 200-row batches, so a
// full lane is 10 batches of work.
export const defaultMaxQueued = 2000;

// How long looking up an unanswered batch may take (server/src/db/database.ts has the batch's own
// limit): the two together stay under 15 seconds.
const lookupTimeoutMs = 4_000;

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
    private readonly maxQueued = defaultMaxQueued,
  ) {
    this.queues = Array.from({ length: lanes }, () => []);
    this.running = this.queues.map(() => false);
  }

  submit(request: BookingRequest): Promise<CreateOutcome> {
    return new Promise((resolve, reject) => {
      const lane = laneOf(request.userId, this.queues.length);
      if (this.queues[lane]!.length >= this.maxQueued) return reject(new BusyError());
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
        // Answered once the next batch is on its way: its first statement goes out now, and the
        // database works on it while this thread writes these answers. Answered first, they held
        // the next batch back for as long as they took (docs/decisions/054-answers-after-the-next-batch.md).
        setImmediate(() => batch.forEach((p, i) => settle(p, outcomes[i]!)));
      } catch (error) {
        if (abortedTransaction(error)) {
          // The database refused a row (a reference collision): nothing was stored, and one bad
          // row must not fail its neighbours: one by one.
          for (const p of batch) await this.runAlone(p, batch.length === 1 ? error : undefined);
        } else if (!(await this.settleUnanswered(batch, error))) {
          // The database is out of reach: what waits behind this batch would wait as long for
          // the same answer. Nothing of it was sent, so nothing of it was stored.
          for (const p of queue.splice(0)) p.reject(new DatabaseUnavailableError(error));
        }
      }
    }
    this.running[lane] = false;
  }

  // A batch the database did not answer fails as a whole, at once. When its COMMIT went out
  // unanswered it may have been stored: each request is answered from what the database holds
  // (its booking, by id, or the booking of its Idempotency-Key), once the server process that
  // ran the transaction is gone, so that no COMMIT can still land after the look-up. Returns
  // whether the database answered the look-up.
  private async settleUnanswered(batch: Pending[], error: unknown): Promise<boolean> {
    if (!(error instanceof CommitUnknownError)) {
      for (const p of batch) p.reject(new DatabaseUnavailableError(error));
      return false;
    }
    let stored: Map<string, Booking>;
    try {
      stored = await withDeadline(lookUpStored(this.db, batch, error.backendPid), lookupTimeoutMs);
    } catch {
      // Unknown: the request is told so (server/src/http/problem.ts), never "nothing was lost".
      for (const p of batch) p.reject(error);
      return false;
    }
    for (const p of batch) {
      const booking = stored.get(p.id) ?? (p.idempotencyKey ? stored.get(keyOf(p)) : undefined);
      if (booking)
        p.resolve(booking.id === p.id ? { kind: 'created', booking } : { kind: 'replayed', booking });
      else p.reject(new DatabaseUnavailableError(error.cause));
    }
    return true;
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

const keyOf = (p: BookingRequest) => `${p.userId}\u0000${p.idempotencyKey}`;

const withDeadline = <T>(work: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

// Ends the backend that ran the unanswered transaction (a paused server may still hold its
// COMMIT) and waits until it is gone, then reads the batch's bookings: by id, and by
// Idempotency-Key (a twin of the batch is answered with its leader's booking).
async function lookUpStored(db: Database, batch: Pending[], backendPid: number | undefined) {
  if (backendPid !== undefined) {
    for (;;) {
      const { rows } = await db.query<{ alive: boolean }>(
        'SELECT pg_terminate_backend(pid) AS alive FROM pg_stat_activity WHERE pid = $1',
        [backendPid],
      );
      if (rows.length === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const keyed = batch.filter((p) => p.idempotencyKey);
  const { rows } = await db.query<BookingRow & { idempotency_key: string | null }>(
    `SELECT ${bookingColumns}, b.idempotency_key FROM ${bookingsFrom}
     WHERE b.id = ANY($1::uuid[])
        OR (b.user_id, b.idempotency_key) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [batch.map((p) => p.id), keyed.map((p) => p.userId), keyed.map((p) => p.idempotencyKey)],
  );
  const stored = new Map<string, Booking>();
  for (const row of rows) {
    const booking = toBooking(row);
    stored.set(row.id, booking);
    if (row.idempotency_key) stored.set(`${row.user_id}\u0000${row.idempotency_key}`, booking);
  }
  return stored;
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

// Prepared, as My bookings' claiming read (./claim.ts).
const myBookingsSql = prepared(
  'my-bookings',
  `SELECT ${bookingColumns} FROM ${bookingsFrom}
   WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
);

export async function listBookings(db: Queryable, userId: string, limit = 100): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(myBookingsSql, [userId, limit]);
  return rows.map(toBooking);
}

export async function findBooking(db: Queryable, userId: string, id: string): Promise<Booking | undefined> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.user_id = $1 AND b.id = $2`,
    [userId, id],
  );
  return rows[0] ? toBooking(rows[0]) : undefined;
}
