// The travellers' details of a booking (one guest row per traveller): the traveller's save, the
// guide's check-in, and resizing when a party grows or shrinks. Each change is one transaction
// under the booking's row lock, with its audit row; audit rows say which traveller and which
// fields changed, never the values (they are personal data).
import {
  detailsEditable,
  guestFields,
  validateGuests,
  type Guest,
  type GuestField,
  type GuestsFieldErrors,
  type OperatorGuest,
} from '#contracts/guests';
import { brand } from '#contracts/brand';
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Database } from '../db/database.js';
import { toBooking } from '../bookings/booking-row.js';
import { lockBooking } from '../bookings/lock-booking.js';
import { lockOpenBooking } from '../bookings/lock-open-booking.js';
import { daysBetween } from '#contracts/iso-dates';
import { plural } from '#contracts/format';
import { interpolate, msg } from '#contracts/i18n';
import type { Booking } from '#contracts/api';
import type { CheckInState } from '#contracts/check-in';

const fieldNames: Record<GuestField, string> = {
  fullName: 'full name',
  dateOfBirth: 'date of birth',
  dietary: 'dietary needs',
  medical: 'medical notes',
  emergencyName: 'emergency contact name',
  emergencyPhone: 'emergency contact phone',
};

// "traveller 2: date of birth, dietary needs; traveller 3: full name, answers (Boot size)": what
// changed, never to what. A question is named by its label, as staff wrote it in the catalogue;
// its id (made from the label when it was added) only where the package no longer asks it.
export const describeGuestChanges = (
  before: Guest[],
  after: Guest[],
  questions: readonly { id: string; label: string }[] = [],
) =>
  after
    .map((guest, i) => {
      const changed = guestFields
        .filter((f) => (before[i]?.[f] ?? null) !== guest[f])
        .map((f) => fieldNames[f]);
      // Which questions were answered differently; never the answers.
      const was = before[i]?.answers ?? {};
      const now = guest.answers ?? {};
      const answered = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
        (id) => was[id] !== now[id],
      );
      const labelOf = (id: string) => questions.find((q) => q.id === id)?.label ?? id;
      if (answered.length > 0) changed.push(`answers (${answered.map(labelOf).join(', ')})`);
      return changed.length === 0 ? null : `traveller ${i + 1}: ${changed.join(', ')}`;
    })
    .filter((line): line is string => line !== null)
    .join('; ');

// Marked for the catalogues with its days as a number, so a Spanish page can show it translated
// (known() in the browser); one day, which no deployment sets, reads as it always did.
export const detailsCutoffMessage = (days: number) =>
  days === 1
    ? `Travellers' details can be changed online until ${plural(days, 'day')} before departure. To change them now, please call us on ${brand.phone} or email ${brand.email}.`
    : interpolate(
        msg(
          "Travellers' details can be changed online until {days} days before departure. To change them now, please call us on {phone} or email {email}.",
        ),
        { days, phone: brand.phone, email: brand.email },
      );

export type SaveGuestsOutcome =
  | { kind: 'saved' | 'unchanged'; booking: Booking }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string; fieldErrors?: GuestsFieldErrors };

export type SaveGuests = {
  bookingId: string;
  ownerId: string;
  body: unknown;
  actor: Actor;
  today: string;
  cutoffDays: number;
};

// PUT /api/bookings/{id}/guests: the owner's details for every traveller, all at once.
export function saveGuests(db: Database, change: SaveGuests): Promise<SaveGuestsOutcome> {
  return db.transaction(async (tx) => {
    const own = await lockOpenBooking(
      tx,
      change.bookingId,
      change.ownerId,
      "This booking is cancelled: its travellers' details can no longer be changed.",
    );
    if (own.kind !== 'open') return own;
    const { row, current } = own;
    if (
      current.startsOn &&
      !detailsEditable(daysBetween(change.today, current.startsOn), change.cutoffDays)
    ) {
      return { kind: 'conflict', message: detailsCutoffMessage(change.cutoffDays) };
    }
    const checked = validateGuests(change.body, current.travellers, change.today, row.questions ?? []);
    if (!checked.success)
      return { kind: 'invalid', message: checked.message, fieldErrors: checked.fieldErrors };
    const summary = describeGuestChanges(current.guests, checked.guests, row.questions ?? []);
    if (summary === '') return { kind: 'unchanged', booking: current };

    const g = checked.guests;
    // A personal link belongs to the person it was sent to (server/src/guest-links): when the lead
    // types another name into a traveller's details, or clears it, that traveller is someone
    // else (or nobody), and the link ends at once with its address and reminder, so it never
    // reads or writes what was typed for another person. Only a link that exists ends.
    const replaced = g
      .map((guest, i) => ((current.guests[i]?.fullName ?? '') !== guest.fullName ? i : -1))
      .filter((i) => i >= 1);
    let ended: number[] = [];
    if (replaced.length > 0) {
      const { rows } = await tx.query<{ position: number }>(
        'DELETE FROM guest_links WHERE booking_id = $1 AND position = ANY($2::int[]) RETURNING position',
        [current.id, replaced],
      );
      ended = rows.map((r) => r.position).sort((a, b) => a - b);
      await tx.query('DELETE FROM guest_reminders WHERE booking_id = $1 AND position = ANY($2::int[])', [
        current.id,
        ended,
      ]);
    }
    await tx.query(
      `UPDATE booking_guests bg SET full_name = v.full_name, date_of_birth = v.date_of_birth::date,
         dietary = v.dietary, medical = v.medical, emergency_name = v.emergency_name,
         emergency_phone = v.emergency_phone, answers = v.answers::jsonb, updated_at = now()
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS v(position, full_name, date_of_birth, dietary, medical, emergency_name, emergency_phone, answers)
       WHERE bg.booking_id = $1 AND bg.position = v.position`,
      [
        current.id,
        g.map((_, i) => i),
        g.map((x) => x.fullName),
        g.map((x) => x.dateOfBirth),
        g.map((x) => x.dietary),
        g.map((x) => x.medical),
        g.map((x) => x.emergencyName),
        g.map((x) => x.emergencyPhone),
        g.map((x) => JSON.stringify(x.answers ?? {})),
      ],
    );
    await tx.query('UPDATE bookings SET updated_at = now() WHERE id = $1', [current.id]);
    await recordAudit(tx, [
      {
        actor: change.actor,
        action: 'guests.updated',
        bookingId: current.id,
        departureId: current.departureId ?? undefined,
        to:
          ended.length === 0
            ? summary
            : `${summary}; personal link ended: ${ended.map((i) => `traveller ${i + 1}`).join(', ')}`,
      },
    ]);
    const saved = await lockBooking(tx, current.id);
    return { kind: 'saved', booking: toBooking(saved!) };
  });
}

export type CheckInOutcome =
  | { kind: 'changed' | 'unchanged'; guest: OperatorGuest }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string };

const stateName = (state: CheckInState | null) => state ?? 'not checked in';

// POST /api/admin/bookings/{id}/guests/{index}/check-in: the guide ticks a traveller at the
// meeting point. Only travellers of an active booking are checked in.
export function setCheckIn(
  db: Database,
  change: { bookingId: string; index: number; state: CheckInState | null; actor: Actor },
): Promise<CheckInOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, change.bookingId);
    if (!row) return { kind: 'not-found', message: 'No such booking.' };
    const guest = row.guests[change.index];
    if (!guest) {
      return {
        kind: 'not-found',
        message: `This booking has ${plural(row.travellers, 'traveller')}: there is no traveller ${change.index + 1}.`,
      };
    }
    if (row.status === 'cancelled') {
      return { kind: 'conflict', message: 'This booking is cancelled: its travellers cannot be checked in.' };
    }
    if (guest.checkIn === change.state) return { kind: 'unchanged', guest };
    await tx.query(
      'UPDATE booking_guests SET check_in = $3, updated_at = now() WHERE booking_id = $1 AND position = $2',
      [row.id, change.index, change.state],
    );
    await recordAudit(tx, [
      {
        actor: change.actor,
        action: 'guest.check-in',
        bookingId: row.id,
        departureId: row.departure_id ?? undefined,
        from: `traveller ${change.index + 1}: ${stateName(guest.checkIn)}`,
        to: `traveller ${change.index + 1}: ${stateName(change.state)}`,
      },
    ]);
    return { kind: 'changed', guest: { ...guest, checkIn: change.state } };
  });
}
