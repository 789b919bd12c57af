// Lapses offers whose deadline passed, in every server process: at start and then every
// `intervalMs`. Processes need not agree on who runs it: expireOffers lapses each offer once.
import type { Database } from '../db/database.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import type { OutageLogger } from '../outage-log.js';
import { startDatabaseJob, type Periodic } from '../periodic.js';
import { expireOffers } from './repository.js';

export type OfferExpiry = Periodic<number>;

export function startOfferExpiry(options: {
  db: Database;
  intervalMs: number;
  offers: () => OfferContext;
  // After a run that lapsed offers (new offers may have queued emails).
  onLapsed?: (n: number) => void;
  // Other offers lapsed by the same loop after the waiting list's (the brand's move offers,
  // server/src/moves/repository.ts expireMoveOffers): each returns how many it lapsed.
  alsoLapse?: ((offers: () => OfferContext) => Promise<number>)[];
  log?: OutageLogger;
}): OfferExpiry {
  return startDatabaseJob(
    async () => {
      let n = await expireOffers(options.db, options.offers);
      for (const lapse of options.alsoLapse ?? []) n += await lapse(options.offers);
      return n;
    },
    {
      intervalMs: options.intervalMs,
      log: options.log,
      worked: (n) => n > 0,
      afterWork: (n) => options.onLapsed?.(n),
      failed: 'waiting list: lapsing offers failed, retrying at the next run',
      recovered: 'waiting list: lapsing offers works again',
    },
  );
}
