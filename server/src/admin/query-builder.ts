// Kysely as a query compiler only (docs/decisions/007-console-queries.md): the console's queries
// whose shape depends on the request (filters, search, cursors) are built with a typed builder and
// compiled to `{sql, parameters}`, then run through our own Database, so the same code serves
// PGlite and pg, inside our transactions, with no second connection pool.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
} from 'kysely';
import type { BookingStatus } from '../../../src/contracts/booking.js';
import type { DepartureStatus } from '../../../src/contracts/departure.js';
import type { Queryable } from '../db/database.js';

// The tables as migrations.ts creates them: the columns the console reads.
type Timestamp = Date | string;

type BookingsTable = {
  id: string;
  reference: string;
  user_id: string;
  package_id: string;
  package_name: string;
  price_cents: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  idempotency_key: string | null;
  departure_id: string | null;
  travellers: number;
  total_cents: number;
  status: BookingStatus;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type DeparturesTable = {
  id: string;
  package_id: string;
  // A date: always read through to_char (pg would turn it into a Date at local midnight).
  starts_on: string;
  capacity: number;
  seats_taken: number;
  status: DepartureStatus;
  meeting_point: string | null;
  meeting_time: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

type AuditEventsTable = {
  id: string;
  at: Timestamp;
  booking_id: string | null;
  departure_id: string | null;
  actor_type: 'traveller' | 'operator' | 'system';
  actor: string;
  action: string;
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
};

type OperatorViewsTable = { operator_id: string; seen_at: Timestamp };

export type Tables = {
  bookings: BookingsTable;
  departures: DeparturesTable;
  audit_events: AuditEventsTable;
  operator_views: OperatorViewsTable;
};

// Never connects: DummyDriver answers nothing. Only `.compile()` is ever called on what it builds.
export const builder = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

// Runs a built query through our Database (or a transaction of it): Kysely's placeholders are
// PostgreSQL's own ($1, $2...), which both pg and PGlite take.
export async function run<R>(db: Queryable, query: Compilable<R>): Promise<R[]> {
  const { sql, parameters } = query.compile();
  return (await db.query<R>(sql, [...parameters])).rows;
}
