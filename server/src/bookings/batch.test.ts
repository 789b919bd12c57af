// @vitest-environment node
// The booking batch commits before it looks up retries (server/src/bookings/batch.ts, step 5):
// a failure of that lookup must fail only the requests it concerns, and never make the batch run
// again, which would store its bookings twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { packages, storeCases } from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { describeEach } from '../test/services.js';
import { todayIso } from '#contracts/iso-dates';
import { runBatch, type BatchEntry } from './batch.js';
import { newReference } from './repository.js';

const pkg = packages.get('swiss-alpine-lakes')!;

const entry = (departureId: string, idempotencyKey: string | null, name = 'Ada Lovelace'): BatchEntry => ({
  id: randomUUID(),
  reference: newReference(),
  userId: `batch-user-${randomUUID()}`,
  accountEmail: null,
  maxHeldSeats: 24,
  actor: { type: 'traveller', name: 'batch-test' },
  input: {
    packageId: pkg.id,
    departureId,
    name,
    email: 'ada@example.com',
    address: '12 St James Square',
    phone: '+44 20 7946 0000',
    travellers: 2,
  },
  pkg,
  travellers: 2,
  idempotencyKey,
  today: todayIso('UTC'),
  operationsEmail: null,
});

describeEach(storeCases())('the booking batch on $name', { timeout: 60_000 }, (store) => {
  let db: Database;
  beforeAll(async () => {
    db = await store.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  const count = async (departureId: string) =>
    (
      await db.query<{ n: number; seats: number }>(
        `SELECT (SELECT count(*)::int FROM bookings WHERE departure_id = $1) AS n,
                (SELECT seats_taken FROM departures WHERE id = $1) AS seats`,
        [departureId],
      )
    ).rows[0]!;

  it('a retry lookup that fails after COMMIT fails its own request only; the stored ones stand, once', async () => {
    const departure = { id: await addTestDeparture(db, { packageId: pkg.id, capacity: 20 }) };
    // A booking stored earlier with a key; its retry comes in the next batch.
    const first = entry(departure.id, 'key-1');
    const [stored] = await runBatch(db, [first]);
    expect(stored).toMatchObject({ kind: 'created' });

    // The database stops answering plain queries (the lookup) but still runs the transaction.
    const failing: Database = {
      ...db,
      query: async () => {
        throw new Error('connection lost');
      },
    };
    const retry = { ...entry(departure.id, 'key-1'), userId: first.userId };
    const fresh = entry(departure.id, null, 'Grace Hopper');
    const outcomes = await runBatch(failing, [retry, fresh]);
    expect(outcomes[0]).toBeInstanceOf(Error);
    expect(outcomes[1]).toMatchObject({ kind: 'created', booking: { name: 'Grace Hopper' } });
    expect(await count(departure.id)).toEqual({ n: 2, seats: 4 });

    // With the lookup answering, the retry gets the stored booking back and takes no seats.
    const [again] = await runBatch(db, [{ ...retry, id: randomUUID(), reference: newReference() }]);
    expect(again).toMatchObject({ kind: 'replayed', booking: { id: first.id } });
    expect(await count(departure.id)).toEqual({ n: 2, seats: 4 });
  });
});
