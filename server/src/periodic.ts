import { outageLog, type OutageLog, type OutageLogger } from './outage-log.js';

// A background job that runs every interval in this process: one run at a time (a run slower than
// the interval is not stacked under the next, runNow() during a run joins it and runAfter() follows
// it with one more), a failure reported and tried again at the next interval, the timer never
// keeping the process alive; stop() waits for a run under way, and no run starts after it. Each run's outcome goes
// to `report`, an outage log (server/src/outage-log.ts): a warning when runs start failing, a
// line when they work again.
export type Periodic<T> = {
  // The run under way, or a new one; undefined when it failed (`report` had it).
  runNow: () => Promise<T | undefined>;
  // A run that starts after this call: now, or once the run under way ends (calls meanwhile share
  // that one). For new work the run under way may already have looked past (the Stripe recorder).
  runAfter: () => Promise<T | undefined>;
  stop: () => Promise<void>;
};

export function startPeriodic<T>(
  run: () => Promise<T>,
  options: {
    intervalMs: number;
    report: OutageLog;
    atStart?: boolean;
  },
): Periodic<T> {
  let running: Promise<T | undefined> | undefined;
  let stopped = false;
  const runNow = () =>
    (running ??= run()
      .then((result) => {
        options.report.succeeded();
        return result;
      })
      .catch((error: unknown) => {
        options.report.failed(error);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      }));
  let next: Promise<T | undefined> | undefined;
  const runAfter = () =>
    running
      ? (next ??= running.then(() => {
          next = undefined;
          return stopped ? undefined : runNow();
        }))
      : runNow();
  const timer = setInterval(() => {
    if (!stopped) void runNow();
  }, options.intervalMs);
  timer.unref();
  if (options.atStart) void runNow();
  return {
    runNow,
    runAfter,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

// A job over the database that runs at start and then every interval, in every process: what a
// run did is logged when `describe` names it (a run that did nothing is silent) and followed by
// `afterWork` (the outbox worker sends what the run queued); failures go to an outage log. The
// money jobs, the card refunds, the reminders and the lapsing of offers run this way.
export function startDatabaseJob<T>(
  run: () => Promise<T>,
  options: {
    intervalMs: number;
    log?: OutageLogger;
    // Whether a run did anything.
    worked: (result: T) => boolean;
    // The line logged, with the result's fields, after a run that did something.
    describe?: (result: T) => string;
    afterWork?: (result: T) => void;
    // The outage log's lines.
    failed: string;
    recovered: string;
  },
): Periodic<T> {
  return startPeriodic(
    async () => {
      const result = await run();
      if (options.worked(result)) {
        const line = options.describe?.(result);
        if (line !== undefined) options.log?.info(result as object, line);
        options.afterWork?.(result);
      }
      return result;
    },
    {
      intervalMs: options.intervalMs,
      atStart: true,
      report: outageLog(options.log, { failed: options.failed, recovered: options.recovered }),
    },
  );
}
