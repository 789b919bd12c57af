// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
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
    expect((await queued('stranger@example.com')).filter((r) => r.kind === 'operations-request')).toHaveLength(1);

    // Once the account verifies, its emails go out in full again.
    await track({ uid: 'u-unverified', email: 'stranger@example.com', emailVerified: true });
    await db.transaction((tx) => enqueueEmails(tx, [job('stranger@example.com')]));
    const after = await queued('stranger@example.com');
    expect(after.at(-1)!.payload.name).toBe('Ana Lopez');
  });
});
