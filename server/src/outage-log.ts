import { errorText } from './error-text.js';

// How a background loop reports a run of failures: a warning at the first, nothing at the ones
// after it, and one line when a run succeeds again. Each loop retries at its next interval, so a
// database outage would otherwise write a warning every interval of every loop of every process;
// meanwhile GET /api/health reports the database (server/src/app.ts).
export type OutageLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type OutageLog = {
  // Returns how many runs in a row have failed, this one included (the outbox worker backs off by it).
  failed: (error: unknown) => number;
  succeeded: () => void;
};

export function outageLog(
  log: OutageLogger | undefined,
  messages: {
    // The warning, e.g. 'search index: moving new bookings in failed; trying again'.
    failed: string;
    // e.g. 'search index: works again'.
    recovered: string;
  },
  // Fields every line carries (the outbox worker's id).
  context: object = {},
): OutageLog {
  let failures = 0;
  return {
    failed: (error) => {
      failures += 1;
      if (failures === 1) log?.warn({ ...context, err: errorText(error) }, messages.failed);
      return failures;
    },
    succeeded: () => {
      if (failures > 0) log?.info({ ...context, failedRuns: failures }, messages.recovered);
      failures = 0;
    },
  };
}
