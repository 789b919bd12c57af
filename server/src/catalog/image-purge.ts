// Images no package uses any more are purged after a grace period: their URLs then answer 404.
// An image leaves a package when an operator removes it or deletes the package; its variants stay
// in image_variants (content-addressed: the same picture uploaded again is the same rows), so a
// removed image would otherwise be served for ever. Each run marks the variants no package
// references (unused_since, migration 56), unmarks those referenced again (an undo, a re-upload),
// and deletes those unused for longer than the grace period, re-checking the references in the
// same statement. Every process may run it: the advisory lock lets one at a time do the work.
// The grace period covers pages and CDN copies still pointing at the old URL for a while.
import type { Database } from '../db/database.js';
import { outageLog, type OutageLogger } from '../outage-log.js';
import { startPeriodic } from '../periodic.js';

export const defaultImageGraceDays = 7;

// Every image hash a package of any status refers to.
const referenced = `SELECT DISTINCT img->>'hash' FROM packages p, jsonb_array_elements(p.images) img`;

export async function purgeUnusedImages(
  db: Database,
  { graceDays = defaultImageGraceDays, now = new Date() }: { graceDays?: number; now?: Date } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: lock } = await tx.query<{ ok: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtext('image-purge')) AS ok`,
    );
    if (!lock[0]?.ok) return 0;
    const at = now.toISOString();
    await tx.query(
      `UPDATE image_variants SET unused_since = NULL
        WHERE unused_since IS NOT NULL AND hash IN (${referenced})`,
    );
    await tx.query(
      `UPDATE image_variants SET unused_since = $1
        WHERE unused_since IS NULL AND hash NOT IN (${referenced})`,
      [at],
    );
    const { rows } = await tx.query(
      `DELETE FROM image_variants
        WHERE unused_since <= $1::timestamptz - $2::integer * interval '1 day' AND hash NOT IN (${referenced})
        RETURNING hash`,
      [at, graceDays],
    );
    return rows.length;
  });
}

export function startImagePurge(options: { db: Database; intervalMs?: number; log?: OutageLogger }) {
  return startPeriodic(() => purgeUnusedImages(options.db), {
    intervalMs: options.intervalMs ?? 60 * 60 * 1000,
    atStart: true,
    report: outageLog(options.log, {
      failed: 'image purge: removing unused images failed; trying again later',
      recovered: 'image purge: removing unused images works again',
    }),
  });
}
