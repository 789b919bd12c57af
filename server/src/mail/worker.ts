// Delivers the outbox inside the server process (docs/decisions/005-email-outbox.md). Any number
// of processes on one database may run it: claims skip what another worker holds, and a worker
// settles only what it still holds.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '../db/database.js';
import {
  claimDueEmails,
  markEmailFailed,
  markEmailSent,
  releaseHeldEmails,
  type ClaimedEmail,
  type EmailKind,
} from './outbox.js';
import { renderEmail } from './templates.js';
import { errorText } from '../error-text.js';
import { outageLog } from '../outage-log.js';
import type { SendEmail } from './transport.js';

// The subset of pino (Fastify's app.log) the worker writes to.
export type WorkerLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type BackoffOptions = {
  // The first retry's delay; each further one doubles, up to maxMs.
  baseMs?: number;
  maxMs?: number;
};

export type OutboxWorkerOptions = {
  db: Queryable;
  send: SendEmail;
  log: WorkerLog;
  // Unique per process; it is what the leases name.
  workerId?: string;
  // How often to look for due messages when not kicked.
  pollMs?: number;
  // Messages claimed per statement.
  batchSize?: number;
  // Sends in flight at once (one SMTP connection each).
  concurrency?: number;
  // How long a claim holds a message. Longer than any send can take (the transport's timeouts),
  // short enough that a crashed worker's messages go out again within minutes.
  leaseMs?: number;
  // Tries before a message is marked 'failed' for good.
  maxAttempts?: number;
  backoff?: BackoffOptions;
  // How long stop() waits for sends in flight before it releases them.
  stopTimeoutMs?: number;
  // The site's public origin, for the link in the emails (PUBLIC_ORIGIN).
  siteUrl?: string;
  // CANCELLATION_CUTOFF_DAYS, named by the terms in the "received" email.
  cancellationCutoffDays?: number;
  // BRAND_TIME_ZONE: the zone the emails' deadlines are written in.
  timeZone?: string;
  // Jitter source; tests pin it.
  random?: () => number;
};

export type OutboxWorker = {
  id: string;
  // Look for due messages now (after a commit that queued some) instead of at the next poll.
  kick(): void;
  // Stops claiming, lets sends in flight finish within stopTimeoutMs, then hands back to the queue
  // whatever this worker still holds. Call before the database closes.
  stop(): Promise<void>;
};

export const outboxDefaults = {
  pollMs: 1000,
  batchSize: 10,
  concurrency: 4,
  leaseMs: 5 * 60_000,
  maxAttempts: 20,
  backoff: { baseMs: 5000, maxMs: 10 * 60_000 },
  stopTimeoutMs: 5000,
} as const;

// The delay before retry number `attempt` (1 = after the first failure): doubling from baseMs up
// to maxMs, then between half and all of that at random, so messages that failed together (a mail
// server outage) do not all come back in the same second.
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = {},
  random: () => number = Math.random,
) {
  const baseMs = options.baseMs ?? outboxDefaults.backoff.baseMs;
  const maxMs = options.maxMs ?? outboxDefaults.backoff.maxMs;
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, send, log } = options;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? outboxDefaults.pollMs;
  const batchSize = options.batchSize ?? outboxDefaults.batchSize;
  const concurrency = Math.max(1, options.concurrency ?? outboxDefaults.concurrency);
  const leaseMs = options.leaseMs ?? outboxDefaults.leaseMs;
  const maxAttempts = options.maxAttempts ?? outboxDefaults.maxAttempts;
  const stopTimeoutMs = options.stopTimeoutMs ?? outboxDefaults.stopTimeoutMs;
  const random = options.random ?? Math.random;

  let stopping = false;
  // Set once stop() has released what was held: a send that ends later must not touch the
  // database, which the caller is about to close.
  let detached = false;
  let kicked = false;
  let wake: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (kicked || stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const kick = () => {
    kicked = true;
    wake?.();
  };

  // Settling statements are retried while the lease lasts: if the database blinks right after a
  // send, giving up would let the lease expire and the message go out a second time.
  async function settle<T>(what: string, message: ClaimedEmail, claimedAt: number, fn: () => Promise<T>) {
    let delay = 200;
    for (;;) {
      if (detached) {
        log.warn(
          { outboxId: message.id },
          `outbox: ${what} came after stop() released the email; it may be sent again`,
        );
        return null;
      }
      try {
        return await fn();
      } catch (error) {
        const leaseLeft = claimedAt + leaseMs - Date.now();
        if (stopping || leaseLeft < delay * 2) {
          log.error({ outboxId: message.id, err: errorText(error) }, `outbox: could not record ${what}`);
          return null;
        }
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5000);
      }
    }
  }

  async function deliver(message: ClaimedEmail, claimedAt: number) {
    const context = {
      outboxId: message.id,
      kind: message.kind,
      reference: message.payload && 'reference' in message.payload ? message.payload.reference : undefined,
      attempt: message.attempts,
    };
    // A lease that ran out more often than a message may be tried (a worker that keeps dying on
    // it): no more tries.
    if (message.attempts > maxAttempts) {
      const status = await settle('a failure', message, claimedAt, () =>
        markEmailFailed(db, message.id, id, {
          error: `Gave up after ${maxAttempts} attempts`,
          retryInMs: null,
        }),
      );
      if (status) log.error(context, 'outbox: email failed for good (attempts used up)');
      return;
    }
    let rendered;
    try {
      rendered = renderEmail(message.kind as EmailKind, message.payload, {
        siteUrl: options.siteUrl,
        queuedAt: message.createdAt,
        cancellationCutoffDays: options.cancellationCutoffDays,
        timeZone: options.timeZone,
      });
    } catch (error) {
      // A message that cannot be rendered never will be: no retries.
      const status = await settle('a failure', message, claimedAt, () =>
        markEmailFailed(db, message.id, id, { error: `Cannot render: ${errorText(error)}`, retryInMs: null }),
      );
      if (status)
        log.error({ ...context, err: errorText(error) }, 'outbox: email failed for good (cannot render)');
      return;
    }
    try {
      await send({ id: message.id, to: message.recipient, ...rendered });
    } catch (error) {
      const lastTry = message.attempts >= maxAttempts;
      const retryInMs = lastTry ? null : backoffDelay(message.attempts, options.backoff, random);
      const status = await settle('a failure', message, claimedAt, () =>
        markEmailFailed(db, message.id, id, { error: errorText(error), retryInMs }),
      );
      if (status === 'failed') {
        log.error({ ...context, err: errorText(error) }, 'outbox: email failed for good');
      } else if (status === 'queued') {
        log.warn({ ...context, err: errorText(error), retryInMs }, 'outbox: send failed, will retry');
      }
      return;
    }
    const settled = await settle('a sent email', message, claimedAt, () => markEmailSent(db, message.id, id));
    if (settled === false) log.warn(context, 'outbox: sent after the lease passed to another worker');
  }

  // Sends a claimed batch, `concurrency` at a time. Once stopping, nothing new starts: what is left
  // is released by stop(). A message whose turn comes after half its lease has gone (slow sends
  // ahead of it) is handed back unsent: started that late, its lease could run out mid-send and
  // another worker would send it too.
  async function deliverBatch(batch: ClaimedEmail[], claimedAt: number) {
    let next = 0;
    const late: string[] = [];
    const lane = async () => {
      while (!stopping && next < batch.length) {
        const message = batch[next++]!;
        if (Date.now() - claimedAt > leaseMs / 2) late.push(message.id);
        else await deliver(message, claimedAt);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    if (late.length > 0 && !stopping) {
      try {
        await releaseHeldEmails(db, id, late);
      } catch (error) {
        // Their leases run out and they are claimed again: late, not lost.
        log.warn({ workerId: id, err: errorText(error) }, 'outbox: could not hand back late emails');
      }
    }
  }

  async function run() {
    const claims = outageLog(
      log,
      { failed: 'outbox: cannot claim emails', recovered: 'outbox: database answers again' },
      { workerId: id },
    );
    let dbFailures = 0;
    while (!stopping) {
      kicked = false;
      let batch: ClaimedEmail[] = [];
      const claimedAt = Date.now();
      try {
        batch = await claimDueEmails(db, { workerId: id, limit: batchSize, leaseMs });
        claims.succeeded();
        dbFailures = 0;
      } catch (error) {
        dbFailures = claims.failed(error);
      }
      if (batch.length > 0) await deliverBatch(batch, claimedAt);
      // A full batch: more may be due right now.
      if (batch.length === batchSize) continue;
      await sleep(dbFailures > 0 ? Math.min(pollMs * 2 ** Math.min(dbFailures, 10), 30_000) : pollMs);
    }
  }

  const running = run().catch((error: unknown) => {
    log.error({ workerId: id, err: errorText(error) }, 'outbox: worker stopped on an error');
  });

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), stopTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!finished) log.warn({ workerId: id }, `outbox: sends still running after ${stopTimeoutMs} ms`);
      try {
        const released = await releaseHeldEmails(db, id);
        if (released > 0)
          log.info({ workerId: id, released }, 'outbox: handed unsent emails back to the queue');
      } catch (error) {
        // Their leases expire and another worker (or the next start) takes them.
        log.error({ workerId: id, err: errorText(error) }, 'outbox: could not release held emails');
      } finally {
        detached = true;
      }
    })());

  return { id, kick, stop };
}
