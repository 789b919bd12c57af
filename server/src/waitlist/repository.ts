// The waiting list: join, list, leave, accept, and the lapse of offers. Every write takes the
// departure's row lock first and the entry's after it (the order offer-freed-seats.ts and the
// booking paths use), so an entry's seats are counted once whatever runs at the same moment.
import { randomUUID } from 'node:crypto';
import type { BookingInput } from '#contracts/booking';
import { partyOverCapacityMessage } from '#contracts/waitlist';
import { recordAudit, systemActor, type Actor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { todayIso } from '#contracts/iso-dates';
import { heldSeatsMessage, lockHeldSeats } from '../bookings/held-seats.js';
import type { ServerPackage } from '../catalog/packages.js';
import { toBooking } from '../bookings/booking-row.js';
import { newReference } from '../bookings/repository.js';
import type { Selectable } from 'kysely';
import { writeBookings } from '../bookings/writer.js';
import {
  bookingColumns,
  bookingsFrom,
  dateText,
  departureColumns,
  type BookingRow,
  type DepartureRow,
  type WaitlistEntriesTable,
} from '../db/schema.js';
import { offerFreedSeats, type OfferContext } from '../seats/offer-freed-seats.js';
import { formatCount, plural } from '#contracts/format';
import { interpolate, msg } from '#contracts/i18n';
import type { Booking, AdminWaitlistEntry, WaitlistEntry } from '#contracts/api';
import type { Language } from '#contracts/language';
import { giveSeatsBack } from '../db/departure-seats.js';

// An entry as every read selects it: its own columns (../db/schema.ts types them) and its
// departure's date as text.
const entryFields = [
  'id',
  'departure_id',
  'package_id',
  'user_id',
  'user_email',
  'travellers',
  'status',
  'created_at',
  'offer_expires_at',
  'booking_id',
  'language',
] as const satisfies readonly (keyof WaitlistEntriesTable)[];
type EntryRow = Pick<Selectable<WaitlistEntriesTable>, (typeof entryFields)[number]> & { starts_on: string };

const entryColumns = [...entryFields.map((c) => `w.${c}`), `${dateText('d.starts_on')} AS starts_on`].join(
  ', ',
);
const entriesFrom = 'waitlist_entries w JOIN departures d ON d.id = w.departure_id';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toEntry = (row: EntryRow, packageName: (id: string) => string): WaitlistEntry => ({
  id: row.id,
  departureId: row.departure_id,
  packageId: row.package_id,
  packageName: packageName(row.package_id),
  startsOn: row.starts_on,
  travellers: row.travellers,
  status: row.status,
  createdAt: iso(row.created_at)!,
  offerExpiresAt: iso(row.offer_expires_at),
  bookingId: row.booking_id,
});

type LockedDeparture = Pick<
  DepartureRow,
  'id' | 'package_id' | 'starts_on' | 'capacity' | 'seats_taken' | 'status'
>;

const lockDeparture = async (tx: Queryable, id: string) =>
  (
    await tx.query<LockedDeparture>(
      `SELECT id, package_id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, capacity, seats_taken, status
         FROM departures WHERE id = $1 FOR UPDATE`,
      [id],
    )
  ).rows[0];

const lockEntry = async (tx: Queryable, id: string) =>
  (
    await tx.query<EntryRow>(`SELECT ${entryColumns} FROM ${entriesFrom} WHERE w.id = $1 FOR UPDATE OF w`, [
      id,
    ])
  ).rows[0];

// The departure of a user's own entry, read unlocked: the callers lock that departure before the
// entry. Someone else's entry answers exactly like one that does not exist.
const ownEntryDeparture = async (tx: Queryable, entryId: string, userId: string) => {
  const { rows } = await tx.query<{ departure_id: string; user_id: string }>(
    'SELECT departure_id, user_id FROM waitlist_entries WHERE id = $1',
    [entryId],
  );
  return rows[0]?.user_id === userId ? rows[0].departure_id : undefined;
};

export const defaultMaxWaitingEntriesPerUser = 10;

export type JoinOutcome =
  | { kind: 'created' | 'existing'; entry: WaitlistEntry }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string; seatsLeft: number };

export function joinWaitlist(
  db: Database,
  request: {
    departureId: string;
    userId: string;
    userEmail: string;
    travellers: number;
    // The site's language the party joined from (migration 67): its emails are written in it.
    language?: Language;
    actor: Actor;
    now: Date;
    packageName: (id: string) => string;
    // MAX_WAITING_ENTRIES_PER_USER: live entries (waiting or offered) one user may have.
    maxEntries?: number;
  },
): Promise<JoinOutcome> {
  return db.transaction(async (tx) => {
    // The user's held-seat lock (taken before any departure's, server/src/bookings/held-seats.ts)
    // makes two joins of one user to different departures count each other's entries.
    await lockHeldSeats(tx, [request.userId]);
    const departure = await lockDeparture(tx, request.departureId);
    if (!departure) return { kind: 'not-found' };
    const present = (row: EntryRow) => toEntry(row, request.packageName);
    // One live entry per user and departure: joining again answers it, whatever the seats now.
    const { rows: live } = await tx.query<EntryRow>(
      `SELECT ${entryColumns} FROM ${entriesFrom}
        WHERE w.departure_id = $1 AND w.user_id = $2 AND w.status IN ('waiting', 'offered')`,
      [request.departureId, request.userId],
    );
    if (live[0]) return { kind: 'existing', entry: present(live[0]) };
    const seatsLeft = Math.max(0, departure.capacity - departure.seats_taken);
    const max = request.maxEntries ?? defaultMaxWaitingEntriesPerUser;
    const { rows: counted } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM waitlist_entries WHERE user_id = $1 AND status IN ('waiting', 'offered')`,
      [request.userId],
    );
    if (counted[0]!.n >= max) {
      return {
        kind: 'conflict',
        // Marked with its count as a placeholder: a Spanish page reads it translated (`known`).
        message: interpolate(
          counted[0]!.n === 1
            ? msg(
                'You are already on {count} waiting list, the most one traveller may join ({max}). Please leave one you no longer need first.',
              )
            : msg(
                'You are already on {count} waiting lists, the most one traveller may join ({max}). Please leave one you no longer need first.',
              ),
          { count: formatCount(counted[0]!.n), max },
        ),
        seatsLeft,
      };
    }
    if (departure.status !== 'open') {
      return {
        kind: 'conflict',
        message: msg('This departure is closed: it has no waiting list.'),
        seatsLeft: 0,
      };
    }
    if (departure.starts_on <= todayIso('UTC', request.now)) {
      return { kind: 'conflict', message: msg('This departure has already left.'), seatsLeft: 0 };
    }
    // A party larger than the whole date can never be offered seats there: say so now, rather
    // than keep it waiting behind smaller parties that will be offered every seat that frees.
    if (request.travellers > departure.capacity) {
      return {
        kind: 'conflict',
        message: partyOverCapacityMessage(departure.capacity, request.travellers),
        seatsLeft,
      };
    }
    if (seatsLeft >= request.travellers) {
      return {
        kind: 'conflict',
        message: interpolate(
          seatsLeft === 1
            ? msg('{count} seat is left on this departure: book them instead of waiting.')
            : msg('{count} seats are left on this departure: book them instead of waiting.'),
          { count: formatCount(seatsLeft) },
        ),
        seatsLeft,
      };
    }
    const id = randomUUID();
    await tx.query(
      `INSERT INTO waitlist_entries (id, departure_id, package_id, user_id, user_email, travellers, created_at, updated_at, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
      [
        id,
        departure.id,
        departure.package_id,
        request.userId,
        request.userEmail,
        request.travellers,
        request.now.toISOString(),
        request.language ?? 'en',
      ],
    );
    await recordAudit(tx, [
      {
        actor: request.actor,
        action: 'waitlist.joined',
        departureId: departure.id,
        waitlistEntryId: id,
        to: `waiting, ${plural(request.travellers, 'traveller')}`,
      },
    ]);
    const { rows } = await tx.query<EntryRow>(`SELECT ${entryColumns} FROM ${entriesFrom} WHERE w.id = $1`, [
      id,
    ]);
    return { kind: 'created', entry: present(rows[0]!) };
  });
}

// The user's own entries, newest first.
export async function listWaitlist(
  db: Queryable,
  userId: string,
  packageName: (id: string) => string,
  limit = 100,
): Promise<WaitlistEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT ${entryColumns} FROM ${entriesFrom} WHERE w.user_id = $1
      ORDER BY w.created_at DESC, w.position DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => toEntry(r, packageName));
}

// A departure's list for operators, in join order, with the account's email.
export async function listDepartureWaitlist(
  db: Queryable,
  departureId: string,
  packageName: (id: string) => string,
): Promise<AdminWaitlistEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT ${entryColumns} FROM ${entriesFrom} WHERE w.departure_id = $1 ORDER BY w.position`,
    [departureId],
  );
  return rows.map((r) => ({ ...toEntry(r, packageName), email: r.user_email }));
}

// Gives back the seats an offer held and offers them on, in the caller's transaction (which
// holds the departure's lock). The status change is conditional, so an offer lapses or is left
// exactly once however many processes try.
async function endOffer(
  tx: Queryable,
  entry: { id: string; departure_id: string; travellers: number },
  to: 'left' | 'expired',
  actor: Actor,
  offers: OfferContext,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE waitlist_entries SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'offered' RETURNING id`,
    [entry.id, to, offers.now.toISOString()],
  );
  if (rows.length === 0) return false;
  await giveSeatsBack(tx, entry.departure_id, entry.travellers);
  await recordAudit(tx, [
    {
      actor,
      action: to === 'left' ? 'waitlist.left' : 'waitlist.expired',
      departureId: entry.departure_id,
      waitlistEntryId: entry.id,
      from: 'offered',
      to,
    },
  ]);
  await offerFreedSeats(tx, entry.departure_id, offers);
  return true;
}

export type LeaveOutcome =
  | { kind: 'left' | 'unchanged'; entry: WaitlistEntry }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string };

export function leaveWaitlist(
  db: Database,
  request: { entryId: string; userId: string; actor: Actor; offers: OfferContext },
): Promise<LeaveOutcome> {
  return db.transaction(async (tx) => {
    const departureId = await ownEntryDeparture(tx, request.entryId, request.userId);
    if (departureId === undefined) return { kind: 'not-found' };
    await lockDeparture(tx, departureId);
    const entry = (await lockEntry(tx, request.entryId))!;
    const present = (row: EntryRow) => toEntry(row, request.offers.packageName);
    if (entry.status === 'left') return { kind: 'unchanged', entry: present(entry) };
    if (entry.status === 'booked') {
      return {
        kind: 'conflict',
        message: msg('This offer became a booking: cancel the booking in My bookings instead.'),
      };
    }
    if (entry.status === 'expired') {
      return {
        kind: 'conflict',
        message: msg('This offer has expired: the entry is no longer on the list.'),
      };
    }
    if (entry.status === 'offered') {
      await endOffer(tx, entry, 'left', request.actor, request.offers);
    } else {
      await tx.query(`UPDATE waitlist_entries SET status = 'left', updated_at = $2 WHERE id = $1`, [
        entry.id,
        request.offers.now.toISOString(),
      ]);
      await recordAudit(tx, [
        {
          actor: request.actor,
          action: 'waitlist.left',
          departureId: entry.departure_id,
          waitlistEntryId: entry.id,
          from: 'waiting',
          to: 'left',
        },
      ]);
    }
    return { kind: 'left', entry: present({ ...entry, status: 'left' }) };
  });
}

export type AcceptOutcome =
  | { kind: 'created' | 'existing'; booking: Booking }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'expired'; message: string };

// The held seats become a `requested` booking: the seats move from the offer to the booking, so
// seats_taken does not change. Accepting again answers the same booking.
export function acceptOffer(
  db: Database,
  request: {
    entryId: string;
    userId: string;
    input: Omit<BookingInput, 'packageId' | 'departureId' | 'travellers'>;
    // The verified token's email: where the booking's emails go (null: the account has none).
    accountEmail: string | null;
    actor: Actor;
    packages: Map<string, ServerPackage>;
    offers: OfferContext;
    maxHeldSeats: number;
    // The brand's operations inbox (OPERATIONS_EMAIL): told of the new request as of any other
    // booking (server/src/bookings/batch.ts). Unset: nobody is copied.
    operationsEmail?: string | null;
  },
): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const departureId = await ownEntryDeparture(tx, request.entryId, request.userId);
    if (departureId === undefined) return { kind: 'not-found' };
    // The user's held seats are counted under their lock, before any departure's
    // (server/src/bookings/held-seats.ts); an open offer is counted in them already.
    const held = (await lockHeldSeats(tx, [request.userId])).get(request.userId) ?? 0;
    const departure = await lockDeparture(tx, departureId);
    const entry = (await lockEntry(tx, request.entryId))!;
    if (entry.status === 'booked' && entry.booking_id) {
      const { rows: found } = await tx.query<BookingRow>(
        `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = $1`,
        [entry.booking_id],
      );
      return { kind: 'existing', booking: toBooking(found[0]!) };
    }
    if (entry.status !== 'offered') {
      const why: Record<string, string> = {
        waiting: msg('No seats are offered to this entry yet: we email you as soon as they are.'),
        left: msg('You left this waiting list.'),
        expired: msg('This offer has expired and its seats went to the next traveller waiting.'),
      };
      return { kind: 'conflict', message: why[entry.status] ?? msg('This entry cannot be accepted.') };
    }
    // A deadline passed before any process lapsed it: lapse it now, and pass the seats on.
    if (new Date(entry.offer_expires_at!).getTime() <= request.offers.now.getTime()) {
      await endOffer(tx, entry, 'expired', systemActor, request.offers);
      return {
        kind: 'expired',
        message: msg('This offer has expired and its seats went to the next traveller waiting.'),
      };
    }
    // Closed by the brand since the offer (or departed): no booking on it, as POST /api/bookings
    // refuses one. The offer keeps its seats until its deadline, so a reopened date can still
    // be accepted.
    if (departure && departure.status !== 'open') {
      return {
        kind: 'conflict',
        message: msg('This departure is closed for booking now. Please contact us or choose another date.'),
      };
    }
    if (departure && departure.starts_on <= todayIso('UTC', request.offers.now)) {
      return { kind: 'conflict', message: msg('This departure has already left.') };
    }
    const pkg = request.packages.get(entry.package_id);
    if (!pkg) return { kind: 'conflict', message: msg('This trip is no longer offered. Please contact us.') };
    // The offer's seats are in `held` already: accepting moves them, it adds none. Beyond the
    // limit (other requests made since the offer) the offer stays open to accept later.
    if (held > request.maxHeldSeats) {
      return {
        kind: 'conflict',
        message: heldSeatsMessage(held - entry.travellers, request.maxHeldSeats, entry.travellers),
      };
    }

    // The one booking writer (server/src/bookings/writer.ts): the booking, its guests, audit rows
    // and emails as every booking has them; the entry becomes `booked` and the offer's seats
    // move to the booking (seats_taken does not change).
    const { rows: full } = await tx.query<DepartureRow>(
      `SELECT ${departureColumns} FROM departures WHERE id = $1`,
      [entry.departure_id],
    );
    const [booking] = await writeBookings(
      async (statement, params) =>
        (await tx.query<{ id: string; created_at: Date | string }>(statement, params)).rows,
      [
        {
          id: randomUUID(),
          reference: newReference(),
          userId: request.userId,
          accountEmail: request.accountEmail,
          operationsEmail: request.operationsEmail ?? null,
          actor: request.actor,
          // The booking is in the language the party joined the list in (migration 67), as its
          // emails were: the offer's page sends none.
          input: { ...request.input, language: entry.language },
          pkg,
          travellers: entry.travellers,
          idempotencyKey: null,
          departure: full[0]!,
          waitlistEntryId: entry.id,
        },
      ],
    );
    return { kind: 'created', booking: booking! };
  });
}

// Lapses every offer whose deadline has passed, one departure a transaction, and passes its
// seats on. Any number of processes may run this at once: the departure's lock and the
// conditional status change in endOffer make each offer lapse once. Returns the offers lapsed.
export async function expireOffers(db: Database, offers: () => OfferContext, limit = 100): Promise<number> {
  const { rows: due } = await db.query<{ departure_id: string }>(
    `SELECT DISTINCT departure_id FROM waitlist_entries
      WHERE status = 'offered' AND offer_expires_at <= $1 ORDER BY departure_id LIMIT $2`,
    [offers().now.toISOString(), limit],
  );
  let lapsed = 0;
  for (const { departure_id } of due) {
    lapsed += await db.transaction(async (tx) => {
      const ctx = offers();
      await lockDeparture(tx, departure_id);
      const { rows } = await tx.query<{ id: string; departure_id: string; travellers: number }>(
        `SELECT id, departure_id, travellers FROM waitlist_entries
          WHERE departure_id = $1 AND status = 'offered' AND offer_expires_at <= $2
          ORDER BY position FOR UPDATE`,
        [departure_id, ctx.now.toISOString()],
      );
      let n = 0;
      for (const entry of rows) if (await endOffer(tx, entry, 'expired', systemActor, ctx)) n++;
      return n;
    });
  }
  return lapsed;
}
