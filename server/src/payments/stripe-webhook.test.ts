// @vitest-environment node
// stripeEventsOnce: deliveries of one event that overlap in a process share the first one's work
// (one transaction, the later ones answered as replays, or failing with it); an event delivered
// after the first has finished is handled again (the database's claim on its id then answers it).
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { stripeEventsOnce } from './stripe-webhook.js';

// A database whose transactions count themselves and wait for the test's word, each finding the
// event already claimed (a replay) or failing, as the test says.
function fakeDatabase() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let transactions = 0;
  const db = {
    shortTransaction: async (fn: (tx: unknown) => Promise<unknown>) => {
      transactions++;
      await new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
      return fn({
        begin: async () => [],
        commit: async () => [],
        between: { query: async () => ({ rows: [] }) },
      });
    },
  } as unknown as Database;
  return { db, pending, transactions: () => transactions };
}

const event = (id: string) => ({ id, type: 'customer.created', data: { object: {} } }) as unknown as Stripe.Event;
const offers = {} as OfferContext;

describe('stripeEventsOnce', () => {
  it('runs overlapping deliveries of one event once; the others answer as replays', async () => {
    const { db, pending, transactions } = fakeDatabase();
    const handle = stripeEventsOnce();
    const first = handle(db, event('evt_1'), offers);
    const second = handle(db, event('evt_1'), offers);
    const other = handle(db, event('evt_2'), offers);
    await new Promise((r) => setImmediate(r));
    expect(transactions()).toBe(2);
    for (const p of pending) p.resolve();
    // The fake claims nothing (its INSERT returns no row): the first reads as a replay too.
    expect(await first).toEqual({ outcome: 'replay', bookingId: null });
    expect(await second).toEqual({ outcome: 'replay', bookingId: null });
    expect(await other).toEqual({ outcome: 'replay', bookingId: null });
    // Finished: the next delivery is handled again.
    const later = handle(db, event('evt_1'), offers);
    await new Promise((r) => setImmediate(r));
    expect(transactions()).toBe(3);
    pending.at(-1)!.resolve();
    await later;
  });

  it('fails the overlapping deliveries with the first, so the sender delivers the event again', async () => {
    const { db, pending, transactions } = fakeDatabase();
    const handle = stripeEventsOnce();
    const first = handle(db, event('evt_3'), offers);
    const second = handle(db, event('evt_3'), offers);
    await new Promise((r) => setImmediate(r));
    pending[0]!.reject(new Error('the database is gone'));
    await expect(first).rejects.toThrow('the database is gone');
    await expect(second).rejects.toThrow('the database is gone');
    expect(transactions()).toBe(1);
    const again = handle(db, event('evt_3'), offers);
    await new Promise((r) => setImmediate(r));
    expect(transactions()).toBe(2);
    pending[1]!.resolve();
    expect(await again).toEqual({ outcome: 'replay', bookingId: null });
  });
});
