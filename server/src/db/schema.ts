// The tables as the migrations (./migrations.ts) leave them, written once: Kysely's `Tables`
// interface for the typed builder (./query-builder.ts), and every row type and column list the
// server's queries read, derived from it. A migration that changes a table changes it here too;
// the queries that read the column then fail to compile rather than to run.
// How queries are written (builder or SQL): docs/decisions/007-console-queries.md.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ActorType } from '#contracts/admin';
import type { BookingStatus } from '#contracts/booking';
import type { DepartureStatus } from '#contracts/departure';
import type { WaitlistStatus } from '#contracts/waitlist';
import type { CheckInState, OperatorGuest } from '#contracts/guests';

// pg answers a timestamptz as a Date; both drivers take a Date or an ISO string. The ones with a
// default (now()) may be left out of an insert.
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | string | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type BookingsTable = {
  id: string;
  reference: string;
  user_id: string;
  package_id: string;
  package_name: string;
  price_cents: number;
  name: string;
  email: string;
  // The signed-in account's email (from the verified token), where the emails about the booking
  // go; `email` is the contact typed in the form, for staff. Bookings stored before migration 3
  // have the typed one here too.
  account_email: string | null;
  address: string;
  phone: string;
  idempotency_key: string | null;
  // Null for bookings stored before departures existed ("date to be agreed").
  departure_id: string | null;
  travellers: Generated<number>;
  total_cents: number;
  status: Generated<BookingStatus>;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DeparturesTable = {
  id: string;
  package_id: string;
  // A date: always read as text (pg would turn it into a Date at local midnight).
  starts_on: string;
  capacity: number;
  seats_taken: Generated<number>;
  status: Generated<DepartureStatus>;
  // Migration 5: travellers needed for the departure to be guaranteed; 0 = no minimum.
  min_travellers: Generated<number>;
  // Set by operators, shown to travellers (migration 6): up to 200 characters, and HH:MM.
  meeting_point: string | null;
  meeting_time: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // When its travellers' sensitive details were erased (server/src/guests/retention.ts).
  guests_erased_at: NullableTimestamp;
};

// Migration 5: one party waiting for seats on one departure; while 'offered' its travellers are
// counted in departures.seats_taken until offer_expires_at (server/src/waitlist).
export type WaitlistEntriesTable = {
  id: string;
  position: Generated<string>;
  departure_id: string;
  package_id: string;
  user_id: string;
  user_email: string;
  travellers: number;
  status: Generated<WaitlistStatus>;
  offered_at: NullableTimestamp;
  offer_expires_at: NullableTimestamp;
  booking_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type AuditEventsTable = {
  id: Generated<string>;
  at: Timestamp;
  booking_id: string | null;
  departure_id: string | null;
  actor_type: ActorType;
  actor: string;
  action: string;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  // Migration 5: the waiting-list entry a row is about.
  waitlist_entry_id: string | null;
  // The internal note the row records (action "note.added").
  note_id: string | null;
};

// One traveller of a booking (migration 4): '' is "not given yet"; the date of birth is null then.
export type BookingGuestsTable = {
  booking_id: string;
  position: number;
  full_name: Generated<string>;
  date_of_birth: string | null;
  dietary: Generated<string>;
  medical: Generated<string>;
  emergency_name: Generated<string>;
  emergency_phone: Generated<string>;
  check_in: CheckInState | null;
  updated_at: Timestamp;
};

// Operators' internal notes on a booking: never in a traveller's payload or email.
export type BookingNotesTable = {
  id: string;
  booking_id: string;
  author: string;
  text: string;
  at: Timestamp;
};

export type OutboxTable = {
  id: string;
  booking_id: string | null;
  kind: string;
  recipient: string;
  // jsonb: pg answers it parsed, PGlite too; written as a JSON string.
  payload: unknown;
  status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  run_after: Timestamp;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  // The account whose unverified address it went to (migration 12); null otherwise.
  unverified_user: ColumnType<string | null, string | null | undefined, string | null>;
};

// Addresses of accounts that have not verified them (migration 12).
export type UnverifiedAddressesTable = {
  email: string;
  user_id: string;
};

// Session cookies their user signed out of, by hash, until they expire (migration 11).
export type SignedOutSessionsTable = {
  cookie_hash: string;
  expires_at: Timestamp;
};

// One row a reminder sent (migration 6): the primary key (booking_id, kind) is what makes each go
// out once, whatever the number of processes (server/src/reminders/reminders.ts).
export type RemindersTable = {
  booking_id: string;
  kind: 'details' | 'trip';
  sent_at: Timestamp;
};

// When each operator last looked at the bookings (migration 6).
export type OperatorViewsTable = {
  operator_id: string;
  seen_at: Timestamp;
};

// The seats each user holds awaiting confirmation (migration 7), kept by triggers on bookings and
// waitlist_entries; read under the user's held-seat lock (server/src/bookings/held-seats.ts).
export type HeldSeatsTable = {
  user_id: string;
  seats: number;
};

export type Tables = {
  bookings: BookingsTable;
  departures: DeparturesTable;
  audit_events: AuditEventsTable;
  outbox: OutboxTable;
  waitlist_entries: WaitlistEntriesTable;
  reminders: RemindersTable;
  operator_views: OperatorViewsTable;
  booking_guests: BookingGuestsTable;
  booking_notes: BookingNotesTable;
  held_seats: HeldSeatsTable;
  signed_out_sessions: SignedOutSessionsTable;
  unverified_addresses: UnverifiedAddressesTable;
};

// --- What the queries read ---------------------------------------------------------------------

// A date column as text, YYYY-MM-DD.
export const dateText = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

// A booking as every booking read selects it, from `bookings b LEFT JOIN departures d`: its own
// columns and its departure's date.
export const bookingFields = [
  'id',
  'reference',
  'user_id',
  'package_id',
  'package_name',
  'price_cents',
  'name',
  'email',
  'account_email',
  'address',
  'phone',
  'departure_id',
  'travellers',
  'total_cents',
  'status',
  'cancel_reason',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof BookingsTable)[];

export type BookingRow = Pick<Selectable<BookingsTable>, (typeof bookingFields)[number]> & {
  starts_on: string | null;
  // Its departure's meeting point and time (null without a departure or until set).
  meeting_point: string | null;
  meeting_time: string | null;
  // The travellers' details, in order (guestsJson below).
  guests: OperatorGuest[];
};

// A booking's guests as one JSON array, in order, so every query that reads bookings reads them in
// the same round trip (server/src/guests/repository.ts writes them).
export const guestsJson = `(SELECT coalesce(json_agg(json_build_object(
    'fullName', g.full_name, 'dateOfBirth', to_char(g.date_of_birth, 'YYYY-MM-DD'),
    'dietary', g.dietary, 'medical', g.medical, 'emergencyName', g.emergency_name,
    'emergencyPhone', g.emergency_phone, 'checkIn', g.check_in) ORDER BY g.position), '[]')
  FROM booking_guests g WHERE g.booking_id = b.id)`;

export const bookingsFrom = 'bookings b LEFT JOIN departures d ON d.id = b.departure_id';
export const bookingColumns = [
  ...bookingFields.map((c) => `b.${c}`),
  `${dateText('d.starts_on')} AS starts_on`,
  'd.meeting_point',
  'd.meeting_time',
  `${guestsJson} AS guests`,
].join(', ');

// A departure as every departure read selects it.
export const departureFields = [
  'id',
  'package_id',
  'capacity',
  'seats_taken',
  'status',
  'min_travellers',
  'meeting_point',
  'meeting_time',
] as const satisfies readonly (keyof DeparturesTable)[];

export type DepartureRow = Pick<Selectable<DeparturesTable>, (typeof departureFields)[number]> & {
  starts_on: string;
  // Seats held by open waiting-list offers (part of seats_taken); read where it is shown.
  offered?: number;
};

export const departureColumns = [...departureFields, `${dateText('starts_on')} AS starts_on`].join(', ');

// Rows written with insertRows (./sql.ts): the columns in the order the values come.
export const auditColumns = [
  'booking_id',
  'departure_id',
  'actor_type',
  'actor',
  'action',
  'from_value',
  'to_value',
  'reason',
  'waitlist_entry_id',
  'note_id',
] as const satisfies readonly (keyof AuditEventsTable)[];

export const outboxColumns = [
  'id',
  'booking_id',
  'kind',
  'recipient',
  'payload',
  'unverified_user',
] as const satisfies readonly (keyof OutboxTable)[];
