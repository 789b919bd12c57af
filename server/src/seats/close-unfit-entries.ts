// A date's capacity lowered below a waiting party's size: that party can never be offered seats
// there (server/src/seats/offer-freed-seats.ts only offers to parties that fit), so instead of
// waiting forever its place is closed, it is told so by email, and the trail says why. Called in
// the transaction that lowers the capacity, under the departure's row lock.
import { randomUUID } from 'node:crypto';
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Queryable } from '../db/database.js';
import { enqueueEmails, type EmailJob } from '../mail/outbox.js';
import type { Language } from '#contracts/language';

export async function closeEntriesThatCannotFit(
  tx: Queryable,
  departure: { id: string; capacity: number; startsOn: string; packageName: string },
  actor: Actor,
): Promise<number> {
  const { rows } = await tx.query<{ id: string; travellers: number; user_email: string; language: Language }>(
    `UPDATE waitlist_entries SET status = 'closed', updated_at = now()
      WHERE departure_id = $1 AND status = 'waiting' AND travellers > $2
      RETURNING id, travellers, user_email, language`,
    [departure.id, departure.capacity],
  );
  if (rows.length === 0) return 0;
  await recordAudit(
    tx,
    rows.map((entry) => ({
      actor,
      action: 'waitlist.closed',
      departureId: departure.id,
      waitlistEntryId: entry.id,
      from: `waiting, ${entry.travellers} travellers`,
      to: `closed: the date has ${departure.capacity} in all`,
    })),
  );
  const jobs: EmailJob[] = rows
    .filter((entry) => entry.user_email.trim() !== '')
    .map((entry) => ({
      id: randomUUID(),
      bookingId: null,
      kind: 'waitlist-closed' as const,
      to: entry.user_email,
      data: {
        packageName: departure.packageName,
        startsOn: departure.startsOn,
        travellers: entry.travellers,
        capacity: departure.capacity,
        // Written in the entry's language (migration 67); English when absent.
        ...(entry.language !== 'en' ? { language: entry.language } : {}),
      },
    }));
  if (jobs.length > 0) await enqueueEmails(tx, jobs);
  return rows.length;
}
