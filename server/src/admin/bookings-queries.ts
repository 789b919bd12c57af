// The console's reads of bookings: the filtered, newest-first list with its keyset cursor, one
// booking, its audit trail, and a departure's passengers.
import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import { asReference } from '#contracts/booking';
import type { OperatorGuest } from '#contracts/guests';
import type { PaymentEntry } from '#contracts/payment';
import { toAdminBooking } from '../bookings/booking-row.js';
import type { Queryable } from '../db/database.js';
import { encodeCursor, type BookingFilters, type Cursor } from './filters.js';
import { builder, run, runPrepared } from '../db/query-builder.js';
import { overdueHalvesSql, paymentFilterSql } from '../money/sql.js';
import {
  bookingFields,
  guestsJson,
  moveOfferJson,
  paymentEntriesJson,
  type AuditEventsTable,
  type BookingRow,
  type Tables,
} from '../db/schema.js';
import type { AdminBooking, AuditEvent, ManifestBooking, Note } from '#contracts/api';

type Scope = { b: Tables['bookings']; d: Tables['departures']; booking_search: Tables['booking_search'] };

// The columns of every booking read (bookingFields, db/schema.ts), so toAdminBooking reads the
// rows, plus the row's place in the newest-first order at full (microsecond) precision: a JS Date keeps
// milliseconds only, and a cursor rounded to them would skip or repeat rows. `guests: false` (the
// CSV, which has no traveller columns) reads none: the travellers' JSON is a subquery a row.
// `moveOffer`: the booking's open move offer too (one booking's page: staff answer it for the
// party), not on the lists, which stay as they were measured.
const selectBookings = ({ guests = true, moveOffer = false } = {}) =>
  builder
    .selectFrom('bookings as b')
    .leftJoin('departures as d', 'd.id', 'b.departure_id')
    .select([
      ...bookingFields.map((c) => `b.${c}` as const),
      sql<string | null>`to_char(d.starts_on, 'YYYY-MM-DD')`.as('starts_on'),
      'd.meeting_point',
      'd.meeting_time',
      sql<OperatorGuest[]>`${sql.raw(guests ? guestsJson : `'[]'::json`)}`.as('guests'),
      // The ledger (one index probe a booking); the CSV has no column for it.
      sql<PaymentEntry[]>`${sql.raw(guests ? paymentEntriesJson : `'[]'::json`)}`.as('payment_entries'),
      sql<string>`to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position'),
      sql<BookingRow['move_offer']>`${sql.raw(moveOffer ? moveOfferJson : 'NULL::json')}`.as('move_offer'),
    ]);

type Row = BookingRow & { position: string };

// `\`, `%` and `_` are LIKE's own characters: searched for as themselves.
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// What `q` asks for: a whole reference (asReference, #contracts/booking) is a look-up of that
// reference in its unique index, because every booking's search text holds the reference prefix
// and the trigram index read the posting lists of nearly all bookings for it
// (docs/decisions/056-reference-search.md); a name or an email holding a whole reference is not
// looked for. Any other text is searched for.
// At most one of the two is set.
type Search = { reference?: string; text?: string };
const searchOf = (q: string | undefined): Search => {
  if (q === undefined) return {};
  const reference = asReference(q);
  return reference === null ? { text: q } : { reference };
};

// The filters that are a column of the booking itself, as conditions on `b`: the list's, and the
// overdue pages' halves (overdueNewest) too.
const columnFilters = (filters: BookingFilters, search: Search) =>
  [
    // A constant, not a parameter (one of three, checked in ./filters.ts): the prepared plan of
    // each status is its own, and cancelled's reads its own index (migration 49).
    filters.status !== undefined && sql<boolean>`b.status = ${sql.lit(filters.status)}`,
    filters.packageId !== undefined && search.text === undefined && sql<boolean>`b.package_id = ${filters.packageId}`,
    filters.departureId !== undefined && sql<boolean>`b.departure_id = ${filters.departureId}`,
    search.reference !== undefined && sql<boolean>`b.reference = ${search.reference}`,
  ].filter((c) => c !== false);

const newestFirstAfter = (at: RawBuilder<unknown>, id: RawBuilder<unknown>, after: Cursor) =>
  sql<boolean>`(${at}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;

// One page of the overdue bookings, newest first: the ids of the page (`limit` of them after the
// cursor), where the filter alone (server/src/money/sql.ts paymentFilterSql) finds every overdue
// booking and fetches each row to sort them. Each half reads the ids and creation times from its
// own index, which holds both (migration 66); only the page's rows are fetched. The list's other
// column filters are asked in each half too.
const overdueNewest = (conditions: RawBuilder<boolean>[], limit: number) => {
  const where = sql.join(conditions, sql` AND `);
  const half = (phase: string) => sql`SELECT b.id, b.created_at FROM bookings b WHERE ${sql.raw(phase)} AND ${where}`;
  return sql<boolean>`b.id = ANY(ARRAY(SELECT o.id FROM (${half(overdueHalvesSql[0])} UNION ALL ${half(
    overdueHalvesSql[1],
  )}) o ORDER BY o.created_at DESC, o.id DESC LIMIT ${sql.lit(limit)}))`;
};

const applyFilters = <O>(
  query: SelectQueryBuilder<Scope, 'b' | 'd', O>,
  filters: BookingFilters,
  search: Search,
  page?: { after?: Cursor; limit: number },
) => {
  const columns = columnFilters(filters, search);
  // Paged, without a search, overdue reads its page's ids alone (above).
  const overduePage = filters.payment === 'overdue' && search.text === undefined && page !== undefined;
  return (
    query
      .$if(columns.length > 0, (q) => q.where(sql<boolean>`${sql.join(columns, sql` AND `)}`))
      .$if(overduePage, (q) =>
        q.where(
          overdueNewest(
            [
              ...columns,
              page!.after ? newestFirstAfter(sql.ref('b.created_at'), sql.ref('b.id'), page!.after) : sql<boolean>`true`,
            ],
            page!.limit,
          ),
        ),
      )
      // A constant condition per state (server/src/money/sql.ts paymentFilterSql), chosen from the
      // checked value.
      .$if(filters.payment !== undefined && !overduePage, (q) =>
        q.where(sql<boolean>`${sql.raw(paymentFilterSql[filters.payment!])}`),
      )
    // A search joins the booking's search text (migration 50: reference, name and email in one
    // text, lower-cased when written, chr(31) between them so a match stays within one field),
    // and the list is then walked in that table's newest-first index, which holds the text: see
    // docs/decisions/051-search-table.md. lower() of the pattern is PostgreSQL's, as the text's
    // was, and matches as ILIKE did.
    .$if(search.text !== undefined, (q) =>
      q
        .innerJoin('booking_search as s', 's.id', 'b.id')
        .where(sql<boolean>`s.text LIKE lower(${likePattern(search.text!)})`)
        // The same package, read from the search table (migration 53), whose index walks one
        // package newest first with the text: a search within a package reads that package's
        // entries only (docs/decisions/058-search-within-a-package.md).
        .$if(filters.packageId !== undefined, (q) => q.where('s.package_id', '=', filters.packageId!)),
      )
  );
};

export type BookingsPage = { bookings: AdminBooking[]; next: Cursor | null };

// Newest first, (created_at, id) descending: the row comparison walks the bookings_created index
// (a search: booking_search_created, the same values). Bookings made after the first page sort
// before the cursor, so paging on never repeats a row nor skips one that existed when the first
// page was read.
export async function listAdminBookings(
  db: Queryable,
  filters: BookingFilters,
  limit: number,
  after?: Cursor,
  { guests = true } = {},
): Promise<BookingsPage> {
  const search = searchOf(filters.q);
  const searching = search.text !== undefined;
  const at = sql.ref(searching ? 's.created_at' : 'b.created_at');
  const id = sql.ref(searching ? 's.id' : 'b.id');
  const query = applyFilters(selectBookings({ guests }), filters, search, { after, limit: limit + 1 })
    .$if(after !== undefined, (q) => q.where(newestFirstAfter(at, id, after!)))
    .orderBy(at, 'desc')
    .orderBy(id, 'desc')
    // One more than asked: a next page exists only if it has a row (no cursor to an empty page).
    .limit(limit + 1);
  // Prepared (planned once per connection for each combination of filters) unless it searches:
  // a search's plan depends on how common its text is, the trigram index for rare text, the
  // newest-first walk for common text (docs/decisions/045-search-on-a-million-bookings.md), which
  // only a plan made for each search can choose.
  const rows = searching ? await run<Row>(db, query) : await runPrepared<Row>(db, 'admin_bookings', query);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    bookings: page.map(toAdminBooking),
    next: rows.length > limit && last ? { at: last.position, id: last.id } : null,
  };
}

export const cursorOf = (next: Cursor | null) => (next ? encodeCursor(next) : null);

export async function findAdminBooking(db: Queryable, id: string): Promise<AdminBooking | undefined> {
  const [row] = await run<Row>(db, selectBookings({ moveOffer: true }).where('b.id', '=', id));
  return row ? toAdminBooking(row) : undefined;
}

// Who travels on a departure: its active bookings, by name, with their internal notes. Two
// statements at once, each prepared (one shape whatever the departure).
export async function listManifestBookings(db: Queryable, departureId: string): Promise<ManifestBooking[]> {
  const [rows, notes] = await Promise.all([
    runPrepared<Row>(
      db,
      'manifest_bookings',
      selectBookings()
        .where('b.departure_id', '=', departureId)
        .where('b.status', '<>', 'cancelled')
        .orderBy(sql`lower(b.name)`)
        .orderBy('b.name')
        .orderBy('b.reference'),
    ),
    runPrepared(
      db,
      'manifest_notes',
      builder
        .selectFrom('booking_notes as n')
        .innerJoin('bookings as b', 'b.id', 'n.booking_id')
        .select(['n.id', 'n.booking_id', 'n.author', 'n.text', 'n.at'])
        .where('b.departure_id', '=', departureId)
        .where('b.status', '<>', 'cancelled')
        .orderBy('n.at')
        .orderBy('n.id'),
    ),
  ]);
  const byBooking = notesByBooking(notes);
  return rows.map((r) => Object.assign(toAdminBooking(r), { notes: byBooking.get(r.id) ?? [] }));
}

// The internal notes of these bookings, oldest first, by booking.
export async function listNotes(db: Queryable, bookingIds: string[]): Promise<Map<string, Note[]>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await run(
    db,
    builder
      .selectFrom('booking_notes')
      .select(['id', 'booking_id', 'author', 'text', 'at'])
      .where('booking_id', 'in', bookingIds)
      .orderBy('at')
      .orderBy('id'),
  );
  return notesByBooking(rows);
}

function notesByBooking(
  rows: { id: string; booking_id: string; author: string; text: string; at: Date | string }[],
) {
  const byBooking = new Map<string, Note[]>();
  for (const r of rows) {
    const list = byBooking.get(r.booking_id) ?? [];
    list.push({ id: r.id, at: new Date(r.at).toISOString(), author: r.author, text: r.text });
    byBooking.set(r.booking_id, list);
  }
  return byBooking;
}

const eventFields = [
  'a.at',
  'a.actor',
  'a.actor_type',
  'a.action',
  'a.from_value',
  'a.to_value',
  'a.reason',
] as const;
type EventRow = Pick<
  Selectable<AuditEventsTable>,
  'at' | 'actor' | 'actor_type' | 'action' | 'from_value' | 'to_value' | 'reason'
> & { note: string | null };

// Oldest first; the bigserial id orders rows written in one transaction (same `at`). An internal
// note's row carries the note's text (operators only: this is the console's API).
export async function listBookingEvents(db: Queryable, bookingId: string): Promise<AuditEvent[]> {
  const rows = await run<EventRow>(
    db,
    builder
      .selectFrom('audit_events as a')
      .leftJoin('booking_notes as n', 'n.id', 'a.note_id')
      .select([...eventFields, 'n.text as note'])
      .where('a.booking_id', '=', bookingId)
      .orderBy('a.id'),
  );
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    actorType: r.actor_type,
    action: r.action,
    from: r.from_value,
    to: r.to_value,
    ...(r.reason === null ? {} : { reason: r.reason }),
    ...(r.note === null ? {} : { note: r.note }),
  }));
}
