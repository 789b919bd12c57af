// The console's search index (booking_search_text, a trigram GIN index: docs/decisions/031 and
// 051) takes each new booking's trigrams into its pending list (migrations 48 and 50); this moves
// the list into the index proper every couple of seconds, in bulk and outside any request.
// Searches read the pending list too, so a booking is found as soon as it is stored
// (docs/decisions/048-search-index-flushed-in-the-background.md).
import type { Queryable } from '../db/database.js';
import { outageLog, type OutageLogger } from '../outage-log.js';
import { startPeriodic } from '../periodic.js';

// An arbitrary constant: the processes sharing the database take turns, and one that finds
// another already at it skips its turn rather than wait for it.
const flushLock = 7_260_448;

// The pending list's pages moved into the index; null when another process was doing it.
export async function flushSearchIndex(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ pages: string | number | null }>(
    `SELECT CASE WHEN pg_try_advisory_xact_lock($1)
       THEN gin_clean_pending_list('booking_search_text'::regclass) END AS pages`,
    [flushLock],
  );
  const pages = rows[0]?.pages;
  return pages === null || pages === undefined ? null : Number(pages);
}

export function startSearchIndexFlush(options: { db: Queryable; intervalMs?: number; log?: OutageLogger }) {
  return startPeriodic(() => flushSearchIndex(options.db), {
    intervalMs: options.intervalMs ?? 2_000,
    report: outageLog(options.log, {
      failed: 'search index: moving new bookings in failed; trying again',
      recovered: 'search index: moving new bookings in works again',
    }),
  });
}
