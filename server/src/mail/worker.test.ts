// @vitest-environment node
// The outbox worker against real databases (PGlite always; PostgreSQL when TEST_DATABASE_URL is
// set) and a real SMTP server (MailDev, stopped and started again for the outage).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { claimDueEmails, markEmailFailed, markEmailSent } from './outbox.js';
import {
  insertTestBooking,
  queueTestEmails,
  recordingLog,
  startTestInbox,
  testStores,
  type ReceivedEmail,
} from '../test/mail-kit.js';
import { describeEach } from '../test/services.js';
import { waitFor } from '../test/wait-for.js';
import { createMailTransport, type OutgoingEmail, type SendEmail } from './transport.js';
import { backoffDelay, startOutboxWorker, type OutboxWorker } from './worker.js';
import { errorText } from '../error-text.js';

const mailFrom = 'Wayfarer Tours <bookings@wayfarer-tours.example>';

type Row = {
  id: string;
  status: string;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
};
const rowsOf = async (db: Database, ids: string[]) => {
  const { rows } = await db.query<Row>(
    'SELECT id, status, attempts, locked_by, locked_until, last_error, sent_at FROM outbox WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
};
const statusCounts = async (db: Database, ids: string[]) => {
  const counts: Record<string, number> = {};
  for (const row of (await rowsOf(db, ids)).values()) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
};

// The outbox id behind a received email: it is the Message-ID's local part.
const outboxIdOf = (email: ReceivedEmail) => /^<([^@]+)@/.exec(email.headers['message-id'] ?? '')?.[1];

const fastRetries = { pollMs: 25, backoff: { baseMs: 50, maxMs: 200 } };

describe('errorText', () => {
  it("keeps recipients' addresses out of the error text it logs and stores", () => {
    const refusal = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <ana+trip@mail.example.co.uk>: unknown user",
      ),
      { code: 'EENVELOPE' },
    );
    expect(errorText(refusal)).toBe(
      "EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: unknown user",
    );
    expect(errorText('to bo@x.example failed')).toBe('to [address] failed');
  });
});

describe('backoffDelay', () => {
  it('doubles from 5 s up to 10 min, with jitter between half and all of it', () => {
    expect(backoffDelay(1, {}, () => 1)).toBe(5000);
    expect(backoffDelay(1, {}, () => 0)).toBe(2500);
    expect(backoffDelay(2, {}, () => 1)).toBe(10_000);
    expect(backoffDelay(4, {}, () => 1)).toBe(40_000);
    expect(backoffDelay(8, {}, () => 1)).toBe(600_000);
    expect(backoffDelay(19, {}, () => 0)).toBe(300_000);
    expect(backoffDelay(500, {}, () => 1)).toBe(600_000);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(3);
      expect(delay).toBeGreaterThanOrEqual(10_000);
      expect(delay).toBeLessThanOrEqual(20_000);
    }
  });
});

const stores = testStores();

describeEach(stores)('outbox on $name', (store) => {
  let db: Database;
  let bookingId: string;
  const workers: OutboxWorker[] = [];
  const start = (options: Omit<Parameters<typeof startOutboxWorker>[0], 'db'> & { db?: Database }) => {
    const worker = startOutboxWorker({ db, ...options });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    db = await store.open();
    bookingId = await insertTestBooking(db);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await db.query('DELETE FROM outbox');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('SMTP down, then back: every email arrives exactly once', { timeout: 60_000 }, async () => {
    let inbox = await startTestInbox();
    const smtpPort = inbox.smtpPort;
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: mailFrom });
    const { entries, log } = recordingLog();
    const received: ReceivedEmail[] = [];
    try {
      start({ send: transport.send, log, ...fastRetries });

      // The mail server is up: delivered.
      const before = await queueTestEmails(db, bookingId, 5);
      await waitFor(async () => (await statusCounts(db, before)).sent === 5, 15_000, 'the first emails');
      received.push(...(await inbox.emails()));

      // It goes away: nothing is lost, the worker keeps retrying with back-off.
      await inbox.stop();
      const during = await queueTestEmails(db, bookingId, 5);
      await waitFor(
        async () =>
          [...(await rowsOf(db, during)).values()].every((r) => r.attempts >= 3 && r.status !== 'sent'),
        15_000,
        'retries while the mail server is down',
      );
      const waiting = await rowsOf(db, during);
      for (const row of waiting.values()) expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect(entries.some((e) => e.level === 'warn' && e.msg.includes('will retry'))).toBe(true);

      // It comes back on the same address: the waiting emails go out.
      inbox = await startTestInbox(smtpPort);
      await waitFor(
        async () => (await statusCounts(db, during)).sent === 5,
        15_000,
        'the emails queued during the outage',
      );
      received.push(...(await inbox.emails()));

      const ids = [...before, ...during];
      expect(received.map(outboxIdOf).sort()).toEqual([...ids].sort());
      for (const email of received) {
        expect(email.from).toEqual([{ address: 'bookings@wayfarer-tours.example', name: 'Wayfarer Tours' }]);
        expect(email.to).toEqual([{ address: 'ada@example.com', name: '' }]);
        expect(email.subject).toMatch(/^Booking WT-\w+-\d{4} received – Swiss Alpine Lakes$/);
        expect(email.text).toContain('Swiss Alpine Lakes');
        expect(email.html).toContain('max-width:600px');
      }
      for (const row of (await rowsOf(db, ids)).values()) {
        expect(row).toMatchObject({ status: 'sent', locked_by: null, locked_until: null, last_error: null });
        expect(row.sent_at).not.toBeNull();
      }
      expect(entries.filter((e) => e.level === 'error')).toEqual([]);
    } finally {
      transport.close();
      await inbox.stop();
    }
  });

  it('two workers on one database share 200 emails: all sent, none twice', { timeout: 60_000 }, async () => {
    const ids = await queueTestEmails(db, bookingId, 200);
    const sends = new Map<string, string[]>();
    const sender =
      (workerId: string): SendEmail =>
      async (email) => {
        sends.set(email.id, [...(sends.get(email.id) ?? []), workerId]);
        // A send takes a moment, as over SMTP, so the workers' claims overlap.
        await new Promise((r) => setTimeout(r, 1 + Math.random() * 4));
      };
    // On PostgreSQL, each worker has its own pool, like two server processes.
    const second = await store.open();
    try {
      const { log } = recordingLog();
      // Small batches: many claims, so the two workers' claims often run at the same moment.
      const shared = { log, pollMs: 5, batchSize: 3, concurrency: 3 };
      const a = start({ ...shared, send: sender('a'), workerId: 'worker-a' });
      const b = start({ ...shared, db: second, send: sender('b'), workerId: 'worker-b' });
      a.kick();
      b.kick();
      await waitFor(async () => (await statusCounts(db, ids)).sent === 200, 30_000, 'all 200 emails');
      await Promise.all([a.stop(), b.stop()]);

      expect([...sends.keys()].sort()).toEqual([...ids].sort());
      const twice = [...sends].filter(([, by]) => by.length > 1);
      expect(twice).toEqual([]);
      const byWorker = [...sends.values()].flat();
      expect(byWorker.filter((w) => w === 'a').length).toBeGreaterThan(0);
      expect(byWorker.filter((w) => w === 'b').length).toBeGreaterThan(0);
      for (const row of (await rowsOf(db, ids)).values()) expect(row.attempts).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('a slow batch hands back what it cannot start within half its lease: no email goes out twice', async () => {
    const ids = await queueTestEmails(db, bookingId, 8);
    const sends: string[] = [];
    const slowSend: SendEmail = async (email) => {
      sends.push(email.id);
      await new Promise((r) => setTimeout(r, 120));
    };
    const { entries, log } = recordingLog();
    // One worker takes big batches of slow sends; the other claims one at a time, so it would
    // take over any lease of the first that ran out while that message still waited its turn.
    start({
      log,
      send: slowSend,
      workerId: 'big-batches',
      batchSize: 8,
      concurrency: 1,
      leaseMs: 400,
      pollMs: 10,
    });
    start({
      log,
      send: slowSend,
      workerId: 'one-by-one',
      batchSize: 1,
      concurrency: 1,
      leaseMs: 400,
      pollMs: 10,
    });
    await waitFor(async () => (await statusCounts(db, ids)).sent === 8, 15_000, 'all 8 emails');
    expect([...sends].sort()).toEqual([...ids].sort());
    expect(entries.filter((e) => e.msg.includes('lease passed to another worker'))).toEqual([]);
  });

  it('stop() lets the send in flight finish and hands the rest back to the queue', async () => {
    const ids = await queueTestEmails(db, bookingId, 5);
    const started: string[] = [];
    const { log, entries } = recordingLog();
    const worker = start({
      log,
      concurrency: 1,
      batchSize: 5,
      send: async (email) => {
        started.push(email.id);
        await new Promise((r) => setTimeout(r, 150));
      },
    });
    await waitFor(() => started.length === 1, 5000, 'the first send');
    await worker.stop();

    expect(started).toHaveLength(1);
    const rows = await rowsOf(db, ids);
    expect(rows.get(started[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
    const rest = ids.filter((id) => id !== started[0]);
    for (const id of rest) {
      expect(rows.get(id)).toMatchObject({
        status: 'queued',
        attempts: 0,
        locked_by: null,
        locked_until: null,
      });
    }
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'info', obj: expect.objectContaining({ released: 4 }) }),
    );
    // Nothing more goes out from a stopped worker.
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toHaveLength(1);
  });

  it('stop() releases a send that outlives its deadline, and never marks it sent afterwards', async () => {
    const [id] = await queueTestEmails(db, bookingId, 1);
    let finishSend!: () => void;
    const sendStarted = new Promise<void>((started) => {
      start({
        ...recordingLog(),
        stopTimeoutMs: 200,
        send: () => {
          started();
          return new Promise<void>((resolve) => (finishSend = resolve));
        },
      });
    });
    await sendStarted;
    const stopping = Date.now();
    await workers[0]!.stop();
    expect(Date.now() - stopping).toBeLessThan(2000);
    expect((await rowsOf(db, [id!])).get(id!)).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_by: null,
    });

    finishSend();
    await new Promise((r) => setTimeout(r, 100));
    expect((await rowsOf(db, [id!])).get(id!)).toMatchObject({ status: 'queued', locked_by: null });
  });

  it('an expired lease is reclaimed; a live one is left alone', async () => {
    const [expired, live] = await queueTestEmails(db, bookingId, 2);
    await db.query(
      `UPDATE outbox SET status = 'sending', locked_by = 'crashed-worker', locked_until = now() - interval '1 second',
                         attempts = 1 WHERE id = $1`,
      [expired],
    );
    await db.query(
      `UPDATE outbox SET status = 'sending', locked_by = 'busy-worker', locked_until = now() + interval '1 hour',
                         attempts = 1 WHERE id = $1`,
      [live],
    );
    const sent: OutgoingEmail[] = [];
    start({ ...recordingLog(), pollMs: 20, send: async (email) => void sent.push(email) });
    await waitFor(
      async () => (await rowsOf(db, [expired!])).get(expired!)?.status === 'sent',
      5000,
      'the reclaim',
    );
    // A few more polls: the live lease stays with its holder.
    await new Promise((r) => setTimeout(r, 150));
    const rows = await rowsOf(db, [expired!, live!]);
    expect(rows.get(expired!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.get(live!)).toMatchObject({ status: 'sending', locked_by: 'busy-worker', attempts: 1 });
    expect(sent.map((e) => e.id)).toEqual([expired]);
    // The crashed worker, were it to come back, cannot settle what it no longer holds.
    expect(await markEmailSent(db, expired!, 'crashed-worker')).toBe(false);
  });

  it('only the lease holder settles a message', async () => {
    const [id] = await queueTestEmails(db, bookingId, 1);
    const [first] = await claimDueEmails(db, { workerId: 'a', limit: 10, leaseMs: 300 });
    expect(first).toMatchObject({ id, attempts: 1, kind: 'booking-received' });
    expect(first?.payload).toMatchObject({ reference: expect.stringMatching(/^WT-/) });
    // Nothing is due while the lease holds.
    expect(await claimDueEmails(db, { workerId: 'c', limit: 10, leaseMs: 60_000 })).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 350));
    const [second] = await claimDueEmails(db, { workerId: 'b', limit: 10, leaseMs: 60_000 });
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await markEmailSent(db, id!, 'a')).toBe(false);
    expect(await markEmailFailed(db, id!, 'a', { error: 'late', retryInMs: 10 })).toBeNull();
    expect(await markEmailSent(db, id!, 'b')).toBe(true);
    expect((await rowsOf(db, [id!])).get(id!)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
  });

  it('retries with back-off, then marks the email failed and logs an error', async () => {
    const [id] = await queueTestEmails(db, bookingId, 1);
    const tries: number[] = [];
    const { entries, log } = recordingLog();
    start({
      log,
      ...fastRetries,
      maxAttempts: 3,
      random: () => 1,
      send: async () => {
        tries.push(Date.now());
        throw Object.assign(new Error('550 <ana.lopez@example.com>: mailbox unavailable'), {
          code: 'EENVELOPE',
        });
      },
    });
    await waitFor(
      async () => (await rowsOf(db, [id!])).get(id!)?.status === 'failed',
      10_000,
      'the final failure',
    );
    expect((await rowsOf(db, [id!])).get(id!)).toMatchObject({
      status: 'failed',
      attempts: 3,
      locked_by: null,
      last_error: 'EENVELOPE: 550 <[address]>: mailbox unavailable',
    });
    expect(tries).toHaveLength(3);
    // Backed off: 50 ms after the first failure, 100 ms after the second (jitter pinned to the top).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(45);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(95);
    expect(entries.filter((e) => e.level === 'warn' && e.msg.includes('will retry'))).toHaveLength(2);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'outbox: email failed for good',
        obj: expect.objectContaining({ outboxId: id }),
      }),
    );
  });

  it('an email that cannot be rendered fails at once, without a send', async () => {
    const [id] = await queueTestEmails(db, bookingId, 1);
    await db.query(`UPDATE outbox SET kind = 'booking-lost' WHERE id = $1`, [id]);
    const sent: OutgoingEmail[] = [];
    const { entries, log } = recordingLog();
    start({ log, pollMs: 20, send: async (email) => void sent.push(email) });
    await waitFor(async () => (await rowsOf(db, [id!])).get(id!)?.status === 'failed', 5000, 'the failure');
    expect((await rowsOf(db, [id!])).get(id!)).toMatchObject({
      attempts: 1,
      last_error: 'Cannot render: Unknown email kind: booking-lost',
    });
    expect(sent).toEqual([]);
    expect(entries.some((e) => e.level === 'error')).toBe(true);
  });

  it('kick() delivers at once instead of at the next poll', async () => {
    const sent: OutgoingEmail[] = [];
    const worker = start({ ...recordingLog(), pollMs: 60_000, send: async (email) => void sent.push(email) });
    // Let the first (empty) poll pass: the worker now sleeps for a minute.
    await new Promise((r) => setTimeout(r, 100));
    const [id] = await queueTestEmails(db, bookingId, 1);
    const kicked = Date.now();
    worker.kick();
    await waitFor(() => sent.length === 1, 3000, 'the kicked send');
    expect(Date.now() - kicked).toBeLessThan(3000);
    expect(sent[0]?.id).toBe(id);
  });
});
