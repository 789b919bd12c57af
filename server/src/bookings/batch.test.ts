// @vitest-environment node
// The booking batch commits before it looks up retries (server/src/bookings/batch.ts, step 5):
// a failure of that lookup must fail only the requests it concerns, and never make the batch run
// again, which would store its bookings twice. And the batcher (./repository.ts) sends the next
// batch's first statement before it answers the requests of the batch that just committed.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Database, ShortTransaction } from '../db/database.js';
import { packages, storeCases } from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { describeEach } from '../test/services.js';
import { todayIso } from '#contracts/iso-dates';
import { runBatch, type BatchEntry } from './batch.js';
import { createBooking, newReference } from './repository.js';

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

  it("the batcher starts the next batch before it answers the last one's requests", async () => {
    const departureId = await addTestDeparture(db, { packageId: pkg.id, capacity: 20 });
    const events: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let batches = 0;
    // The store as the batcher sees it, with each batch's first statement recorded and the first
    // held until the second request is queued behind it.
    const watched: Database = {
      ...db,
      shortTransaction: (fn) =>
        db.shortTransaction((tx) => {
          const n = ++batches;
          const seen: ShortTransaction = {
            begin: async (statement, params) => {
              events.push(`batch ${n} sent`);
              if (n === 1) await gate;
              return tx.begin(statement, params);
            },
            commit: (statement, params) => tx.commit(statement, params),
            between: tx.between,
          };
          return fn(seen);
        }),
    };
    const first = createBooking(watched, entry(departureId, null)).then((outcome) => {
      events.push('first answered');
      return outcome;
    });
    await expect.poll(() => events.length).toBe(1);
    const second = createBooking(watched, entry(departureId, null, 'Grace Hopper'));
    open();
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.map((o) => o.kind)).toEqual(['created', 'created']);
    expect(events).toEqual(['batch 1 sent', 'batch 2 sent', 'first answered']);
  });
});
