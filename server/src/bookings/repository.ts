import { randomBytes, randomUUID } from 'node:crypto';
import type { AdminBooking } from '../../../src/contracts/admin.js';
import type { Booking, BookingInput } from '../../../src/contracts/booking.js';
import type { Actor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import {
  bookingColumns,
  bookingsFrom,
  departureColumns,
  type BookingRow,
  type DepartureRow,
} from '../db/schema.js';
import type { BookingEmailData } from '../mail/outbox.js';
import { heldSeatsMessage, lockHeldSeats } from './held-seats.js';
import type { ServerPackage } from './packages.js';

export const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  reference: row.reference,
  packageId: row.package_id,
  packageName: row.package_name,
  departureId: row.departure_id,
  startsOn: row.starts_on,
  travellers: row.travellers,
  price: row.price_cents / 100,
  total: row.total_cents / 100,
  status: row.status,
  name: row.name,
  email: row.email,
  address: row.address,
  phone: row.phone,
  createdAt: new Date(row.created_at).toISOString(),
});

export const toAdminBooking = (row: BookingRow): AdminBooking => ({
  ...toBooking(row),
  userId: row.user_id,
  updatedAt: new Date(row.updated_at).toISOString(),
  cancelReason: row.cancel_reason,
});

export const emailData = (b: Booking, extra: Partial<BookingEmailData> = {}): BookingEmailData => ({
  reference: b.reference,
  name: b.name,
  packageName: b.packageName,
  startsOn: b.startsOn,
  travellers: b.travellers,
  price: b.price,
  total: b.total,
  status: b.status,
  ...extra,
});

// Crockford's base32 without look-alikes (no I, L, O, U): easy to read out on the phone.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % 32];
  return `WT-${out}`;
}

const pgCode = (error: unknown) => (error as { code?: string } | null)?.code;
const isUniqueViolation = (error: unknown, constraint: string) =>
  pgCode(error) === '23505' &&
  String(
    (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
  ).includes(constraint);

export type CreateOutcome =
  | { kind: 'created'; booking: Booking }
  | { kind: 'replayed'; booking: Booking }
  // The same Idempotency-Key was used for a different booking.
  | { kind: 'key-reused' }
  | { kind: 'invalid'; fieldErrors: Partial<Record<'departureId', string>> }
  | { kind: 'no-seats'; message: string; seatsLeft: number }
  // The user's seats awaiting confirmation would pass MAX_HELD_SEATS_PER_USER (held-seats.ts).
  | { kind: 'too-many-held'; message: string; heldSeats: number };

type Request = {
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
};

type Pending = Request & {
  id: string;
  reference: string;
  resolve: (outcome: CreateOutcome) => void;
  reject: (error: unknown) => void;
};

const sameBooking = (booking: Booking, p: Request) =>
  booking.packageId === p.input.packageId &&
  (p.input.departureId === undefined || booking.departureId === p.input.departureId) &&
  booking.travellers === p.travellers &&
  booking.name === p.input.name &&
  booking.email === p.input.email &&
  booking.address === p.input.address &&
  booking.phone === p.input.phone;

const keyOf = (p: Request) => (p.idempotencyKey ? `${p.userId}\u0000${p.idempotencyKey}` : null);

const seatsMessage = (seatsLeft: number, travellers: number) =>
  seatsLeft === 0
    ? 'This departure is sold out. Please choose another date.'
    : `Only ${seatsLeft} ${seatsLeft === 1 ? 'seat is' : 'seats are'} left on this departure, not ${travellers}. Please choose fewer travellers or another date.`;

// Group commit with seats (docs/decisions/006-seats-and-group-commit.md): the bookings that
// arrive while a batch is in the database go together in the next one. One transaction a batch
// locks each departure it touches once (FOR UPDATE, in id order), hands out the seats in arrival
// order, inserts the bookings, their audit rows and their emails, and adds the seats taken, all
// with multi-row statements. A departure's seats are therefore decided under its row lock, in the
// database, whatever number of server processes share it; the CHECK on departures is the
// backstop. Each request is answered only after its batch committed.
//
// `lanes`: how many batches may be in the database at once. Profiled under load
// (`BENCH_CPU_PROF=dir npm run bench:api`), the PostgreSQL server's main thread was idle 62% of
// the time: one batch at a time, the process waited on each transaction's round trips and commit
// while requests queued. On PostgreSQL a few batches now run side by side on the pool's
// connections (they lock users' held seats, then departures, each in one global order, so they
// never deadlock, and seats are still decided under the departure's row lock); PGlite has one
// connection, so one lane.
class BookingBatcher {
  private queue: Pending[] = [];
  private running = 0;

  constructor(
    private readonly db: Database,
    private readonly maxRows = 200,
    private readonly lanes = 1,
  ) {}

  submit(request: Request): Promise<CreateOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, id: randomUUID(), reference: newReference(), resolve, reject });
      if (this.running < this.lanes) {
        this.running++;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxRows);
      try {
        const outcomes = await this.db.transaction((tx) => runBatch(tx, batch));
        batch.forEach((p, i) => p.resolve(outcomes[i]!));
      } catch (error) {
        // One bad row (a reference collision) must not fail its neighbours: one by one.
        for (const p of batch) await this.runAlone(p, batch.length === 1 ? error : undefined);
      }
    }
    this.running--;
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
        const [outcome] = await this.db.transaction((tx) => runBatch(tx, [p]));
        return p.resolve(outcome!);
      } catch (e) {
        error = e;
      }
    }
    p.reject(error);
  }
}

async function runBatch(tx: Queryable, batch: Pending[]): Promise<CreateOutcome[]> {
  const outcomes: (CreateOutcome | undefined)[] = new Array(batch.length);

  // 1. Within the batch, the first request with a key goes ahead; its twins wait for its answer.
  //    Retries of a booking stored earlier are found after the insert (step 5): looking for them
  //    first would cost every batch a query for what is rare.
  const leaders = new Map<string, number>();
  const followers: [number, number][] = [];
  batch.forEach((p, i) => {
    const key = keyOf(p);
    if (!key) return;
    if (leaders.has(key)) followers.push([i, leaders.get(key)!]);
    else leaders.set(key, i);
  });
  const twins = new Set(followers.map(([i]) => i));
  const live = batch.map((_, i) => i).filter((i) => !twins.has(i));

  // 2a. Lock the users' held seats (held-seats.ts: before any departure lock) and count them.
  const held = await lockHeldSeats(
    tx,
    live.map((i) => batch[i]!.userId),
  );

  // 2b. Lock every departure the batch may take seats from, once, in id order (no deadlocks
  //    between batches of different processes): the chosen ones, and for requests without a
  //    choice the package's open future departures (the earliest with enough seats is taken).
  const chosen = [...new Set(live.map((i) => batch[i]!.input.departureId).filter(Boolean))];
  const defaulted = [
    ...new Set(live.filter((i) => !batch[i]!.input.departureId).map((i) => batch[i]!.pkg.id)),
  ];
  const today = batch[0]!.today;
  const departures = new Map<string, DepartureRow>();
  if (live.length > 0) {
    const { rows } = await tx.query<DepartureRow>(
      `SELECT ${departureColumns} FROM departures
       WHERE id = ANY($1::uuid[]) OR (package_id = ANY($2::text[]) AND status = 'open' AND starts_on > $3)
       ORDER BY id FOR UPDATE`,
      [chosen, defaulted, today],
    );
    for (const row of rows) departures.set(row.id, row);
  }

  // 3. Seats, in arrival order, within each user's limit of seats awaiting confirmation (counted
  //    under their held-seat locks, taken before the departure locks of step 2: see held-seats.ts).
  const taken = new Map<string, number>();
  const seatsLeft = (d: DepartureRow) => d.capacity - d.seats_taken - (taken.get(d.id) ?? 0);
  const placed: { index: number; departure: DepartureRow }[] = [];
  for (const i of live) {
    const p = batch[i]!;
    let departure: DepartureRow | undefined;
    if (p.input.departureId) {
      departure = departures.get(p.input.departureId);
      if (!departure || departure.package_id !== p.pkg.id) {
        outcomes[i] = {
          kind: 'invalid',
          fieldErrors: {
            departureId: departure
              ? 'This departure belongs to another package.'
              : 'This departure does not exist.',
          },
        };
        continue;
      }
      if (departure.status !== 'open' || departure.starts_on <= p.today) {
        outcomes[i] = {
          kind: 'no-seats',
          message:
            departure.status !== 'open'
              ? 'This departure is closed for booking. Please choose another date.'
              : 'This departure has already left. Please choose another date.',
          seatsLeft: 0,
        };
        continue;
      }
      if (seatsLeft(departure) < p.travellers) {
        outcomes[i] = {
          kind: 'no-seats',
          message: seatsMessage(seatsLeft(departure), p.travellers),
          seatsLeft: seatsLeft(departure),
        };
        continue;
      }
    } else {
      const open = [...departures.values()]
        .filter((d) => d.package_id === p.pkg.id && d.status === 'open' && d.starts_on > p.today)
        .sort((a, b) => a.starts_on.localeCompare(b.starts_on));
      departure = open.find((d) => seatsLeft(d) >= p.travellers);
      if (!departure) {
        const most = Math.max(0, ...open.map(seatsLeft));
        outcomes[i] = {
          kind: 'no-seats',
          message:
            open.length === 0
              ? 'This trip has no open departures right now. Please contact us for other dates.'
              : `No departure of this trip has ${p.travellers} seats left. Please choose fewer travellers.`,
          seatsLeft: most,
        };
        continue;
      }
    }
    const holds = held.get(p.userId) ?? 0;
    if (holds + p.travellers > p.maxHeldSeats) {
      outcomes[i] = {
        kind: 'too-many-held',
        message: heldSeatsMessage(holds, p.maxHeldSeats, p.travellers),
        heldSeats: holds,
      };
      continue;
    }
    held.set(p.userId, holds + p.travellers);
    taken.set(departure.id, (taken.get(departure.id) ?? 0) + p.travellers);
    placed.push({ index: i, departure });
  }

  // 4. One statement writes the rest: the bookings (ON CONFLICT on the idempotency key: a retry
  //    that another process is storing at this moment gets that booking, and its seats are not
  //    counted here), the seats taken by what was inserted, the audit rows and the "booking
  //    received" emails. Arrays instead of a VALUES list keep it one fixed statement whatever the
  //    batch size; one round trip instead of four is most of a batch's cost on PGlite.
  if (placed.length > 0) {
    const rows = placed.map(({ index, departure }) => {
      const p = batch[index]!;
      const price = Math.round(p.pkg.price * 100);
      const booking = toBooking({
        id: p.id,
        reference: p.reference,
        user_id: p.userId,
        package_id: p.pkg.id,
        package_name: p.pkg.name,
        price_cents: price,
        name: p.input.name,
        email: p.input.email,
        account_email: p.accountEmail,
        address: p.input.address,
        phone: p.input.phone,
        departure_id: departure.id,
        starts_on: departure.starts_on,
        travellers: p.travellers,
        total_cents: price * p.travellers,
        status: 'requested',
        cancel_reason: null,
        // The database's own time replaces this once the row is in.
        created_at: new Date(),
        updated_at: new Date(),
      });
      return { index, p, price, booking };
    });
    const column = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
    const { rows: inserted } = await tx.query<{ id: string; created_at: Date | string }>(
      `WITH v AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[],
           $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::int[],
           $14::text[], $15::text[], $16::uuid[], $17::text[])
         AS v(id, reference, user_id, package_id, package_name, price_cents, name, email, address,
           phone, idempotency_key, departure_id, travellers, actor, payload, outbox_id, account_email)
       ), ins AS (
         INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name,
           email, account_email, address, phone, idempotency_key, departure_id, travellers, total_cents)
         SELECT id, reference, user_id, package_id, package_name, price_cents, name, email,
           account_email, address, phone, idempotency_key, departure_id, travellers,
           price_cents * travellers FROM v
         ON CONFLICT ON CONSTRAINT bookings_idempotency DO NOTHING
         RETURNING id, departure_id, travellers, created_at
       ), seats AS (
         UPDATE departures d SET seats_taken = d.seats_taken + s.n, updated_at = now()
         FROM (SELECT departure_id, sum(travellers)::int AS n FROM ins GROUP BY departure_id) s
         WHERE d.id = s.departure_id
       ), audit AS (
         INSERT INTO audit_events (booking_id, departure_id, actor_type, actor, action, to_value)
         SELECT ins.id, ins.departure_id, 'traveller', v.actor, 'booking.created', 'requested'
         FROM ins JOIN v USING (id)
       ), mail AS (
         INSERT INTO outbox (id, booking_id, kind, recipient, payload)
         SELECT v.outbox_id, ins.id, 'booking-received', v.account_email, v.payload::jsonb
         FROM ins JOIN v USING (id) WHERE v.account_email IS NOT NULL
       )
       SELECT id, created_at FROM ins`,
      [
        column((r) => r.p.id),
        column((r) => r.p.reference),
        column((r) => r.p.userId),
        column((r) => r.p.pkg.id),
        column((r) => r.p.pkg.name),
        column((r) => r.price),
        column((r) => r.p.input.name),
        column((r) => r.p.input.email),
        column((r) => r.p.input.address),
        column((r) => r.p.input.phone),
        column((r) => r.p.idempotencyKey),
        column((r) => r.booking.departureId),
        column((r) => r.p.travellers),
        column((r) => r.p.actor.name),
        column((r) => JSON.stringify(emailData(r.booking))),
        column(() => randomUUID()),
        column((r) => r.p.accountEmail),
      ],
    );
    const createdAt = new Map(inserted.map((r) => [r.id, new Date(r.created_at).toISOString()]));
    for (const { index, booking } of rows) {
      const at = createdAt.get(booking.id);
      if (at) outcomes[index] = { kind: 'created', booking: { ...booking, createdAt: at } };
    }
  }

  // 5. Requests with a key that were not stored now: a retry of a booking stored earlier (or by
  //    another process at this moment, which ON CONFLICT skipped) is answered with that booking,
  //    even if its departure is full by now; a refusal stands only if there is none.
  const unsettled = [...leaders.values()].filter((i) => outcomes[i]?.kind !== 'created');
  if (unsettled.length > 0) {
    const { rows } = await tx.query<BookingRow & { idempotency_key: string }>(
      `SELECT ${bookingColumns}, b.idempotency_key FROM ${bookingsFrom}
       WHERE (b.user_id, b.idempotency_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
      [unsettled.map((i) => batch[i]!.userId), unsettled.map((i) => batch[i]!.idempotencyKey)],
    );
    const stored = new Map(rows.map((r) => [`${r.user_id}\u0000${r.idempotency_key}`, toBooking(r)]));
    for (const i of unsettled) {
      const p = batch[i]!;
      const booking = stored.get(keyOf(p)!);
      if (booking) {
        outcomes[i] = sameBooking(booking, p) ? { kind: 'replayed', booking } : { kind: 'key-reused' };
      } else if (outcomes[i] === undefined) {
        throw new Error('Idempotency conflict without a stored booking');
      }
    }
  }
  for (const [i, leader] of followers) {
    const first = outcomes[leader]!;
    outcomes[i] =
      first.kind === 'created' || first.kind === 'replayed'
        ? sameBooking(first.booking, batch[i]!)
          ? { kind: 'replayed', booking: first.booking }
          : { kind: 'key-reused' }
        : first;
  }
  return outcomes as CreateOutcome[];
}

const batchers = new WeakMap<Database, BookingBatcher>();
// Batches in the database at once on PostgreSQL (BookingBatcher): measured with npm run bench:api.
const batchLanes = 3;

export function createBooking(db: Database, request: Request): Promise<CreateOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new BookingBatcher(db, 200, db.kind === 'postgres' ? batchLanes : 1);
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
