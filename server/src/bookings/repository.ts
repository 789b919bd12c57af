import { randomBytes, randomUUID } from 'node:crypto';
import type { Booking, BookingInput } from '../../../src/contracts/booking.js';
import type { Database } from '../db/database.js';
import type { ServerPackage } from './packages.js';

type BookingRow = {
  id: string;
  reference: string;
  package_id: string;
  package_name: string;
  price_cents: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  created_at: Date | string;
};

const columns =
  'id, reference, package_id, package_name, price_cents, name, email, address, phone, created_at';

const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  reference: row.reference,
  packageId: row.package_id,
  packageName: row.package_name,
  price: row.price_cents / 100,
  name: row.name,
  email: row.email,
  address: row.address,
  phone: row.phone,
  createdAt: new Date(row.created_at).toISOString(),
});

// Crockford's base32 without look-alikes (no I, L, O, U): easy to read out on the phone.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newReference(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % 32];
  return `WT-${out}`;
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  String(
    (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
  ).includes(constraint);

const insertColumns =
  'id, reference, user_id, package_id, package_name, price_cents, name, email, address, phone, idempotency_key';
const perRow = insertColumns.split(',').length;

type PendingInsert = {
  values: unknown[];
  resolve: (row: BookingRow | undefined) => void;
  reject: (e: unknown) => void;
};

// Group commit: the bookings that arrive while the previous INSERT runs go to the database
// together, as one multi-row INSERT in one transaction. Each request still gets its answer only
// after its own row is committed. On PGlite, where every statement costs about a millisecond of
// single-threaded WebAssembly, this is what lets it take 1,000+ bookings a second.
class InsertBatcher {
  private queue: PendingInsert[] = [];
  private draining = false;

  constructor(
    private readonly db: Database,
    private readonly maxRows = 200,
  ) {}

  insert(values: unknown[]): Promise<BookingRow | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ values, resolve, reject });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxRows);
      try {
        const rows = await this.run(batch);
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const p of batch) p.resolve(byId.get(p.values[0] as string));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        // One bad row (a reference collision) must not fail its neighbours: one by one.
        for (const p of batch) {
          try {
            p.resolve((await this.run([p]))[0]);
          } catch (e) {
            p.reject(e);
          }
        }
      }
    }
    this.draining = false;
  }

  private async run(batch: PendingInsert[]) {
    const placeholders = batch
      .map((_, r) => `(${Array.from({ length: perRow }, (_, c) => `$${r * perRow + c + 1}`).join(', ')})`)
      .join(', ');
    // ON CONFLICT on the (user, key) pair: a retried submit finds the first booking instead of
    // storing a second one, even when both requests race (also within one batch).
    const { rows } = await this.db.query<BookingRow>(
      `INSERT INTO bookings (${insertColumns}) VALUES ${placeholders}
       ON CONFLICT ON CONSTRAINT bookings_idempotency DO NOTHING
       RETURNING ${columns}`,
      batch.flatMap((p) => p.values),
    );
    return rows;
  }
}

const batchers = new WeakMap<Database, InsertBatcher>();
function insertBatched(db: Database, values: unknown[]) {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new InsertBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.insert(values);
}

export type CreateResult = { booking: Booking; replayed: boolean; conflict?: false } | { conflict: true };

export async function createBooking(
  db: Database,
  args: { userId: string; input: BookingInput; pkg: ServerPackage; idempotencyKey?: string },
): Promise<CreateResult> {
  const { userId, input, pkg, idempotencyKey } = args;
  for (let attempt = 0; ; attempt++) {
    try {
      const inserted = await insertBatched(db, [
        randomUUID(),
        newReference(),
        userId,
        pkg.id,
        pkg.name,
        Math.round(pkg.price * 100),
        input.name,
        input.email,
        input.address,
        input.phone,
        idempotencyKey ?? null,
      ]);
      if (inserted) return { booking: toBooking(inserted), replayed: false };
      const existing = await db.query<BookingRow>(
        `SELECT ${columns} FROM bookings WHERE user_id = $1 AND idempotency_key = $2`,
        [userId, idempotencyKey],
      );
      const first = existing.rows[0];
      if (!first) throw new Error('Idempotency conflict without a stored booking');
      const booking = toBooking(first);
      const same =
        booking.packageId === input.packageId &&
        booking.name === input.name &&
        booking.email === input.email &&
        booking.address === input.address &&
        booking.phone === input.phone;
      return same ? { booking, replayed: true } : { conflict: true };
    } catch (error) {
      // A reference collision (1 in 2^40) gets a new reference.
      if (attempt < 3 && isUniqueViolation(error, 'reference')) continue;
      throw error;
    }
  }
}

export async function listBookings(db: Database, userId: string, limit = 100): Promise<Booking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${columns} FROM bookings WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(toBooking);
}

export async function findBooking(db: Database, userId: string, id: string): Promise<Booking | undefined> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${columns} FROM bookings WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return rows[0] ? toBooking(rows[0]) : undefined;
}
