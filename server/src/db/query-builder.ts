// Kysely as a query compiler only (docs/decisions/007-console-queries.md, 009): the queries
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
import { createHash } from 'node:crypto';
import { prepared, type Queryable } from './database.js';
import type { Tables } from './schema.js';

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

// The same as a prepared statement on PostgreSQL (parsed once per connection, its plan kept when
// PostgreSQL finds a generic one as good): for the console's reads of one shape whose plan does
// not depend on the values (a departure's manifest), not for searches, whose plan does
// (docs/decisions/045-search-on-a-million-bookings.md). Named by its text, so a query whose
// shape varies is a statement per shape.
export async function runPrepared<R>(db: Queryable, name: string, query: Compilable<R>): Promise<R[]> {
  const { sql, parameters } = query.compile();
  const tag = createHash('sha1').update(sql).digest('base64url').slice(0, 10);
  return (await db.query<R>(prepared(`${name}_${tag}`, sql), [...parameters])).rows;
}
