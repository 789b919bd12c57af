// @vitest-environment node
// Money is proven like seats: three real server processes on one PostgreSQL.
// 1. Staff record payments and refunds for the same booking through all three at once: every
//    answer is a 201 or a 409 with the amount allowed, and bookings.paid_cents ends equal to the
//    ledger's sum and to the sum of what was answered 201, never negative, never above the total.
// 2. Every process runs the money jobs each second: each lapsed deposit is cancelled once (one
//    audit row, one email, its seats given back once), each balance reminder is queued once.
// Only PostgreSQL runs transactions of several processes at once: without TEST_DATABASE_URL this skips.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { newReference } from '../bookings/repository.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import {
  createOperator,
  makeClientDir,
  spawnServer,
  validBooking,
  type ServerProcess,
  type TestUser,
} from '../test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { describeNeeding, skipReason, testDatabaseUrl } from '../test/services.js';
import { waitFor } from '../test/wait-for.js';
import { ledgerPaidCentsSql } from '../money/sql.js';

const ports = [4472, 4473, 4474];

describeNeeding(skipReason('postgres'))('money from three server processes on one PostgreSQL', () => {
  let url: string;
  let clientDir: string;
  let db: Database;
  let servers: ServerProcess[] = [];
  let operator: TestUser;
  const near = randomUUID();
  const lapsing: string[] = [];
  const waived: string[] = [];
  const balanceDue: string[] = [];
  const paidUp: string[] = [];
  let raced: string;

  const insertBooking = async (
    departureId: string,
    over: { status?: string; depositDueAt?: string | null; waived?: boolean; total?: number } = {},
  ) => {
    const id = randomUUID();
    const total = over.total ?? 100_000;
    await db.query(
      `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
         account_email, address, phone, departure_id, travellers, total_cents, status, deposit_due_at,
         deposit_waived, created_at)
       VALUES ($1, $2, 'payer', $3, 'Swiss Alpine Lakes', $7, 'Payer', $4, $4, 'Somewhere 1',
         '442079460000', $5, 1, $7, $6, $8, $9, now() - interval '10 days')`,
      [
        id,
        newReference(),
        validBooking.packageId,
        `payer-${id.slice(0, 8)}@example.com`,
        departureId,
        over.status ?? 'requested',
        total,
        over.depositDueAt === undefined ? new Date(Date.now() - 3_600_000).toISOString() : over.depositDueAt,
        over.waived ?? false,
      ],
    );
    return id;
  };
  const pay = (id: string, cents: number) =>
    db.query(
      `INSERT INTO payment_entries (id, booking_id, kind, method, amount_cents, currency) VALUES ($1, $2, 'payment', 'cash', $3, 'USD')`,
      [randomUUID(), id, cents],
    );

  beforeAll(async () => {
    url = await postgresSchemaUrl(testDatabaseUrl!);
    clientDir = makeClientDir();
    db = await openDatabase({ url });
    await migrate(db);
    // A departure 70 days ahead: its balance date (60 days before) is 10 days away, inside the
    // 14-day reminder. 20 requested bookings past their deposit deadline, unpaid (they lapse);
    // 5 with the deposit waived and 5 whose deposit is paid (they do not); 5 fully paid.
    const today = todayIso('UTC');
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, $2, $3, 100, 36)`,
      [near, validBooking.packageId, addDays(today, 70)],
    );
    for (let i = 0; i < 20; i++) lapsing.push(await insertBooking(near));
    for (let i = 0; i < 5; i++) waived.push(await insertBooking(near, { waived: true, depositDueAt: null }));
    for (let i = 0; i < 5; i++) {
      const id = await insertBooking(near);
      await pay(id, 20_000);
      balanceDue.push(id);
    }
    for (let i = 0; i < 5; i++) {
      const id = await insertBooking(near, { status: 'confirmed' });
      await pay(id, 100_000);
      paidUp.push(id);
    }
    // The booking the staff race on: confirmed, waived (the jobs leave it alone), $10,000.
    raced = await insertBooking(near, {
      status: 'confirmed',
      waived: true,
      depositDueAt: null,
      total: 1_000_000,
    });
    operator = await createOperator('money-racer');
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir, REMINDER_INTERVAL_SECONDS: '1' };
    servers = await Promise.all(ports.map((port) => spawnServer(env, port)));
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await db?.close();
    if (url) await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('payments and refunds for one booking from three processes at once: the sum is exact', async () => {
    // 60 payments of $100.00 and 40 refunds of $150.00, spread over the three processes, all at once.
    const requests = [
      ...Array.from({ length: 60 }, () => ({ kind: 'payment', method: 'cash', amountCents: 10_000 })),
      ...Array.from({ length: 40 }, () => ({ kind: 'refund', method: 'cash', amountCents: 15_000 })),
    ].sort(() => Math.random() - 0.5);
    // 30 in flight at a time, each next one sent as one is answered: every moment 30 staff racing
    // on the row, without a hundred queued behind its lock for longer than a pooled connection
    // waits on a loaded machine (all 100 at once answered half of them 503 at a load of 10).
    type Answer = { body: (typeof requests)[number]; status: number; json: { allowedCents?: number } };
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        while (next < requests.length) {
          const i = next++;
          const body = requests[i]!;
          const res = await fetch(`http://127.0.0.1:${ports[i % 3]}/api/admin/bookings/${raced}/payments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${operator.idToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          answers.push({ body, status: res.status, json: (await res.json()) as { allowedCents?: number } });
        }
      }),
    );
    // 201 (recorded) or 409 (more than owed or paid). All of them queue on one booking's row lock,
    // so on a loaded machine a request may wait past its process's 3 s for a pooled connection:
    // 503 "Nothing was lost", before its transaction began. The entries' count below proves that no
    // 503 stored anything.
    for (const a of answers) expect([201, 409, 503], JSON.stringify(a)).toContain(a.status);
    expect(answers.filter((a) => a.status !== 503).length).toBeGreaterThanOrEqual(50);
    const answered = answers
      .filter((a) => a.status === 201)
      .reduce((sum, a) => sum + (a.body.kind === 'payment' ? a.body.amountCents : -a.body.amountCents), 0);
    const { rows } = await db.query<{ paid: number; ledger: number; entries: number }>(
      `SELECT b.paid_cents AS paid,
         ${ledgerPaidCentsSql}::int AS ledger,
         (SELECT count(*)::int FROM payment_entries e WHERE e.booking_id = b.id) AS entries
       FROM bookings b WHERE b.id = $1`,
      [raced],
    );
    expect(rows[0]!.paid).toBe(rows[0]!.ledger);
    expect(rows[0]!.paid).toBe(answered);
    expect(rows[0]!.entries).toBe(answers.filter((a) => a.status === 201).length);
    expect(rows[0]!.paid).toBeGreaterThanOrEqual(0);
    expect(rows[0]!.paid).toBeLessThanOrEqual(1_000_000);
    // Both kinds were refused somewhere and accepted somewhere: the race was real.
    expect(answers.some((a) => a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.body.kind === 'refund').length).toBeGreaterThan(0);
  }, 60_000);

  it('each unpaid deposit lapses once, seats back once; each balance reminder goes out once; none once paid', async () => {
    const count = async (sql: string, params: unknown[]) =>
      (await db.query<{ n: number }>(sql, params)).rows[0]!.n;
    await waitFor(
      async () =>
        (await count(
          `SELECT count(*)::int AS n FROM bookings WHERE id = ANY($1::uuid[]) AND status = 'cancelled'`,
          [lapsing],
        )) === 20,
      30_000,
      '20 lapsed deposits',
    );
    await waitFor(
      async () =>
        (await count(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'balance-reminder'`, [])) >= 10,
      30_000,
      '10 balance reminders',
    );
    // A few more runs of every process.
    await new Promise((r) => setTimeout(r, 3000));
    const { rows: cancelled } = await db.query<{ n: number; emails: number; reasons: string[] }>(
      `SELECT count(*)::int AS n,
         (SELECT count(*)::int FROM outbox WHERE kind = 'booking-cancelled' AND booking_id = ANY($1::uuid[])) AS emails,
         array_agg(DISTINCT reason) AS reasons
       FROM audit_events WHERE action = 'booking.cancelled' AND booking_id = ANY($1::uuid[])`,
      [lapsing],
    );
    expect(cancelled[0]).toEqual({ n: 20, emails: 20, reasons: ['The deposit was not paid'] });
    // 36 seats taken: the 20 lapsed gave theirs back, once each.
    expect(await count('SELECT seats_taken AS n FROM departures WHERE id = $1', [near])).toBe(16);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM bookings WHERE id = ANY($1::uuid[]) AND status <> 'cancelled'`,
        [[...waived, ...balanceDue, ...paidUp]],
      ),
    ).toBe(15);
    const { rows: reminders } = await db.query<{ booking_id: string; n: number }>(
      `SELECT booking_id, count(*)::int AS n FROM outbox WHERE kind = 'balance-reminder' GROUP BY booking_id`,
    );
    // The waived ones and the ones with the deposit paid, once each; not the paid-up, not the lapsed.
    expect(reminders.map((r) => r.booking_id).sort()).toEqual([...waived, ...balanceDue, raced].sort());
    expect(reminders.every((r) => r.n === 1)).toBe(true);
  }, 90_000);
});
