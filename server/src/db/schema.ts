// The tables as the migrations (./migrations.ts) leave them, written once: Kysely's `Tables`
// interface for the typed builder (./query-builder.ts), and every row type and column list the
// server's queries read, derived from it. A migration that changes a table changes it here too;
// the queries that read the column then fail to compile rather than to run.
// How queries are written (builder or SQL): docs/decisions/007-console-queries.md.
import type { AnswerQuestion } from '#contracts/answers';
import type { PackageStatus, PackageTranslations, Question } from '#contracts/catalogue';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ActorType } from '#contracts/admin';
import type { BookingStatus } from '#contracts/booking';
import type { DepartureStatus } from '#contracts/departure';
import type { WaitlistStatus } from '#contracts/waitlist';
import type { OperatorGuest } from '#contracts/guests';
import type { CheckInState } from '#contracts/check-in';
import type { CancellationFee, PaymentEntry, PaymentKind, PaymentMethod } from '#contracts/payment';
import type { Language } from '#contracts/language';

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
  // Migration 60: the package's payment terms copied when the booking was made (contracts/payment.ts).
  deposit_percent: Generated<number>;
  balance_due_days: Generated<number>;
  cancellation_fees: Generated<CancellationFee[]>;
  // When the deposit is due; null for bookings made before migration 60 (they never lapse).
  deposit_due_at: NullableTimestamp;
  // Staff made it without a deposit deadline (never lapsed).
  deposit_waived: Generated<boolean>;
  // Migration 63: the site's language the booking was made in; its emails are written in it.
  language: Generated<Language>;
  // Payments - refunds and refunds, kept by the ledger's trigger (payment_entries): never written
  // by a query.
  paid_cents: Generated<number>;
  refunded_cents: Generated<number>;
  // What the brand keeps of a cancelled booking (0: the brand cancelled); null while active.
  cancellation_fee_cents: number | null; // Migration 65: the departure's date less balance_due_days (null without a departure), written
  // by the database's triggers only (docs/decisions/073-stored-balance-date.md).
  balance_due_on: Generated<string | null>;
};

// Migration 60: the ledger, one row a payment or refund, never updated or deleted.
export type PaymentEntriesTable = {
  id: string;
  booking_id: string;
  kind: PaymentKind;
  method: PaymentMethod;
  amount_cents: number;
  currency: string;
  at: Timestamp;
  reference: string | null;
  note: string | null;
  provider_reference: string | null;
  staff: string | null;
  // Migration 62: whose share a card payment from a personal link paid (0 the lead).
  traveller_position: number | null;
};

// Migration 62: each verified Stripe webhook event, once (server/src/payments/stripe-webhook.ts).
// Migration 62: each refund asked of Stripe, with its idempotency key (server/src/payments/stripe-refunds.ts).
export type CardRefundsTable = {
  idempotency_key: string;
  booking_id: string;
  payment_intent: string;
  amount_cents: number;
  stripe_id: string | null;
  failed: Generated<boolean>;
  requested_at: Timestamp;
};

export type StripeEventsTable = {
  id: string;
  type: string;
  booking_id: string | null;
  outcome: string;
  received_at: Timestamp;
  payload: string | null;
  attempts: number;
  next_attempt_at: Timestamp;
  recorded_at: Timestamp | null;
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
  // Migration 16, in cents since migration 54: per person; null sells at the package's price.
  price_cents: number | null;
  // Migration 26: its bookings not cancelled, kept by triggers on bookings (the console's list).
  active_bookings: Generated<number>;
  // Migration 40: the go/no-go date (contracts/departure-risk.ts); a trigger defaults it.
  decide_by: Generated<string>;
};

// Migration 40: the brand moved a booking's departure; while 'open' its travellers are counted in
// the target's seats_taken until expires_at (server/src/moves, docs/decisions/040-move-offers-hold-seats.md).
export type MoveOffersTable = {
  id: string;
  booking_id: string;
  from_departure_id: string;
  to_departure_id: string;
  travellers: number;
  status: Generated<'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn'>;
  message: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 57: per person, what the party pays once it accepts (null: offered before, the
  // booking's own price).
  price_cents: number | null;
  // Migration 57: the SHA-256 of the personal link a party without an account answers through.
  answer_token_hash: string | null;
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
  // Migration 67: the site's language the entry was made in; its emails are written in it, and
  // the booking an accepted offer makes is in it too.
  language: Generated<Language>;
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
  // Migration 16: the package a catalogue row is about.
  package_id: string | null;
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
  // Migration 16: answers to the package's questions, keyed by question id.
  answers: Generated<Record<string, string | boolean>>;
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
  kind: 'details' | 'trip' | BalanceReminderKind;
  sent_at: Timestamp;
};

// Migration 60: the money reminders (server/src/payments/jobs.ts).
export type BalanceReminderKind = 'balance-14' | 'balance-3' | 'balance-overdue';

// A traveller's personal link to their own details (migration 23): the token's SHA-256 only
// (server/src/guest-links/tokens.ts), replaced by each new invitation or reminder.
export type GuestLinksTable = {
  booking_id: string;
  position: number;
  token_hash: string;
  email: string;
  invited_at: Timestamp;
  // Who the invitation is from: the account's display name (migration 55), '' before.
  lead_name: Generated<string>;
};

// One row a guest's reminder sent (migration 23): the primary key makes each go out once per
// guest and kind across processes (server/src/reminders/reminders.ts).
export type GuestRemindersTable = {
  booking_id: string;
  position: number;
  kind: 'details';
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

// Migration 46: each departure's travellers on active bookings, and those whose details are
// complete, kept by triggers on booking_guests and bookings (the console's departures list).
// No row: none yet.
export type DepartureTravellersTable = {
  departure_id: string;
  total: Generated<number>;
  complete: Generated<number>;
};

// Migration 20: who has a staff role (the Firebase claim is the truth; this is its index:
// server/src/admin/staff.ts), and which guides go with which departure.
export type StaffTable = {
  uid: string;
  email: string | null;
  role: 'owner' | 'operator' | 'guide';
  updated_at: Timestamp;
};
export type DepartureGuidesTable = {
  departure_id: string;
  uid: string;
};

export type StaffEventsTable = {
  id: Generated<string>;
  at: Timestamp;
  actor: string;
  staff_uid: string;
  from_role: string | null;
  to_role: string | null;
};

// Migration 50: the console's search text of each booking (reference, name and email, lower-cased),
// kept by triggers on bookings and read only by server/src/admin/bookings-queries.ts.
export type BookingSearchTable = {
  id: string;
  created_at: Timestamp;
  // Migration 53: the booking's package (it never changes), for a search within one package.
  package_id: string;
  text: string;
};

export type Tables = {
  staff_events: StaffEventsTable;
  booking_search: BookingSearchTable;
  staff: StaffTable;
  departure_guides: DepartureGuidesTable;
  bookings: BookingsTable;
  payment_entries: PaymentEntriesTable;
  stripe_events: StripeEventsTable;
  card_refunds: CardRefundsTable;
  departures: DeparturesTable;
  audit_events: AuditEventsTable;
  outbox: OutboxTable;
  waitlist_entries: WaitlistEntriesTable;
  move_offers: MoveOffersTable;
  reminders: RemindersTable;
  operator_views: OperatorViewsTable;
  booking_guests: BookingGuestsTable;
  booking_notes: BookingNotesTable;
  held_seats: HeldSeatsTable;
  departure_travellers: DepartureTravellersTable;
  signed_out_sessions: SignedOutSessionsTable;
  packages: PackagesTable;
  image_variants: ImageVariantsTable;
  catalogue_state: CatalogueStateTable;
  guest_links: GuestLinksTable;
  guest_reminders: GuestRemindersTable;
  unverified_addresses: UnverifiedAddressesTable;
  deleted_accounts: DeletedAccountsTable;
};

// Migration 55: accounts deleted through DELETE /api/me, refused by every process until any token
// one of them may still trust has expired (server/src/auth/deleted-accounts.ts).
export type DeletedAccountsTable = {
  uid: string;
  until: Timestamp;
};

// Migration 16: the catalogue (server/src/catalog/).
export type StoredImage = {
  id: string;
  alt: string;
  hash: string;
  width: number;
  height: number;
  widths: number[];
};
export type PackagesTable = {
  id: string;
  name: string;
  description: string;
  // Per person, in cents (migration 54; whole dollars before).
  price_cents: number;
  status: Generated<PackageStatus>;
  duration_days: number | null;
  itinerary: Generated<{ title: string; body: string }[]>;
  includes: Generated<string[]>;
  excludes: Generated<string[]>;
  questions: Generated<Question[]>;
  images: Generated<StoredImage[]>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 60: payment terms (contracts/payment.ts).
  deposit_percent: Generated<number>;
  balance_due_days: Generated<number>;
  cancellation_fees: Generated<CancellationFee[]>;
  // Migration 68: the texts in other languages ({} when none is translated).
  translations: Generated<PackageTranslations>;
};
export type ImageVariantsTable = {
  hash: string;
  width: number;
  format: 'avif' | 'webp';
  bytes: Buffer;
  // Migration 56: since when no package refers to it (server/src/catalog/image-purge.ts).
  unused_since: NullableTimestamp;
};
export type CatalogueStateTable = { id: number; version: Generated<string>; seeded_at: NullableTimestamp };

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
  'deposit_percent',
  'balance_due_days',
  'cancellation_fees',
  'deposit_due_at',
  'deposit_waived',
  'language',
  'paid_cents',
  'refunded_cents',
  'cancellation_fee_cents',
] as const satisfies readonly (keyof BookingsTable)[];

export type BookingRow = Pick<Selectable<BookingsTable>, (typeof bookingFields)[number]> & {
  starts_on: string | null;
  // Its departure's meeting point and time (null without a departure or until set).
  meeting_point: string | null;
  meeting_time: string | null;
  // The travellers' details, in order (guestsJson below), each with whether a personal link is out.
  guests: (OperatorGuest & { invited?: boolean })[];
  // The package's questions as they are now (migration 16; [] for a package no longer there).
  questions: AnswerQuestion[] | null;
  // Its ledger, oldest first (paymentEntriesJson below); absent on a row built in memory (none yet).
  payment_entries?: PaymentEntry[];
  // Its open move offer (migration 40), if any: the new date and the deadline. Absent on a row
  // built in memory (a new booking has none).
  move_offer?: { toDepartureId: string; startsOn: string; expiresAt: string; priceCents: number } | null;
};

// A booking's open move offer as one JSON object (null without one): the partial unique index
// move_offers_open_booking answers it.
export const moveOfferJson = `(SELECT json_build_object('toDepartureId', m.to_departure_id,
    'startsOn', to_char(t.starts_on, 'YYYY-MM-DD'), 'expiresAt', m.expires_at,
    'priceCents', least(coalesce(m.price_cents, b.price_cents), b.price_cents))
  FROM move_offers m JOIN departures t ON t.id = m.to_departure_id
  WHERE m.booking_id = b.id AND m.status = 'open')`;

// A booking's guests as one JSON array, in order, so every query that reads bookings reads them in
// the same round trip (server/src/guests/repository.ts writes them).
export const guestsJson = `(SELECT coalesce(json_agg(json_build_object(
    'fullName', g.full_name, 'dateOfBirth', to_char(g.date_of_birth, 'YYYY-MM-DD'),
    'dietary', g.dietary, 'medical', g.medical, 'emergencyName', g.emergency_name,
    'emergencyPhone', g.emergency_phone, 'checkIn', g.check_in, 'answers', g.answers,
    'invited', EXISTS (SELECT 1 FROM guest_links l WHERE l.booking_id = g.booking_id AND l.position = g.position))
    ORDER BY g.position), '[]')
  FROM booking_guests g WHERE g.booking_id = b.id)`;

// A booking's ledger as one JSON array, oldest first (payment_entries_booking answers it).
export const paymentEntriesJson = `(SELECT coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind,
    'method', e.method, 'amountCents', e.amount_cents, 'at', e.at, 'reference', e.reference, 'note', e.note,
    'travellerPosition', e.traveller_position)
    ORDER BY e.at, e.id), '[]') FROM payment_entries e WHERE e.booking_id = b.id)`;

export const bookingsFrom = 'bookings b LEFT JOIN departures d ON d.id = b.departure_id';
export const bookingColumns = [
  ...bookingFields.map((c) => `b.${c}`),
  `${dateText('d.starts_on')} AS starts_on`,
  'd.meeting_point',
  'd.meeting_time',
  `${guestsJson} AS guests`,
  '(SELECT p.questions FROM packages p WHERE p.id = b.package_id) AS questions',
  `${moveOfferJson} AS move_offer`,
  `${paymentEntriesJson} AS payment_entries`,
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
  'price_cents',
] as const satisfies readonly (keyof DeparturesTable)[];

export type DepartureRow = Pick<Selectable<DeparturesTable>, (typeof departureFields)[number]> & {
  starts_on: string;
  // The go/no-go date as text (migration 40).
  decide_by: string;
  // Seats held by open waiting-list offers (part of seats_taken); read where it is shown.
  offered?: number;
};

const departureColumnList = [
  ...departureFields,
  `${dateText('starts_on')} AS starts_on`,
  `${dateText('decide_by')} AS decide_by`,
];
export const departureColumns = departureColumnList.join(', ');
// How many columns departureColumns selects (a UNION beside it needs as many).
export const departureColumnCount = departureColumnList.length;

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

// --- The same tables at run time ---------------------------------------------------------------

// Each column's type as information_schema.columns.data_type names it, and whether it takes NULL:
// what server/src/db/schema.test.ts compares with a freshly migrated database, so a migration
// that adds, drops, renames, retypes or un-nulls a column without this file fails a test. The
// types above are held to it by `columns`' `satisfies`: a column missing here, extra here, or
// nullable on one side only does not compile.
export type PgType =
  | 'boolean'
  | 'text'
  | 'uuid'
  | 'date'
  | 'integer'
  | 'bigint'
  | 'jsonb'
  | 'bytea'
  | 'timestamp with time zone';
type Column<Nullable extends boolean, Type extends PgType> = { type: Type; nullable: Nullable };

// The read type of a column decides what the description may say: null in it means nullable
// (`unknown`, for jsonb, says nothing), a Date means a timestamp, a number an integer.
type Described<T> = Column<
  unknown extends T ? false : null extends T ? true : false,
  unknown extends T
    ? 'jsonb'
    : Date extends NonNullable<T>
      ? 'timestamp with time zone'
      : NonNullable<T> extends number
        ? 'integer'
        : Exclude<PgType, 'integer' | 'timestamp with time zone'>
>;
type Description = {
  [Table in keyof Tables]: {
    [C in keyof Selectable<Tables[Table]>]-?: Described<Selectable<Tables[Table]>[C]>;
  };
};

const uuid = { type: 'uuid', nullable: false } as const;
const text = { type: 'text', nullable: false } as const;
const integer = { type: 'integer', nullable: false } as const;
const timestamp = { type: 'timestamp with time zone', nullable: false } as const;
const orNull = <T extends PgType>(column: { type: T }) => ({ type: column.type, nullable: true }) as const;

export const columns = {
  booking_search: { id: uuid, created_at: timestamp, package_id: text, text },
  bookings: {
    id: uuid,
    reference: text,
    user_id: text,
    package_id: text,
    package_name: text,
    price_cents: integer,
    name: text,
    email: text,
    account_email: orNull(text),
    address: text,
    phone: text,
    idempotency_key: orNull(text),
    departure_id: orNull(uuid),
    travellers: integer,
    total_cents: integer,
    status: text,
    cancel_reason: orNull(text),
    created_at: timestamp,
    updated_at: timestamp,
    deposit_percent: integer,
    balance_due_days: integer,
    cancellation_fees: { type: 'jsonb', nullable: false },
    deposit_due_at: orNull(timestamp),
    deposit_waived: { type: 'boolean', nullable: false },
    language: text,
    paid_cents: integer,
    refunded_cents: integer,
    cancellation_fee_cents: orNull(integer),
    balance_due_on: { type: 'date', nullable: true },
  },
  payment_entries: {
    id: uuid,
    booking_id: uuid,
    kind: text,
    method: text,
    amount_cents: integer,
    currency: text,
    at: timestamp,
    reference: orNull(text),
    note: orNull(text),
    provider_reference: orNull(text),
    staff: orNull(text),
    traveller_position: orNull(integer),
  },
  card_refunds: {
    idempotency_key: text,
    booking_id: uuid,
    payment_intent: text,
    amount_cents: integer,
    stripe_id: orNull(text),
    failed: { type: 'boolean', nullable: false },
    requested_at: timestamp,
  },
  stripe_events: {
    id: text,
    type: text,
    booking_id: orNull(uuid),
    outcome: text,
    received_at: timestamp,
    payload: orNull(text),
    attempts: integer,
    next_attempt_at: timestamp,
    recorded_at: orNull(timestamp),
  },
  departures: {
    id: uuid,
    package_id: text,
    starts_on: { type: 'date', nullable: false },
    capacity: integer,
    seats_taken: integer,
    status: text,
    min_travellers: integer,
    meeting_point: orNull(text),
    meeting_time: orNull(text),
    created_at: timestamp,
    updated_at: timestamp,
    guests_erased_at: orNull(timestamp),
    price_cents: orNull(integer),
    active_bookings: integer,
    decide_by: { type: 'date', nullable: false },
  },
  move_offers: {
    id: uuid,
    booking_id: uuid,
    from_departure_id: uuid,
    to_departure_id: uuid,
    travellers: integer,
    status: text,
    message: orNull(text),
    expires_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
    price_cents: orNull(integer),
    answer_token_hash: orNull(text),
  },
  waitlist_entries: {
    id: uuid,
    position: { type: 'bigint', nullable: false },
    departure_id: uuid,
    package_id: text,
    user_id: text,
    user_email: text,
    travellers: integer,
    status: text,
    offered_at: orNull(timestamp),
    offer_expires_at: orNull(timestamp),
    booking_id: orNull(uuid),
    created_at: timestamp,
    updated_at: timestamp,
    language: text,
  },
  audit_events: {
    id: { type: 'bigint', nullable: false },
    at: timestamp,
    booking_id: orNull(uuid),
    departure_id: orNull(uuid),
    actor_type: text,
    actor: text,
    action: text,
    from_value: orNull(text),
    to_value: orNull(text),
    reason: orNull(text),
    waitlist_entry_id: orNull(uuid),
    note_id: orNull(uuid),
    package_id: orNull(text),
  },
  booking_guests: {
    booking_id: uuid,
    position: integer,
    full_name: text,
    date_of_birth: orNull({ type: 'date' }),
    dietary: text,
    medical: text,
    emergency_name: text,
    emergency_phone: text,
    check_in: orNull(text),
    updated_at: timestamp,
    answers: { type: 'jsonb', nullable: false },
  },
  booking_notes: {
    id: uuid,
    booking_id: uuid,
    author: text,
    text,
    at: timestamp,
  },
  outbox: {
    id: uuid,
    booking_id: orNull(uuid),
    kind: text,
    recipient: text,
    payload: { type: 'jsonb', nullable: false },
    status: text,
    attempts: integer,
    run_after: timestamp,
    locked_by: orNull(text),
    locked_until: orNull(timestamp),
    last_error: orNull(text),
    created_at: timestamp,
    sent_at: orNull(timestamp),
    unverified_user: orNull(text),
  },
  signed_out_sessions: {
    cookie_hash: text,
    expires_at: timestamp,
  },
  staff: {
    uid: text,
    email: orNull(text),
    role: text,
    updated_at: timestamp,
  },
  departure_guides: {
    departure_id: uuid,
    uid: text,
  },
  packages: {
    id: text,
    name: text,
    description: text,
    price_cents: integer,
    status: text,
    duration_days: orNull(integer),
    itinerary: { type: 'jsonb', nullable: false },
    includes: { type: 'jsonb', nullable: false },
    excludes: { type: 'jsonb', nullable: false },
    questions: { type: 'jsonb', nullable: false },
    images: { type: 'jsonb', nullable: false },
    position: integer,
    created_at: timestamp,
    updated_at: timestamp,
    deposit_percent: integer,
    balance_due_days: integer,
    cancellation_fees: { type: 'jsonb', nullable: false },
    translations: { type: 'jsonb', nullable: false },
  },
  image_variants: {
    hash: text,
    width: integer,
    format: text,
    bytes: { type: 'bytea', nullable: false },
    unused_since: orNull(timestamp),
  },
  catalogue_state: {
    id: integer,
    version: { type: 'bigint', nullable: false },
    seeded_at: orNull(timestamp),
  },
  unverified_addresses: {
    email: text,
    user_id: text,
  },
  guest_links: {
    booking_id: uuid,
    position: integer,
    token_hash: text,
    email: text,
    invited_at: timestamp,
    lead_name: text,
  },
  deleted_accounts: {
    uid: text,
    until: timestamp,
  },
  guest_reminders: {
    booking_id: uuid,
    position: integer,
    kind: text,
    sent_at: timestamp,
  },
  staff_events: {
    id: { type: 'bigint', nullable: false },
    at: timestamp,
    actor: text,
    staff_uid: text,
    from_role: orNull(text),
    to_role: orNull(text),
  },
  reminders: {
    booking_id: uuid,
    kind: text,
    sent_at: timestamp,
  },
  operator_views: {
    operator_id: text,
    seen_at: timestamp,
  },
  held_seats: {
    user_id: text,
    seats: integer,
  },
  departure_travellers: {
    departure_id: uuid,
    total: integer,
    complete: integer,
  },
} as const satisfies Description;
