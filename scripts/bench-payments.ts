// `npm run bench:api`'s payments run (DESIGN.md, Money v5), on PostgreSQL with three server
// processes (PAYMENT_PROVIDER=stripe, the SDK pointed at the fake Stripe of
// server/src/test/fake-stripe.ts): a deposit's checkout.session.completed for every booking,
// signed as Stripe signs it, each event sent twice to each of two processes at once. The webhook
// answers once an event is stored, and the processes' recorders record its money after: the run
// prints how long after. Then: every payment recorded exactly once, paid_cents equal to the ledger's sum for every booking, every
// answer 200, and the webhook's p99 < 100 ms, each printed met or MISSED with the load average.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import { benchNodeArgs, makeClientDir, spawnApiServer, type ApiServer } from './api-server';
import { openDatabase } from '../server/src/db/database';
import { migrate } from '../server/src/db/migrations';
import { startFakeStripe, stripeEventsRecorded } from '../server/src/test/fake-stripe';
import { dropPostgresSchema, postgresSchemaUrl } from '../server/src/test/postgres-schema';
import { addDays, todayIso } from '#contracts/iso-dates';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchPayments(options: {
  databaseUrl: string;
  basePort: number;
  emulatorHost: string;
  bookings?: number;
  connections?: number;
}): Promise<{ failed: boolean }> {
  const measured = options.bookings ?? 2000;
  // A server in service is warm: its code compiled, its pooled connections open and their
  // statements prepared. The first events warm the three processes and are not timed (as the
  // bookings runs warm up); every check below counts them too.
  const warmup = 100;
  const count = measured + warmup;
  const connections = options.connections ?? 50;
  const deposit = 20_000;
  const url = await postgresSchemaUrl(options.databaseUrl);
  const clientDir = makeClientDir();
  const db = await openDatabase({ url });
  const fake = await startFakeStripe();
  const servers: ApiServer[] = [];
  let failed = false;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  try {
    await migrate(db);
    // The bookings as travellers make them: each its own traveller, 20 to a departure (a
    // departure holds at most a few dozen). A deposit confirms its booking, which moves the
    // counters its departure and its traveller keep (migrations 7, 26 and 46): on one departure and
    // one account for all of them, every event's transaction queued on those two rows, which no
    // brand's bookings do.
    const perDeparture = 20;
    const departures = Array.from({ length: Math.ceil(count / perDeparture) }, () => randomUUID());
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken)
       SELECT id, 'swiss-alpine-lakes', $2::date + n::int, $3, $3 FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [departures, addDays(todayIso('UTC'), 200), perDeparture],
    );
    const ids = Array.from({ length: count }, () => randomUUID());
    // One statement: the bookings the deposits are for (requested, deposit due in a week).
    await db.query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
         account_email, address, phone, departure_id, travellers, total_cents, status, deposit_due_at)
       SELECT id, 'WT-' || upper(substr(md5(id::text), 1, 8)), 'bench-payer-' || n, 'swiss-alpine-lakes', 'Swiss Alpine Lakes',
              100000, 'Payer', 'payer@example.com', 'payer@example.com', 'Somewhere 1', '442079460000',
              ($2::uuid[])[(n - 1) / $3 + 1], 1, 100000, 'requested', now() + interval '7 days'
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
      [ids, departures, perDeparture],
    );
    for (let p = 0; p < 3; p++) {
      servers.push(
        await spawnApiServer({
          port: options.basePort + p,
          emulatorHost: options.emulatorHost,
          nodeArgs: benchNodeArgs(),
          env: {
            CLIENT_DIR: clientDir,
            DATABASE_URL: url,
            DATABASE_POOL_SIZE: '6',
            PAYMENT_PROVIDER: 'stripe',
            STRIPE_SECRET_KEY: fake.secretKey,
            STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
            STRIPE_API_URL: fake.url,
          },
        }),
      );
    }
    const events = ids.map((id, i) => fake.paidSessionEvent(id, deposit, i));
    // Each event twice to each of two processes, the four at once; `connections` events' worth in flight.
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    // node:http with kept-alive sockets, not fetch: the load generator shares the two cores with
    // the servers and PostgreSQL, and fetch's streams cost it about half a core at this rate
    // (measured 2026-12-05; docs/decisions/070-stripe-checkout.md), time the servers then wait for.
    const send = (server: ApiServer, e: { payload: string; header: string }) =>
      new Promise<number>((resolve) => {
        const req = request(
          `${server.url}/api/payments/stripe/webhook`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'content-length': Buffer.byteLength(e.payload),
              'stripe-signature': e.header,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', () => resolve(-1));
          },
        );
        req.on('error', () => resolve(-1));
        req.end(e.payload);
      });
    const post = async (server: ApiServer, e: { payload: string; header: string }) => {
      const started = performance.now();
      const status = await send(server, e);
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    const deliver = async (list: typeof events) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.max(1, Math.floor(connections / 4)) }, async () => {
          while (next < list.length) {
            const i = next++;
            const a = servers[i % 3]!;
            const b = servers[(i + 1) % 3]!;
            await Promise.all([post(a, list[i]!), post(b, list[i]!), post(a, list[i]!), post(b, list[i]!)]);
          }
        }),
      );
    };
    await deliver(events.slice(0, warmup));
    await stripeEventsRecorded(db, 60_000);
    latencies.length = 0;
    const started = performance.now();
    await deliver(events.slice(warmup));
    const seconds = (performance.now() - started) / 1000;
    // Every answer came once its event was stored; the processes' recorders record the money
    // after (server/src/payments/stripe-webhook.ts). The checks below read the ledger once
    // nothing waits.
    let recordedAfter = 0;
    try {
      await stripeEventsRecorded(db, 120_000);
      recordedAfter = (performance.now() - started) / 1000;
    } catch (error) {
      console.log(`  ${(error as Error).message} within 120 s of the last answer`);
    }
    const lag = await db.query<{ p50: number; p99: number; max: number }>(
      `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
              percentile_disc(0.99) WITHIN GROUP (ORDER BY ms) AS p99, max(ms) AS max
         FROM (SELECT extract(epoch FROM recorded_at - received_at) * 1000 AS ms
                 FROM stripe_events WHERE recorded_at IS NOT NULL) t`,
    );
    latencies.sort((x, y) => x - y);
    const recorded = await db.query<{ entries: string; bookings: string; wrong: string }>(
      `SELECT count(*) AS entries, count(DISTINCT booking_id) AS bookings,
              count(*) FILTER (WHERE amount_cents <> $1) AS wrong FROM payment_entries`,
      [deposit],
    );
    const drift = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM bookings b WHERE b.paid_cents <> coalesce((SELECT sum(CASE WHEN e.kind = 'payment'
         THEN e.amount_cents ELSE -e.amount_cents END) FROM payment_entries e WHERE e.booking_id = b.id), 0)`,
    );
    const unpaid = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM bookings WHERE paid_cents <> $1 OR status <> 'confirmed'`,
      [deposit],
    );
    const r = recorded.rows[0]!;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const ok = statuses.get(200) ?? 0;
    console.log(
      `PostgreSQL, 3 processes, payments (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(
      `  ${measured} deposit events x 4 deliveries = ${latencies.length} webhook requests in ${seconds.toFixed(1)} s ` +
        `(${Math.round(latencies.length / seconds)}/s), p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `answers (warm-up included) ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
    );
    const l = lag.rows[0]!;
    console.log(
      `  recorded: the last payment ${recordedAfter.toFixed(1)} s after the first delivery; from an event's ` +
        `storing to its payment recorded p50 ${Number(l.p50).toFixed(0)} ms, p99 ${Number(l.p99).toFixed(0)} ms, ` +
        `max ${Number(l.max).toFixed(0)} ms`,
    );
    const line = (met: boolean, name: string, figure: string) => {
      if (!met) failed = true;
      console.log(`  ${met ? 'met   ' : 'MISSED'}  ${name}: ${figure}`);
    };
    line(
      Number(r.entries) === count && Number(r.bookings) === count && Number(r.wrong) === 0,
      'every payment recorded exactly once',
      `${r.entries} entries for ${r.bookings} of ${count} bookings, ${r.wrong} of another amount`,
    );
    line(
      Number(drift.rows[0]!.n) === 0,
      'paidCents equal to the ledger’s sum everywhere',
      `${drift.rows[0]!.n} bookings differ`,
    );
    line(
      Number(unpaid.rows[0]!.n) === 0,
      'every booking confirmed by its deposit',
      `${unpaid.rows[0]!.n} not`,
    );
    line(
      ok === 4 * count,
      'every delivery answered 200',
      `${ok} of ${4 * count} (${warmup} events' warm-up included)`,
    );
    line(p99 < 100, 'webhook p99 < 100 ms', `${p99.toFixed(1)} ms`);
  } finally {
    agent.destroy();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await fake.close();
    await db.close();
    await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  }
  return { failed };
}
