// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBookings, type NewBookingRequest } from '../bookings/writer.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { departureColumns, type DepartureRow } from '../db/schema.js';
import { insertDeparture } from '../departures/repository.js';
import { packages } from '../test/fixtures.js';
import { enqueueEmails, type BookingEmailData, type EmailJob } from './outbox.js';
import { addressVerificationTracker } from './unverified.js';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
});

afterAll(async () => {
  await db.close();
});

const data: BookingEmailData = {
  reference: 'WF-TEST',
  name: 'Ana Lopez',
  packageName: 'Alps',
  startsOn: null,
  travellers: 1,
  price: 100,
  total: 100,
  status: 'requested',
};
// No booking row: the tests look at the queue only.
const job = (to: string, kind: 'booking-confirmed' | 'operations-request' = 'booking-confirmed') =>
  ({ bookingId: null, kind, to, data: { ...data, email: to, phone: '1' } }) as unknown as EmailJob;

const queued = async (to: string) =>
  (
    await db.query<{ payload: { name: string }; unverified_user: string | null; kind: string }>(
      'SELECT payload, unverified_user, kind FROM outbox WHERE recipient = $1 ORDER BY created_at',
      [to],
    )
  ).rows;

describe('enqueueEmails', () => {
  it('never queues an email to an empty address', async () => {
    const { skipped } = await db.transaction((tx) => enqueueEmails(tx, [job(''), job('  ')]));
    expect(skipped).toBe(2);
    expect(await queued('')).toHaveLength(0);
  });

  it('an unverified address gets 3 emails a day, without the account’s name; verified ones all, with it', async () => {
    const track = addressVerificationTracker(db);
    await track({ uid: 'u-unverified', email: 'stranger@example.com', emailVerified: false });
    await track({ uid: 'u-verified', email: 'owner@example.com', emailVerified: true });
    for (let i = 0; i < 5; i++) {
      await db.transaction((tx) =>
        enqueueEmails(tx, [job('stranger@example.com'), job('owner@example.com')]),
      );
    }
    const stranger = await queued('stranger@example.com');
    expect(stranger).toHaveLength(3);
    for (const row of stranger) {
      expect(row.payload.name).toBe('');
      expect(row.unverified_user).toBe('u-unverified');
    }
    const owner = await queued('owner@example.com');
    expect(owner).toHaveLength(5);
    expect(owner[0]!.payload.name).toBe('Ana Lopez');
    // The brand's own copies are not the account's emails.
    await db.transaction((tx) => enqueueEmails(tx, [job('stranger@example.com', 'operations-request')]));
    expect(
      (await queued('stranger@example.com')).filter((r) => r.kind === 'operations-request'),
    ).toHaveLength(1);

    // Once the account verifies, its emails go out in full again.
    await track({ uid: 'u-unverified', email: 'stranger@example.com', emailVerified: true });
    await db.transaction((tx) => enqueueEmails(tx, [job('stranger@example.com')]));
    const after = await queued('stranger@example.com');
    expect(after.at(-1)!.payload.name).toBe('Ana Lopez');
  });
});

describe('the one outbox writer', () => {
  const serverSrc = join(import.meta.dirname, '..');
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
    });

  it('is the only code that inserts outbox rows (enqueueEmails and the booking writer both use it)', () => {
    const writers = sourceFiles(serverSrc).filter((file) =>
      /INSERT INTO outbox\b/i.test(readFileSync(file, 'utf8')),
    );
    expect(writers.map((f) => f.slice(serverSrc.length + 1))).toEqual(['mail/outbox.ts']);
  });

  it('holds a booking’s emails to the same cap, counting those queued before and those of the same statement', async () => {
    const pkg = packages.get('swiss-alpine-lakes')!;
    const { id } = await insertDeparture(db, { packageId: pkg.id, startsOn: '2031-05-04', capacity: 100 });
    const departure = (
      await db.query<DepartureRow>(`SELECT ${departureColumns} FROM departures WHERE id = $1`, [id])
    ).rows[0]!;
    const stranger = 'booker-stranger@example.com';
    await addressVerificationTracker(db)({ uid: 'u-booker', email: stranger, emailVerified: false });
    // Two of the day's three already queued, by the other path.
    await db.transaction((tx) => enqueueEmails(tx, [job(stranger), job(stranger)]));
    const request = (n: number): NewBookingRequest => ({
      id: randomUUID(),
      reference: `WF-CAP${n}${randomUUID().slice(0, 4)}`,
      userId: 'u-booker',
      accountEmail: stranger,
      operationsEmail: 'operations@example.com',
      actor: { type: 'traveller', name: stranger },
      input: { name: 'Ana Lopez', email: stranger, address: '1 Main St', phone: '5550100' },
      pkg,
      travellers: 1,
      idempotencyKey: null,
      departure,
    });
    // Three bookings in one statement, as one batch of the booking writer stores them.
    const stored = await db.transaction((tx) =>
      writeBookings(
        async (statement, params) =>
          (await tx.query<{ id: string; created_at: Date }>(statement, params)).rows,
        [request(1), request(2), request(3)],
      ),
    );
    expect(stored.every((booking) => booking !== null)).toBe(true);
    const received = (await queued(stranger)).filter((row) => row.kind === 'booking-received');
    expect(received).toHaveLength(1);
    expect(received[0]!.payload.name).toBe('');
    expect(received[0]!.unverified_user).toBe('u-booker');
    // The brand's copies are not the account's emails: one per booking, with the name.
    const copies = (await queued('operations@example.com')).filter(
      (row) => row.kind === 'operations-request',
    );
    expect(copies).toHaveLength(3);
    expect(copies.every((row) => row.payload.name === 'Ana Lopez' && row.unverified_user === null)).toBe(
      true,
    );
    // The day's three are spent, whichever path asks next.
    const { skipped } = await db.transaction((tx) => enqueueEmails(tx, [job(stranger)]));
    expect(skipped).toBe(1);
  });
});
