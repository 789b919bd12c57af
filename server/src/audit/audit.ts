import type { ActorType } from '#contracts/admin';
import type { Queryable } from '../db/database.js';
import { auditColumns } from '../db/schema.js';
import { insertRows } from '../db/sql.js';

export type Actor = { type: ActorType; name: string };
export const systemActor: Actor = { type: 'system', name: 'system' };

// One row of the audit trail. Always written with the change it records, in the same
// transaction: a change without its row (or a row without its change) cannot be committed.
export type AuditEntry = {
  actor: Actor;
  action:
    | 'booking.created'
    | 'booking.confirmed'
    | 'booking.cancelled'
    | 'booking.changed'
    | 'departure.created'
    | 'departure.capacity'
    | 'departure.closed'
    | 'departure.reopened'
    | 'departure.seeded'
    | 'departure.minimum'
    | 'waitlist.joined'
    | 'waitlist.offered'
    | 'waitlist.left'
    | 'waitlist.expired'
    | 'waitlist.booked'
    | 'waitlist.closed'
    | 'departure.meeting-point'
    | 'departure.meeting-time'
    | 'departure.guides'
    | 'booking.claimed'
    // Its own price (whole dollars), or the package's ('package price').
    | 'departure.price'
    | 'booking.message'
    | 'booking.reminder'
    // Travellers' details: which traveller and which fields, never the values.
    | 'guests.updated'
    | 'guest.check-in'
    | 'guests.erased'
    // The lead invited a traveller to fill in their own details (never the address).
    | 'guest.invited'
    | 'note.added'
    // The go/no-go date (contracts/departure-risk.ts).
    | 'departure.decide-by'
    // The brand moved a departure (server/src/moves): the departure, each booking's offer and
    // its end.
    | 'departure.moved'
    | 'booking.move-offered'
    | 'booking.move-accepted'
    | 'booking.move-declined'
    | 'booking.move-expired'
    // Contract v5: a ledger entry (amount and method; the staff member is the actor).
    | 'payment.recorded'
    | 'refund.recorded';
  bookingId?: string;
  departureId?: string;
  waitlistEntryId?: string;
  from?: string | null;
  to?: string | null;
  reason?: string | null;
  // The internal note an audit row records (action "note.added").
  noteId?: string;
};

export function recordAudit(q: Queryable, entries: AuditEntry[]) {
  return insertRows(
    q,
    'audit_events',
    auditColumns,
    entries.map((e) => [
      e.bookingId ?? null,
      e.departureId ?? null,
      e.actor.type,
      e.actor.name,
      e.action,
      e.from ?? null,
      e.to ?? null,
      e.reason ?? null,
      e.waitlistEntryId ?? null,
      e.noteId ?? null,
    ]),
  );
}
