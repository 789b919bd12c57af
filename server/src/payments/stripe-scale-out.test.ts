// @vitest-environment node
// Stripe's events are recorded once across processes: three real server processes on one
// PostgreSQL (PAYMENT_PROVIDER=stripe, the SDK pointed at a fake Stripe on loopback), each
// booking's checkout.session.completed sent twice to each of two processes at once, plus a few
// refund events the same way. Each event is stored once and recorded by one process's recorder:
// every payment is recorded exactly once (one entry, one audit row,
// one receipt, one confirmation), every answer is 200, and paid_cents equals the ledger's sum.
// Only PostgreSQL runs transactions of several processes at once: without TEST_DATABASE_URL this skips.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { newReference } from '../bookings/repository.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { spawnApiServer } from '../../../scripts/api-server.js';
import { emulatorHost, makeClientDir, validBooking, type ServerProcess } from '../test/fixtures.js';
import { startFakeStripe, stripeEventsRecorded, type FakeStripe } from '../test/fake-stripe.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { describeNeeding, skipReason, testDatabaseUrl } from '../test/services.js';

const ports = [4481, 4482, 4483];
const bookingsCount = 40;
const total = 100_000;
const deposit = 20_000;

describeNeeding(skipReason('postgres'))(
  'Stripe events from three server processes on one PostgreSQL',
  { timeout: 60_000 },
  () => {
    let url: string;
    let clientDir: string;
    let db: Database;
    let fake: FakeStripe;
    let servers: ServerProcess[] = [];
    const bookings: string[] = [];

    beforeAll(async () => {
      url = await postgresSchemaUrl(testDatabaseUrl!);
      clientDir = makeClientDir();
      db = await openDatabase({ url });
      await migrate(db);
      fake = await startFakeStripe();
      const departure = randomUUID();
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, $2, $3, 100, $4)`,
        [departure, validBooking.packageId, addDays(todayIso('UTC'), 200), bookingsCount],
      );
      for (let i = 0; i < bookingsCount; i++) {
        const id = randomUUID();
        await db.query(
          `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           account_email, address, phone, departure_id, travellers, total_cents, status, deposit_due_at)
         VALUES ($1, $2, 'payer', $3, 'Swiss Alpine Lakes', $5, 'Payer', $4, $4, 'Somewhere 1',
           '442079460000', $6, 1, $5, 'requested', now() + interval '7 days')`,
          [
            id,
            newReference(),
            validBooking.packageId,
            `payer-${id.slice(0, 8)}@example.com`,
            total,
            departure,
          ],
        );
        bookings.push(id);
      }
      const env = {
        DATABASE_URL: url,
        CLIENT_DIR: clientDir,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      };
      // Three servers starting at once on a busy machine may take longer than spawnServer's 60 s.
      servers = await Promise.all(
        ports.map((port) =>
          spawnApiServer({ port, emulatorHost, env, logLevel: 'info', timeoutMs: 180_000 }),
        ),
      );
    }, 120_000);

    afterAll(async () => {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await fake?.close();
      await db?.close();
      if (url) await dropPostgresSchema(url);
      rmSync(clientDir, { recursive: true, force: true });
    });

    const send = async (port: number, e: { payload: string; header: string }) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
        body: e.payload,
      });
      await res.arrayBuffer();
      return res.status;
    };

    it('each deposit event, sent twice to two processes at once, is recorded exactly once', async () => {
      const events = bookings.map((id, i) => fake.paidSessionEvent(id, deposit, i));
      const statuses = await Promise.all(
        events.flatMap((e, i) => {
          const a = ports[i % 3]!;
          const b = ports[(i + 1) % 3]!;
          return [send(a, e), send(b, e), send(a, e), send(b, e)];
        }),
      );
      // Never a 4xx. A 503 ("nothing was lost": a process waited too long for a pooled connection
      // on a loaded machine) stored nothing, and Stripe sends that event again: so does this test,
      // until each event has had a 200.
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      let pending = events.filter((_, i) => statuses.slice(i * 4, i * 4 + 4).every((s) => s !== 200));
      for (let round = 0; pending.length > 0 && round < 10; round++) {
        const again = await Promise.all(pending.map((e, i) => send(ports[i % 3]!, e)));
        pending = pending.filter((_, i) => again[i] !== 200);
      }
      expect(pending).toEqual([]);
      // Each answer came once the event was stored; the processes' recorders record them.
      await stripeEventsRecorded(db, 30_000);

      const entries = await db.query<{ booking_id: string; n: string; sum: string }>(
        `SELECT booking_id, count(*) AS n, sum(amount_cents) AS sum FROM payment_entries GROUP BY booking_id`,
      );
      expect(entries.rows).toHaveLength(bookingsCount);
      for (const r of entries.rows) expect([Number(r.n), Number(r.sum)]).toEqual([1, deposit]);
      const events_ = await db.query<{ outcome: string; n: string }>(
        'SELECT outcome, count(*) AS n FROM stripe_events GROUP BY outcome',
      );
      expect(events_.rows.map((r) => [r.outcome, Number(r.n)])).toEqual([['recorded', bookingsCount]]);
      const counts = await db.query<{ action: string; n: string }>(
        `SELECT action, count(*) AS n FROM audit_events WHERE action IN ('payment.recorded', 'booking.confirmed') GROUP BY action ORDER BY action`,
      );
      expect(counts.rows.map((r) => [r.action, Number(r.n)])).toEqual([
        ['booking.confirmed', bookingsCount],
        ['payment.recorded', bookingsCount],
      ]);
      const receipts = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM outbox WHERE kind = 'payment-receipt'`,
      );
      expect(Number(receipts.rows[0]!.n)).toBe(bookingsCount);
      const drift = await db.query(
        `SELECT b.id FROM bookings b WHERE b.paid_cents <> coalesce((SELECT sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END)
         FROM payment_entries e WHERE e.booking_id = b.id), 0) OR b.status <> 'confirmed'`,
      );
      expect(drift.rows).toEqual([]);
    });

    it('refund events for the same refund, at three processes at once: one refund entry each', async () => {
      const refunds = bookings.slice(0, 10).map((id, i) =>
        fake.event('refund.created', {
          id: `re_test_race${i}`,
          object: 'refund',
          amount: 5_000,
          currency: 'usd',
          metadata: { booking_id: id },
          payment_intent: `pi_test_paid${i}_${id.slice(0, 8)}`,
          status: 'succeeded',
        }),
      );
      const statuses = await Promise.all(refunds.flatMap((e) => ports.map((port) => send(port, e))));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      await stripeEventsRecorded(db, 30_000);
      const rows = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM payment_entries WHERE kind = 'refund' AND provider_reference LIKE 're_test_race%'`,
      );
      expect(Number(rows.rows[0]!.n)).toBe(10);
      const paid = await db.query<{ paid_cents: number }>(
        'SELECT paid_cents FROM bookings WHERE id = ANY($1)',
        [bookings.slice(0, 10)],
      );
      expect(paid.rows.every((r) => r.paid_cents === deposit - 5_000)).toBe(true);
    });

    it('a process stopped while it records finishes its batch first; what it stored and left, the others record', async () => {
      const events = Array.from({ length: 40 }, (_, i) =>
        fake.paidSessionEvent(randomUUID(), deposit, 1000 + i),
      );
      const statuses = await Promise.all(events.map((e) => send(ports[0]!, e)));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const stopping = servers[0]!;
      stopping.child.kill('SIGTERM');
      expect(await stopping.exited).toEqual({ code: 0, signal: null });
      // It stopped its recorder before closing the database: no run failed on a closed pool.
      expect(stopping.output()).not.toContain('could not be recorded');
      // The other two look every few seconds for what waits.
      await stripeEventsRecorded(db, 30_000);
      const outcomes = await db.query<{ outcome: string; n: number }>(
        `SELECT outcome, count(*)::int AS n FROM stripe_events WHERE id = ANY($1) GROUP BY outcome`,
        [events.map((e) => e.id)],
      );
      expect(outcomes.rows).toEqual([{ outcome: 'unknown-booking', n: 40 }]);
    });
  },
);
