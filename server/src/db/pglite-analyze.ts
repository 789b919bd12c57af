// PGlite has no autovacuum, so nothing ever ANALYZEs its tables: the planner then sizes a table
// from its pages alone, and a plan that was cached (a trigger function's statements, cached for
// the process's life on PGlite's one connection) keeps the shape it had when the table was
// nearly empty. The guests' trigger (migration 46), planned while bookings held a page, went on
// reading every booking on each insert: 17 ms a batch instead of 0.6 ms once bookings had grown,
// and half of `npm run bench:api`'s PGlite runs sold 900-1,300 bookings a second instead of
// 1,900-2,300 (docs/decisions/053-pglite-analyze.md). ANALYZE both refreshes the statistics and
// invalidates the plans that read the table, so they are made again for its size.
//
// PostgreSQL's own autovacuum does this there (after 10 % of a table's rows changed); here a
// table is analyzed each time it has doubled in pages since its last ANALYZE (from 8 pages), so
// a table that grows from nothing to a million rows is analyzed about a dozen times in all.
import type { Database } from './database.js';
import { outageLog, type OutageLogger } from '../outage-log.js';
import { startPeriodic } from '../periodic.js';

const grownTables = `
  SELECT c.oid::regclass::text AS name
    FROM pg_class c
   WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
     AND pg_relation_size(c.oid) / current_setting('block_size')::int >= greatest(2 * c.relpages, 8)
   ORDER BY 1`;

// PGlite's one thread runs the ANALYZE, and every booking waits behind it: at PostgreSQL's default
// statistics target (100, a sample of 30,000 rows) a table of 40,000 bookings took 428 ms, their
// emails 372 ms, and `npm run bench:api` on PGlite saw runs of 97-800 ms while its spread p99 was
// 253-269 ms. A target of 10 samples 3,000 rows (bookings 42 ms, emails 32 ms, measured on the
// same machine; the spread p99 then 156-222 ms in three runs): enough for a table's size and its
// common values, which is what the plans here turn on. A column with a target of its own keeps
// it (the search text's 1,000, migration 50). Each table is analyzed in a call of its own, so the
// bookings that wait go in between tables.
export const analyzeStatisticsTarget = 10;

// The tables analyzed (their names as SQL writes them), none when none had grown.
export async function analyzeGrownTables(db: Pick<Database, 'query' | 'transaction'>): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(grownTables);
  const names = rows.map((r) => r.name);
  for (const name of names) {
    await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL default_statistics_target = ${analyzeStatisticsTarget}`);
      await tx.exec(`ANALYZE ${name}`);
    });
  }
  return names;
}

export function startPgliteAnalyze(options: { db: Database; intervalMs?: number; log?: OutageLogger }) {
  if (options.db.kind !== 'pglite') return { stop: async () => {} };
  return startPeriodic(() => analyzeGrownTables(options.db), {
    intervalMs: options.intervalMs ?? 5_000,
    report: outageLog(options.log, {
      failed: 'analyze: failed; trying again',
      recovered: 'analyze: works again',
    }),
  });
}
