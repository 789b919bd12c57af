// Retention: RETENTION_DAYS after a departure, its travellers' date of birth, dietary needs,
// medical notes and emergency contact are erased; names and check-in stay (who travelled). Every
// server process runs the sweep; each departure is erased exactly once, by whichever process
// claims it first: the claim is a conditional UPDATE of the departure (guests_erased_at IS NULL)
// under its row lock, SKIP LOCKED so a second process passes over a departure being erased, in
// the same transaction as the erasure and its audit rows.
import { systemActor } from '../audit/audit.js';
import type { Database } from '../db/database.js';
import { outageLog, type OutageLogger } from '../outage-log.js';
import { startPeriodic, type Periodic } from '../periodic.js';
import { addDays, todayIso } from '#contracts/iso-dates';

export const defaultRetentionDays = 30;

// Departures a transaction: a backlog (the first run after an upgrade) goes in small steps.
const batchSize = 50;

export type ErasureResult = { departures: number; bookings: number };

// Erases what is due on `now`; returns what this call erased (0 when another process did).
export async function eraseExpiredGuestDetails(
  db: Database,
  options: { retentionDays: number; now?: Date },
): Promise<ErasureResult> {
  // Departures on or before this day are RETENTION_DAYS or more in the past.
  const lastDue = addDays(todayIso('UTC', options.now ?? new Date()), -options.retentionDays);
  const total: ErasureResult = { departures: 0, bookings: 0 };
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const { rows: departures } = await tx.query<{ id: string }>(
        `UPDATE departures SET guests_erased_at = now()
         WHERE id IN (
           SELECT id FROM departures
           WHERE guests_erased_at IS NULL AND starts_on <= $1::date
           ORDER BY starts_on, id LIMIT $2
           FOR UPDATE SKIP LOCKED
         ) AND guests_erased_at IS NULL
         RETURNING id`,
        [lastDue, batchSize],
      );
      if (departures.length === 0) return { departures: 0, bookings: 0 };
      const ids = departures.map((d) => d.id);
      // One audit row per booking whose guests are erased, in the booking's history; by `system`.
      const { rows: bookings } = await tx.query<{ id: string }>(
        `WITH erased AS (
           UPDATE booking_guests g SET date_of_birth = NULL, dietary = '', medical = '',
             emergency_name = '', emergency_phone = '',
             -- The answers to the package's sensitive questions go too; the others stay.
             answers = g.answers - coalesce((
               SELECT array_agg(q->>'id') FROM packages p, jsonb_array_elements(p.questions) q
               WHERE p.id = b.package_id AND (q->>'sensitive')::boolean), '{}'::text[]),
             updated_at = now()
           FROM bookings b
           WHERE b.id = g.booking_id AND b.departure_id = ANY($1::uuid[])
           RETURNING g.booking_id
         ), audit AS (
           INSERT INTO audit_events (booking_id, departure_id, actor_type, actor, action, to_value)
           SELECT b.id, b.departure_id, $2, $3, 'guests.erased',
             'date of birth, dietary needs, medical notes, emergency contact and sensitive answers erased after ' || $4::text || ' days'
           FROM bookings b WHERE b.id IN (SELECT DISTINCT booking_id FROM erased)
           RETURNING booking_id
         )
         SELECT booking_id AS id FROM audit`,
        [ids, systemActor.type, systemActor.name, String(options.retentionDays)],
      );
      return { departures: departures.length, bookings: bookings.length };
    });
    total.departures += step.departures;
    total.bookings += step.bookings;
    if (step.departures < batchSize) return total;
  }
}

export type RetentionScheduler = Periodic<ErasureResult>;

// Runs the sweep at start and then every `intervalMs` in this process. `now` is the clock (tests
// move it). A failed run (the database away) is logged and tried again at the next tick.
export function startRetentionScheduler(options: {
  db: Database;
  retentionDays: number;
  intervalMs?: number;
  now?: () => Date;
  log?: OutageLogger;
}): RetentionScheduler {
  const now = options.now ?? (() => new Date());
  return startPeriodic(
    async () => {
      const result = await eraseExpiredGuestDetails(options.db, {
        retentionDays: options.retentionDays,
        now: now(),
      });
      if (result.bookings > 0) {
        options.log?.info(
          {},
          `retention: travellers' details erased on ${result.departures} departures (${result.bookings} bookings)`,
        );
      }
      return result;
    },
    {
      intervalMs: options.intervalMs ?? 60 * 60 * 1000,
      atStart: true,
      report: outageLog(options.log, {
        failed: 'retention: erasing past travellers’ details failed; trying again later',
        recovered: 'retention: erasing past travellers’ details works again',
      }),
    },
  );
}
