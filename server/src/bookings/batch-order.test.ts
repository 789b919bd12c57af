// @vitest-environment node
// The booking batcher (./repository.ts) sends the next batch's first statement before it answers
// the requests of the batch that just committed: the database works on the one while the server
// writes the other's answers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, ShortTransaction } from '../db/database.js';
import { packages, storeCases } from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { describeEach } from '../test/services.js';
import { todayIso } from '#contracts/iso-dates';
import type { BookingRequest } from './batch.js';
import { createBooking } from './repository.js';

const pkg = packages.get('swiss-alpine-lakes')!;

const request = (departureId: string, name: string): BookingRequest => ({
  userId: `order-${name}`,
  accountEmail: null,
  maxHeldSeats: 24,
  actor: { type: 'traveller', name: 'batch-order-test' },
  input: {
    packageId: pkg.id,
    departureId,
    name,
    email: 'ada@example.com',
    address: '12 St James Square',
    phone: '+44 20 7946 0000',
    travellers: 1,
  },
  pkg,
  travellers: 1,
  idempotencyKey: null,
  today: todayIso('UTC'),
  operationsEmail: null,
});

describeEach(storeCases())('the booking batcher on $name', { timeout: 60_000 }, (store) => {
  let db: Database;
  beforeAll(async () => {
    db = await store.open();
  });
  afterAll(async () => {
    await store.cleanup();
  });

  it("starts the next batch before it answers the last one's requests", async () => {
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
          };
          return fn(seen);
        }),
    };
    const first = createBooking(watched, request(departureId, 'Ada')).then((outcome) => {
      events.push('first answered');
      return outcome;
    });
    await expect.poll(() => events.length).toBe(1);
    const second = createBooking(watched, request(departureId, 'Grace'));
    open();
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.map((o) => o.kind)).toEqual(['created', 'created']);
    expect(events).toEqual(['batch 1 sent', 'batch 2 sent', 'first answered']);
  });
});
