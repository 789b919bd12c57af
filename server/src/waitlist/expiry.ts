// Lapses offers whose deadline passed, in every server process: at start and then every
// `intervalMs`. Processes need not agree on who runs it: expireOffers lapses each offer once.
import type { Database } from '../db/database.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import { expireOffers } from './repository.js';

export type OfferExpiry = { runNow: () => Promise<number>; stop: () => Promise<void> };

export function startOfferExpiry(options: {
  db: Database;
  intervalMs: number;
  offers: () => OfferContext;
  // After a run that lapsed offers (new offers may have queued emails).
  onLapsed?: (n: number) => void;
  // Other offers lapsed by the same loop after the waiting list's (the brand's move offers,
  // server/src/moves/repository.ts expireMoveOffers): each returns how many it lapsed.
  alsoLapse?: ((offers: () => OfferContext) => Promise<number>)[];
  onError?: (error: unknown) => void;
}): OfferExpiry {
  let running: Promise<number> | undefined;
  let stopped = false;
  const runNow = () => {
    // One run at a time in a process; a tick during a run waits for the next.
    running ??= (async () => {
      let n = await expireOffers(options.db, options.offers);
      for (const lapse of options.alsoLapse ?? []) n += await lapse(options.offers);
      return n;
    })()
      .then((n) => {
        if (n > 0) options.onLapsed?.(n);
        return n;
      })
      .catch((error: unknown) => {
        options.onError?.(error);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runNow();
  }, options.intervalMs);
  timer.unref();
  void runNow();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
