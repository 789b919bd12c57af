// The console's departures: the schedule with seats and bookings, and the operator's changes,
// each in one transaction with its audit rows.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DepartureChange, NewDeparture } from '#contracts/admin';
import type { DepartureStatus } from '#contracts/departure';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { builder, run } from '../db/query-builder.js';
import { closeEntriesThatCannotFit } from '../seats/close-unfit-entries.js';
import { departureColumns, departureFields, type DepartureRow } from '../db/schema.js';
import { offerFreedSeats, type OfferContext } from '../seats/offer-freed-seats.js';
import { offeredSeatsSql } from '../departures/repository.js';
import { defaultDecideBy, defaultDecisionDays } from '#contracts/departure-risk';
import { departurePageSize } from '#contracts/admin';
import { centsToDollars, dollarsToCents } from '#contracts/money';
import { formatPrice } from '#contracts/price';
import type { DepartureCursor } from './filters.js';
import { noteStaffRole } from './staff.js';

export type AdminDepartureRow = DepartureRow & {
  booking_count: number;
  offered: number;
  waiting: number;
  // The uids of its guides (migration 20), in uid order.
  guides: string[];
  travellers_complete: number;
  travellers_total: number;
};

// The columns of every departure read (departureFields, db/schema.ts) plus the active bookings
// on each departure: the counter the bookings' triggers keep (migration 26), not a count of the
// bookings, which read every booking of every departure listed (2.9 s for 5,000 departures over a
// million bookings).
const selectDepartures = () =>
  builder
    .selectFrom('departures as d')
    .leftJoin('departure_travellers as t', 't.departure_id', 'd.id')
    .select((eb) => [
      ...departureFields.map((c) => `d.${c}` as const),
      sql<string>`to_char(d.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      sql<string>`to_char(d.decide_by, 'YYYY-MM-DD')`.as('decide_by'),
      'd.active_bookings as booking_count',
      // Seats held by open offers (waiting-list offers and the brand's move offers to this date,
      // departures/repository.ts offeredSeatsSql), and travellers still waiting (the partial
      // indexes answer each).
      sql.raw<number>(offeredSeatsSql('d')).as('offered'),
      eb
        .selectFrom('waitlist_entries as w')
        .select(sql<number>`coalesce(sum(w.travellers), 0)::int`.as('n'))
        .whereRef('w.departure_id', '=', 'd.id')
        .where('w.status', '=', 'waiting')
        .as('waiting'),
      sql<string[]>`(SELECT coalesce(json_agg(g.uid ORDER BY g.uid), '[]'::json)
      FROM departure_guides g WHERE g.departure_id = d.id)`.as('guides'),
      // "N of M travellers complete": the guests of its active bookings, and those whose details are
      // complete (contracts/guests.ts, guestComplete), whoever filled them in: the counts the
      // triggers keep (migration 46), not a count of the guests (5 s for 5,000 departures).
      't.total as travellers_total',
      't.complete as travellers_complete',
    ]);

// The counts a departure without bookings, offers or travellers reads as null, as 0. In place,
// on the rows this read made: a spread of each row would build slow, dictionary-shaped objects
// (server/src/bookings/booking-row.ts).
const normalise = (
  rows: {
    booking_count: number | null;
    offered: number | null;
    waiting: number | null;
    travellers_complete: number | null;
    travellers_total: number | null;
  }[],
) => {
  for (const r of rows) {
    r.travellers_complete ??= 0;
    r.travellers_total ??= 0;
    r.booking_count ??= 0;
    r.offered ??= 0;
    r.waiting ??= 0;
  }
  return rows as AdminDepartureRow[];
};

// Ascending by date, past ones included, a page at a time from after `cursor` (keyset: the
// unique (package_id, starts_on) and id order it, and departures_starts_on or
// departures_package_date reads it). Answers up to `limit` rows and whether more follow.
export async function listAdminDepartures(
  db: Queryable,
  filters: { packageId?: string; from?: string; cursor?: DepartureCursor; limit?: number },
): Promise<{ rows: AdminDepartureRow[]; more: boolean }> {
  const limit = filters.limit ?? departurePageSize.default;
  const after = filters.cursor;
  const rows = await run(
    db,
    selectDepartures()
      .$if(filters.packageId !== undefined, (q) => q.where('d.package_id', '=', filters.packageId!))
      .$if(filters.from !== undefined, (q) => q.where('d.starts_on', '>=', filters.from!))
      .$if(after !== undefined, (q) =>
        q.where(
          sql<boolean>`(d.starts_on, d.package_id, d.id) > (${after!.startsOn}::date, ${after!.packageId}, ${after!.id}::uuid)`,
        ),
      )
      .orderBy('d.starts_on')
      .orderBy('d.package_id')
      .orderBy('d.id')
      .limit(limit + 1),
  );
  return { rows: normalise(rows.slice(0, limit)), more: rows.length > limit };
}

export async function findAdminDeparture(db: Queryable, id: string): Promise<AdminDepartureRow | undefined> {
  return normalise(await run(db, selectDepartures().where('d.id', '=', id)))[0];
}

// Meeting point and time as stored: trimmed, and '' (or only spaces) clears them. undefined: not
// sent (a change leaves it as it is).
const meetingValue = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.trim() || null;

export type CreateOutcome = { kind: 'created'; departure: AdminDepartureRow } | { kind: 'duplicate' };

// The unique (package_id, starts_on) decides duplicates, so two operators adding the same date
// at once get one departure and one 409, never two rows.
// `decisionDays` (DECISION_DAYS): without a decideBy of its own, the date is that many days before.
export function createDeparture(
  db: Database,
  input: NewDeparture,
  actor: Actor,
  decisionDays = defaultDecisionDays,
): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const decideBy = input.decideBy ?? defaultDecideBy(input.startsOn, decisionDays);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO departures (id, package_id, starts_on, capacity, min_travellers, meeting_point, meeting_time, price_cents, decide_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT ON CONSTRAINT departures_package_date DO NOTHING RETURNING id`,
      [
        id,
        input.packageId,
        input.startsOn,
        input.capacity,
        input.minTravellers ?? 0,
        meetingValue(input.meetingPoint) ?? null,
        meetingValue(input.meetingTime) ?? null,
        // Whole dollars in the request (contracts/catalogue.ts), cents in the table.
        input.price == null ? null : dollarsToCents(input.price),
        decideBy,
      ],
    );
    if (rows.length === 0) return { kind: 'duplicate' };
    const minimum = `${input.minTravellers ? `, at least ${input.minTravellers} travellers` : ''}${input.price ? `, ${formatPrice(input.price)}` : ''}, decide by ${decideBy}`;
    await recordAudit(tx, [
      {
        actor,
        action: 'departure.created',
        departureId: id,
        from: null,
        to: `${input.startsOn}, ${input.capacity} seats${minimum}`,
      },
    ]);
    const departure = await findAdminDeparture(tx, id);
    return { kind: 'created', departure: departure! };
  });
}

export type ChangeOutcome =
  | { kind: 'changed' | 'unchanged'; departure: AdminDepartureRow }
  | { kind: 'not-found' }
  | { kind: 'below-seats'; seatsTaken: number }
  | { kind: 'min-above-capacity' }
  // decideBy after the departure's date.
  | { kind: 'decide-after-start' }
  // A uid in `guides` is not an account with the guide role.
  | { kind: 'not-guides' };

// The departure's row lock is the one the booking transaction takes (bookings/repository.ts), so a
// booking in flight either commits before the cut (and is counted here) or waits and sees the
// new capacity: seats are never cut below what is sold. The CHECK on departures is the backstop.
// More seats or a reopened departure are seats come free: the waiting list is offered them in the
// same transaction (server/src/seats/offer-freed-seats.ts).
export function changeDeparture(
  db: Database,
  id: string,
  change: DepartureChange,
  actor: Actor,
  offers: OfferContext,
  // The uids among these whose role claim is guide (the identity provider): asked only for those
  // the staff index does not list as guides, so a guide whose role was set elsewhere (the
  // terminal, before anyone opened Team) can be assigned. Without it, the index alone decides.
  guidesByClaim?: (uids: string[]) => Promise<{ uid: string; email: string | null }[]>,
): Promise<ChangeOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DepartureRow>(
      `SELECT ${departureColumns} FROM departures WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const row = rows[0];
    if (!row) return { kind: 'not-found' };
    const capacity = change.capacity ?? row.capacity;
    const status: DepartureStatus = change.status ?? row.status;
    const minTravellers = change.minTravellers ?? row.min_travellers;
    if (capacity < row.seats_taken) return { kind: 'below-seats', seatsTaken: row.seats_taken };
    if (minTravellers > capacity) return { kind: 'min-above-capacity' };
    const decideBy = change.decideBy ?? row.decide_by;
    if (decideBy > row.starts_on) return { kind: 'decide-after-start' };

    const entries: AuditEntry[] = [];
    if (change.guides !== undefined) {
      const guides = [...new Set(change.guides)].sort();
      const { rows: known } = await tx.query<{ uid: string }>(
        `SELECT uid FROM staff WHERE role = 'guide' AND uid = ANY($1::text[])`,
        [guides],
      );
      if (known.length !== guides.length) {
        const listed = new Set(known.map((r) => r.uid));
        const unlisted = guides.filter((uid) => !listed.has(uid));
        const confirmed = guidesByClaim ? await guidesByClaim(unlisted) : [];
        if (confirmed.length !== unlisted.length) return { kind: 'not-guides' };
        // The index learns what the claim said.
        for (const g of confirmed) await noteStaffRole(tx, g.uid, g.email, 'guide');
      }
      const { rows: current } = await tx.query<{ uid: string }>(
        'SELECT uid FROM departure_guides WHERE departure_id = $1 ORDER BY uid',
        [id],
      );
      const before = current.map((r) => r.uid);
      if (before.join(',') !== guides.join(',')) {
        await tx.query('DELETE FROM departure_guides WHERE departure_id = $1', [id]);
        await tx.query('INSERT INTO departure_guides (departure_id, uid) SELECT $1, unnest($2::text[])', [
          id,
          guides,
        ]);
        // Account ids, not personal data: who was assigned, for the trail.
        entries.push({
          actor,
          action: 'departure.guides',
          departureId: id,
          from: before.join(' ') || null,
          to: guides.join(' ') || null,
        });
      }
    }
    if (capacity !== row.capacity) {
      entries.push({
        actor,
        action: 'departure.capacity',
        departureId: id,
        from: String(row.capacity),
        to: String(capacity),
      });
    }
    if (status !== row.status) {
      entries.push({
        actor,
        action: status === 'closed' ? 'departure.closed' : 'departure.reopened',
        departureId: id,
        from: row.status,
        to: status,
      });
    }
    if (minTravellers !== row.min_travellers) {
      entries.push({
        actor,
        action: 'departure.minimum',
        departureId: id,
        from: String(row.min_travellers),
        to: String(minTravellers),
      });
    }
    const meetingPoint =
      change.meetingPoint === undefined ? row.meeting_point : (meetingValue(change.meetingPoint) ?? null);
    const meetingTime =
      change.meetingTime === undefined ? row.meeting_time : (meetingValue(change.meetingTime) ?? null);
    // The values are the brand's own (a station, a time), not personal data: the trail keeps them.
    if (meetingPoint !== row.meeting_point) {
      entries.push({
        actor,
        action: 'departure.meeting-point',
        departureId: id,
        from: row.meeting_point,
        to: meetingPoint,
      });
    }
    if (meetingTime !== row.meeting_time) {
      entries.push({
        actor,
        action: 'departure.meeting-time',
        departureId: id,
        from: row.meeting_time,
        to: meetingTime,
      });
    }
    // Bookings keep the price they were made at (bookings.price_cents): only new ones take this.
    // Cents, as stored; the trail writes whole dollars, as it always has.
    const price =
      change.price === undefined
        ? row.price_cents
        : change.price === null
          ? null
          : dollarsToCents(change.price);
    if (price !== row.price_cents) {
      const shown = (p: number | null) => (p === null ? 'package price' : String(centsToDollars(p)));
      entries.push({
        actor,
        action: 'departure.price',
        departureId: id,
        from: shown(row.price_cents),
        to: shown(price),
      });
    }
    if (decideBy !== row.decide_by) {
      entries.push({
        actor,
        action: 'departure.decide-by',
        departureId: id,
        from: row.decide_by,
        to: decideBy,
      });
    }
    if (entries.length > 0) {
      await tx.query(
        `UPDATE departures SET capacity = $2, status = $3, min_travellers = $4, meeting_point = $5,
           meeting_time = $6, price_cents = $7, decide_by = $8, updated_at = now()
         WHERE id = $1`,
        [id, capacity, status, minTravellers, meetingPoint, meetingTime, price, decideBy],
      );
      await recordAudit(tx, entries);
      if (capacity < row.capacity) {
        await closeEntriesThatCannotFit(
          tx,
          { id, capacity, startsOn: row.starts_on, packageName: offers.packageName(row.package_id) },
          actor,
        );
      }
      if (capacity > row.capacity || (status === 'open' && row.status === 'closed')) {
        await offerFreedSeats(tx, id, offers);
      }
    }
    const departure = await findAdminDeparture(tx, id);
    return { kind: entries.length > 0 ? 'changed' : 'unchanged', departure: departure! };
  });
}
