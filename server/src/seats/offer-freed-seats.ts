// "Seats came free on departure X": the one mechanism every path that frees seats calls inside its
// own transaction (a cancellation by traveller or operator, a smaller party, a change to another
// date, more capacity, a reopened departure, an offer left or lapsed). docs/decisions/011-waiting-list-and-changes.md
// explains the rules; this file is the only place that makes offers.
import { randomUUID } from 'node:crypto';
import { recordAudit, systemActor } from '../audit/audit.js';
import type { Queryable } from '../db/database.js';
import { todayIso } from '#contracts/iso-dates';
import { enqueueEmails, type WaitlistOfferEmailData } from '../mail/outbox.js';
import type { Language } from '#contracts/language';

export const defaultOfferHours = 24;
// MAX_HELD_SEATS_PER_USER's default (server/src/bookings/held-seats.ts re-exports it): here, a
// floor below bookings/, because offers count in what a user holds.
export const defaultMaxHeldSeatsPerUser = 24;

export type OfferContext = {
  // The moment the offers are made; the deadline is this plus `offerHours`. Tests move it.
  now: Date;
  offerHours: number;
  // Names the package in the offer email.
  packageName: (packageId: string) => string;
  // MAX_HELD_SEATS_PER_USER: an offer holds seats, so none is made past it (default 24).
  maxHeldSeats?: number;
};

export type Offer = { entryId: string; userEmail: string; travellers: number; offerExpiresAt: string };

type Locked = {
  id: string;
  package_id: string;
  starts_on: string;
  capacity: number;
  seats_taken: number;
  status: string;
};
type Waiting = { id: string; travellers: number; user_id: string; user_email: string; language: Language };

// Walks the departure's waiting entries in the order they joined and offers to each whose whole
// party fits in the seats free now: a party of 4 never blocks a party of 2 behind it, and the 4
// keeps its place for the next seats. Each offer holds its seats (added to seats_taken, so the
// seats left do not rise) until the deadline, and queues an email. The departure's row lock is
// taken here (the callers already hold it: locking again in one transaction is free), so two
// transactions can never offer the same seats; the CHECK on departures is the backstop.
export async function offerFreedSeats(
  tx: Queryable,
  departureId: string,
  ctx: OfferContext,
): Promise<Offer[]> {
  const { rows } = await tx.query<Locked>(
    `SELECT id, package_id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, capacity, seats_taken, status
       FROM departures WHERE id = $1 FOR UPDATE`,
    [departureId],
  );
  const departure = rows[0];
  // A closed or past departure offers nothing: reopening it calls this again.
  if (!departure || departure.status !== 'open' || departure.starts_on <= todayIso('UTC', ctx.now)) return [];
  let free = departure.capacity - departure.seats_taken;
  if (free <= 0) return [];

  // Only parties that could fit are read: with 2 seats free, the 12s waiting are not looked at.
  const { rows: waiting } = await tx.query<Waiting>(
    `SELECT id, travellers, user_id, user_email, language FROM waitlist_entries
      WHERE departure_id = $1 AND status = 'waiting' AND travellers <= $2
      ORDER BY position FOR UPDATE`,
    [departureId, free],
  );
  const held = await heldSeats(tx, waiting);
  const max = ctx.maxHeldSeats ?? defaultMaxHeldSeatsPerUser;
  const chosen: Waiting[] = [];
  for (const entry of waiting) {
    if (entry.travellers > free) continue;
    // An offer past the user's limit of held seats is not made: the entry keeps its place for
    // seats that come free once the user holds fewer.
    const holds = held.get(entry.user_id) ?? 0;
    if (holds + entry.travellers > max) continue;
    held.set(entry.user_id, holds + entry.travellers);
    chosen.push(entry);
    free -= entry.travellers;
    if (free === 0) break;
  }
  if (chosen.length === 0) return [];

  const expiresAt = new Date(ctx.now.getTime() + ctx.offerHours * 3_600_000);
  const offered = chosen.reduce((sum, e) => sum + e.travellers, 0);
  await tx.query(
    `UPDATE waitlist_entries SET status = 'offered', offered_at = $2, offer_expires_at = $3, updated_at = $2
      WHERE id = ANY($1::uuid[]) AND status = 'waiting'`,
    [chosen.map((e) => e.id), ctx.now.toISOString(), expiresAt.toISOString()],
  );
  await tx.query(`UPDATE departures SET seats_taken = seats_taken + $2, updated_at = now() WHERE id = $1`, [
    departureId,
    offered,
  ]);
  await recordAudit(
    tx,
    chosen.map((e) => ({
      actor: systemActor,
      action: 'waitlist.offered' as const,
      departureId,
      waitlistEntryId: e.id,
      from: 'waiting',
      to: 'offered',
    })),
  );
  const packageName = ctx.packageName(departure.package_id);
  await enqueueEmails(
    tx,
    chosen.map((e) => {
      const data: WaitlistOfferEmailData = {
        packageName,
        startsOn: departure.starts_on,
        travellers: e.travellers,
        offerExpiresAt: expiresAt.toISOString(),
        // Written in the entry's language (migration 67); English when absent.
        ...(e.language !== 'en' ? { language: e.language } : {}),
      };
      return { id: randomUUID(), bookingId: null, kind: 'waitlist-offered' as const, to: e.user_email, data };
    }),
  );
  return chosen.map((e) => ({
    entryId: e.id,
    userEmail: e.user_email,
    travellers: e.travellers,
    offerExpiresAt: expiresAt.toISOString(),
  }));
}

// What the waiting users hold now (held_seats, kept by triggers: migration 7). Read without the
// users' held-seat locks: those are taken before any departure's (server/src/bookings/held-seats.ts)
// and this runs under one. A booking of the same user committing at this moment may therefore
// be missed; accepting the offer checks the limit again under the lock.
async function heldSeats(tx: Queryable, waiting: Waiting[]): Promise<Map<string, number>> {
  const users = [...new Set(waiting.map((e) => e.user_id))];
  if (users.length === 0) return new Map();
  const { rows } = await tx.query<{ user_id: string; seats: number }>(
    'SELECT user_id, seats FROM held_seats WHERE user_id = ANY($1::text[])',
    [users],
  );
  return new Map(rows.map((r) => [r.user_id, r.seats]));
}
