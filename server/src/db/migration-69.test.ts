// @vitest-environment node
// Migration 69 keeps Stripe's events until they are recorded (server/src/payments/stripe-webhook.ts):
// it adds only, so every event stored before it keeps its outcome and booking and counts as
// recorded; none waits for the recorder, and a replay of one is still a replay.
import type Stripe from 'stripe';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { recordStripeEvents, storeStripeEvent } from '../payments/stripe-webhook.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';

describeEach(storeCases())(
  'migration 69 (Stripe events kept until recorded) on $name',
  { timeout: 120_000 },
  (store) => {
    it('keeps every stored event as it was; none waits; a replay of one stores nothing', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 68);
        await db.query(
          `INSERT INTO stripe_events (id, type, booking_id, outcome) VALUES
           ('evt_old_paid', 'checkout.session.completed', '00000000-0000-4000-8000-000000000001', 'recorded'),
           ('evt_old_other', 'customer.created', NULL, 'ignored')`,
        );
        const columns = 'id, type, booking_id, outcome, received_at';
        const before = (await db.query(`SELECT ${columns} FROM stripe_events ORDER BY id`)).rows;

        expect(await migrate(db)).toContain(69);
        expect((await db.query(`SELECT ${columns} FROM stripe_events ORDER BY id`)).rows).toEqual(before);
        const added = await db.query<{ payload: string | null; attempts: number }>(
          'SELECT DISTINCT payload, attempts FROM stripe_events',
        );
        expect(added.rows).toEqual([{ payload: null, attempts: 0 }]);
        const offers = () => ({}) as OfferContext;
        expect(await recordStripeEvents(db, offers)).toEqual([]);
        const replay = {
          id: 'evt_old_paid',
          type: 'checkout.session.completed',
          data: { object: {} },
        } as unknown as Stripe.Event;
        expect(await storeStripeEvent(db, replay, '{}')).toBe('replay');
        expect(await recordStripeEvents(db, offers)).toEqual([]);
      } finally {
        await db.close();
      }
    });
  },
);
