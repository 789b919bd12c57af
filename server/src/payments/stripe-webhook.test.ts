// @vitest-environment node
// The webhook's store and the recorder (./stripe-webhook.ts) on PGlite and PostgreSQL: an event id
// is stored once; a type the site does not record is stored as ignored, without its body; the
// recorder records what waits, drops the body once recorded, looks again when kicked during a run,
// and postpones an event whose recording fails without holding up the others; a process's
// deliveries of one event share one INSERT.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import {
  recordStripeEvents,
  startStripeRecorder,
  storeStripeEvent,
  storeStripeEventsOnce,
} from './stripe-webhook.js';

// A completed session for a booking that does not exist: recorded as `unknown-booking`, no money.
const sessionEvent = (id: string) => {
  const event = {
    id,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        client_reference_id: '00000000-0000-4000-8000-000000000000',
        metadata: { booking_id: '00000000-0000-4000-8000-000000000000' },
        payment_status: 'paid',
        currency: 'usd',
        amount_total: 1000,
        customer_details: { email: 'payer@example.com' },
      },
    },
  } as unknown as Stripe.Event;
  return { event, body: JSON.stringify(event) };
};
const offers = () => ({ now: new Date(), offerHours: 24, maxHeldSeats: 12 }) as unknown as OfferContext;

describeEach(storeCases())('Stripe events stored and recorded on $name', { timeout: 60_000 }, (store) => {
  let db: Database;
  beforeAll(async () => {
    db = await store.open();
  });
  afterAll(async () => db?.close());
  const row = async (id: string) =>
    (
      await db.query<{ outcome: string; payload: string | null; attempts: number; recorded: boolean }>(
        `SELECT outcome, payload, attempts, recorded_at IS NOT NULL AS recorded FROM stripe_events WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('stores an event id once, and an unrecorded type as ignored without its body', async () => {
    const { event, body } = sessionEvent('evt_store_once');
    expect(await storeStripeEvent(db, event, body)).toBe('stored');
    expect(await storeStripeEvent(db, event, body)).toBe('replay');
    expect(await row('evt_store_once')).toEqual({
      outcome: 'received',
      payload: body,
      attempts: 0,
      recorded: false,
    });
    const other = {
      id: 'evt_customer',
      type: 'customer.created',
      data: { object: {} },
    } as unknown as Stripe.Event;
    expect(await storeStripeEvent(db, other, '{"secret":"x"}')).toBe('ignored');
    expect(await row('evt_customer')).toEqual({
      outcome: 'ignored',
      payload: null,
      attempts: 0,
      recorded: true,
    });
    // The recorder takes it and forgets the body (it names the payer).
    const next = await recordStripeEvents(db, offers);
    expect(next).toMatchObject([{ kind: 'recorded', eventId: 'evt_store_once', outcome: 'unknown-booking' }]);
    expect(await row('evt_store_once')).toEqual({
      outcome: 'unknown-booking',
      payload: null,
      attempts: 0,
      recorded: true,
    });
    expect(await recordStripeEvents(db, offers)).toEqual([]);
  });

  it('postpones an event whose recording fails; the others are recorded; it is recorded once it works', async () => {
    const failing = sessionEvent('evt_fails');
    await storeStripeEvent(db, failing.event, failing.body);
    let broken = true;
    const flaky = () => {
      if (broken) throw new Error('the ledger refused it');
      return offers();
    };
    const failed = await recordStripeEvents(db, flaky);
    expect(failed).toMatchObject([{ kind: 'failed', eventId: 'evt_fails', attempts: 1 }]);
    expect(await row('evt_fails')).toMatchObject({ outcome: 'received', payload: failing.body, attempts: 1 });
    // Postponed: the next look finds the others, not it.
    const fine = sessionEvent('evt_after_failure');
    await storeStripeEvent(db, fine.event, fine.body);
    expect(await recordStripeEvents(db, flaky)).toMatchObject([
      { kind: 'failed', eventId: 'evt_after_failure' },
    ]);
    broken = false;
    await db.query(`UPDATE stripe_events SET next_attempt_at = now() WHERE id = 'evt_after_failure'`);
    expect(await recordStripeEvents(db, flaky)).toMatchObject([
      { kind: 'recorded', eventId: 'evt_after_failure' },
    ]);
    expect(await recordStripeEvents(db, flaky)).toEqual([]);
    // Its time comes: recorded.
    await db.query(`UPDATE stripe_events SET next_attempt_at = now() WHERE id = 'evt_fails'`);
    expect(await recordStripeEvents(db, flaky)).toMatchObject([{ kind: 'recorded', eventId: 'evt_fails' }]);
    expect(await row('evt_fails')).toMatchObject({
      outcome: 'unknown-booking',
      payload: null,
      recorded: true,
    });
  });

  it('records a batch in one transaction; when one of it fails, the others are recorded and only it waits', async () => {
    const events = ['evt_batch_1', 'evt_batch_2', 'evt_batch_3'].map(sessionEvent);
    for (const e of events) await storeStripeEvent(db, e.event, e.body);
    // The batch's one call fails it; alone, the first fails again and the others work.
    let calls = 0;
    const failingTwice = () => {
      calls++;
      if (calls <= 2) throw new Error('the ledger refused it');
      return offers();
    };
    const results = await recordStripeEvents(db, failingTwice, 10);
    expect(results.map((r) => [r.eventId, r.kind])).toEqual([
      ['evt_batch_1', 'failed'],
      ['evt_batch_2', 'recorded'],
      ['evt_batch_3', 'recorded'],
    ]);
    expect(await row('evt_batch_1')).toMatchObject({ outcome: 'received', attempts: 1 });
    expect(await row('evt_batch_3')).toMatchObject({ outcome: 'unknown-booking', payload: null });
    // A batch of two, settled together.
    const more = ['evt_batch_4', 'evt_batch_5'].map(sessionEvent);
    for (const e of more) await storeStripeEvent(db, e.event, e.body);
    expect((await recordStripeEvents(db, offers, 10)).map((r) => r.eventId)).toEqual([
      'evt_batch_4',
      'evt_batch_5',
    ]);
    expect((await row('evt_batch_5'))?.recorded).toBe(true);
    await db.query(`UPDATE stripe_events SET next_attempt_at = now() WHERE id = 'evt_batch_1'`);
    expect(await recordStripeEvents(db, offers)).toMatchObject([
      { kind: 'recorded', eventId: 'evt_batch_1' },
    ]);
  });

  it('a recorder records what waits at its start, and an event stored during a run before that run ends', async () => {
    const first = sessionEvent('evt_waiting_at_start');
    await storeStripeEvent(db, first.event, first.body);
    const lines: string[] = [];
    const log = {
      info: (_: object, line: string) => lines.push(line),
      warn: (_: object, line: string) => lines.push(line),
    };
    const recorder = startStripeRecorder({ db, offers, log, intervalMs: 60_000 });
    try {
      const run = recorder.kick();
      const during = sessionEvent('evt_during_run');
      await storeStripeEvent(db, during.event, during.body);
      await recorder.kick();
      await run;
      expect((await row('evt_waiting_at_start'))?.outcome).toBe('unknown-booking');
      expect((await row('evt_during_run'))?.outcome).toBe('unknown-booking');
      expect(lines.filter((l) => l === 'stripe: event recorded')).toHaveLength(2);
    } finally {
      await recorder.stop();
    }
  });
});

// A process's deliveries of one event: one INSERT between them.
describe('storeStripeEventsOnce', () => {
  const event = {
    id: 'evt_shared',
    type: 'checkout.session.completed',
    data: { object: {} },
  } as unknown as Stripe.Event;
  const counting = (answer: () => Promise<{ rows: unknown[] }>) => {
    let inserts = 0;
    const db = {
      query: () => {
        inserts++;
        return answer();
      },
    } as unknown as Queryable;
    return { db, inserts: () => inserts };
  };

  it('deliveries at the same moment share one INSERT; later ones of a stored event need none', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { db, inserts } = counting(async () => {
      await gate;
      return { rows: [{ id: 'evt_shared' }] };
    });
    const store = storeStripeEventsOnce();
    const first = store(db, event, '{}');
    const second = store(db, event, '{}');
    release();
    expect(await first).toBe('stored');
    expect(await second).toBe('replay');
    expect(await store(db, event, '{}')).toBe('replay');
    expect(inserts()).toBe(1);
  });

  it('a failed INSERT fails the deliveries waiting on it, and the next delivery tries again', async () => {
    let fail = true;
    const { db, inserts } = counting(async () => {
      if (fail) throw new Error('the database is gone');
      return { rows: [{ id: 'evt_shared' }] };
    });
    const store = storeStripeEventsOnce();
    const first = store(db, event, '{}');
    const second = store(db, event, '{}');
    await expect(first).rejects.toThrow('the database is gone');
    await expect(second).rejects.toThrow('the database is gone');
    fail = false;
    expect(await store(db, event, '{}')).toBe('stored');
    expect(inserts()).toBe(2);
  });

  it('remembers a bounded number of stored events, the oldest forgotten first', async () => {
    const { db, inserts } = counting(async () => ({ rows: [{ id: 'x' }] }));
    const store = storeStripeEventsOnce(2);
    const e = (id: string) => ({ ...event, id }) as Stripe.Event;
    for (const id of ['a', 'b', 'c']) await store(db, e(id), '{}');
    expect(inserts()).toBe(3);
    expect(await store(db, e('c'), '{}')).toBe('replay');
    expect(inserts()).toBe(3);
    // 'a' was forgotten: the database answers for it again.
    await store(db, e('a'), '{}');
    expect(inserts()).toBe(4);
  });
});
