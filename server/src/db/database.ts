import type { PGlite, Transaction } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';

// A statement run often enough to be prepared once per connection (`prepared` below): PostgreSQL
// then parses and plans it once instead of on every call, which was about a third of its CPU time
// per booking under npm run bench:api. Its text must never change under its name.
export type PreparedStatement = { name: string; text: string };

export const prepared = (name: string, text: string): PreparedStatement => ({ name, text });

export type Queryable = {
  query<T>(sql: string | PreparedStatement, params?: unknown[]): Promise<{ rows: T[] }>;
  // Several statements at once (migrations).
  exec(sql: string): Promise<void>;
};

// A transaction of prepared statements in which BEGIN travels with the first statement and COMMIT
// with the last (`shortTransaction` below).
export type ShortTransaction = {
  // The first statement; BEGIN goes with it. Call it once, first.
  begin<T>(statement: PreparedStatement, params: unknown[]): Promise<T[]>;
  // The last statement, or none; COMMIT goes with it. Without a call the transaction commits
  // when the function returns.
  commit<T>(statement?: PreparedStatement, params?: unknown[]): Promise<T[]>;
  // Statements between the first and the last, each a round trip of its own, in the transaction
  // (after begin(), before commit()): the Stripe webhook's recording, whose claim of the event
  // id opens the transaction and whose settling of it closes it
  // (server/src/payments/stripe-webhook.ts).
  between: Queryable;
};

export type Database = Queryable & {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  // Two round trips for a transaction of two statements, where `transaction` takes four (BEGIN,
  // the statements, COMMIT): on PostgreSQL each is one message of the simple protocol carrying
  // SQL-level prepared statements (planned once per connection, like `prepared`). The booking
  // batch (server/src/bookings/batch.ts) runs in one: under load each round trip waits for a CPU
  // and the event loop, and the batch's time is what every booking waits.
  shortTransaction<T>(fn: (tx: ShortTransaction) => Promise<T>): Promise<T>;
  // The console's reads (lists, searches, the CSV, manifests): on PostgreSQL a pool of their own,
  // small, with a statement_timeout, so a slow search waits for one of its few connections or is
  // cut off, and never takes the ones bookings and the background jobs need
  // (docs/decisions/031-console-at-scale.md). On PGlite the one connection.
  consoleReads: Queryable;
  ping(timeoutMs?: number): Promise<void>;
  // LISTEN on a channel: `onNotify` gets each NOTIFY's payload until the returned function is
  // called. PGlite listens in its process; PostgreSQL on a dedicated connection of its own (a
  // pooled one would drop the LISTEN when returned), opened again after it is lost. A lost
  // notification is possible while it reconnects: callers keep a periodic check as well.
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  // A PostgreSQL server, through pg.
  | {
      url: string;
      poolSize?: number;
      consolePoolSize?: number;
      consoleStatementTimeoutMs?: number;
      // How long pg waits for a statement's answer before failing it (tests shorten it).
      queryTimeoutMs?: number;
    }
  // Embedded PGlite: a data folder, or in memory when omitted.
  | { dataDir?: string };

export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database did not answer.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

// A short transaction's COMMIT was sent and no answer came (the server stopped, paused, or the
// connection broke): it may have committed. `backendPid` is the server process that ran it, so
// the caller can end it before looking up what was stored (server/src/bookings/repository.ts).
export class CommitUnknownError extends DatabaseUnavailableError {
  constructor(
    cause: unknown,
    readonly backendPid: number | undefined,
  ) {
    super(cause);
    this.name = 'CommitUnknownError';
  }
}

// An error the server itself answered with, which aborts the transaction (a constraint, a bad
// value, a deadlock, a statement it could not run): nothing of the transaction was committed.
// Anything else (a timeout, a broken connection, a server shutting down) leaves it unknown.
export const abortedTransaction = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|25|40|42)/.test(code);
};

// How long a short transaction may take, from asking for a connection to COMMIT's answer: past
// it the request is answered (503) instead of waiting for pg's 10-second query timeout twice.
export const shortTransactionTimeoutMs = 8_000;

const withTimeout = async <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return 'url' in options ? openPostgres(options) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  // Loaded only when used: a deployment on PostgreSQL never pays for the WASM build.
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  // The trigram index of the console's search (migration 26) needs pg_trgm, which PGlite loads
  // only when asked to.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db: PGlite = await PGliteClass.create({ dataDir, extensions: { pg_trgm } });
  const wrap = (q: PGlite | Transaction): Queryable => ({
    // PGlite runs in this process: nothing to gain from naming a statement.
    query: async <T>(sql: string | PreparedStatement, params?: unknown[]) => ({
      rows: (await q.query<T>(typeof sql === 'string' ? sql : sql.text, params)).rows,
    }),
    exec: async (sql) => {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    consoleReads: wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    // In this process a round trip costs nothing: an ordinary transaction.
    shortTransaction: (fn) =>
      db.transaction((tx) => {
        const run = async <T>(statement?: PreparedStatement, params?: unknown[]) =>
          statement ? (await tx.query<T>(statement.text, params)).rows : [];
        return fn({ begin: run, commit: run, between: wrap(tx) });
      }),
    ping: async (timeoutMs = 2000) => {
      await withTimeout(db.query('SELECT 1'), timeoutMs);
    },
    listen: async (channel, onNotify) => {
      const unsubscribe = await db.listen(channel, onNotify);
      return async () => {
        // After close() PGlite cannot run UNLISTEN: nothing left to stop then.
        if (!db.closed) await unsubscribe();
      };
    },
    close: () => db.close(),
  };
}

const migrationTimeoutMs = 60 * 60_000;

const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

// A parameter as an SQL literal, for EXECUTE: the text pg would send for it as a parameter, in
// quotes (an untyped literal takes the type PREPARE inferred for the parameter). Strings, numbers,
// booleans, null, arrays of these, and objects as JSON: what the short transactions pass.
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return `'${String(value)}'`;
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return quote(arrayText(value));
  return quote(JSON.stringify(value));
}

const arrayText = (values: unknown[]): string =>
  `{${values
    .map((v) =>
      v === null || v === undefined
        ? 'NULL'
        : Array.isArray(v)
          ? arrayText(v)
          : `"${String(v).replace(/[\\"]/g, '\\$&')}"`,
    )
    .join(',')}}`;

// Dollar quoting takes the text as it is, whatever it holds (a booking's JSON can be long: no
// character-by-character escaping), with a tag that first occurs where it closes the text (not
// in the text, nor straddling its end).
function quote(text: string): string {
  for (let n = 0; ; n++) {
    const tag = `$q${n}$`;
    if ((text + tag).indexOf(tag) === text.length) return `${tag}${text}${tag}`;
  }
}

// Settings for every connection of a pool, in the connection's startup options, added to any the
// URL already carries (a test schema's search_path), as the URL's own would replace a separate
// `options` setting (node_modules/pg/lib/connection-parameters.js).
function withSettings(url: string, settings: string[]): string {
  const parsed = new URL(url);
  const options = parsed.searchParams.get('options');
  const setting = settings.map((s) => `-c ${s}`).join(' ');
  parsed.searchParams.set('options', options ? `${options} ${setting}` : setting);
  return parsed.toString();
}

// No JIT compilation, on any connection: every statement of this server reads or writes a page
// of rows, and JIT's compile (about 130 ms) is bought whenever the planner's estimate of a
// condition crosses jit_above_cost. On a million bookings the money screen's refunds due, whose
// condition the planner guesses at 320,000 rows where 2,000 match, took 288 ms with JIT (its
// compile about 130 ms) against 10.8 ms without (docs/decisions/075-no-jit.md).
const noJit = 'jit=off';
// The console's connections plan without parallel workers too. Its reads are LIMIT walks of an
// index that stop at a page of rows: with workers, a search with a status filter took 94-121 ms
// (each worker starting, walking its share, the leader merging) against 9 ms on its own, on a
// million bookings (docs/decisions/051-search-table.md), and under many requests at once the
// workers only take the CPUs the other requests need.
const consoleSettings = [noJit, 'max_parallel_workers_per_gather=0'];

async function openPostgres({
  url,
  poolSize = 10,
  consolePoolSize = 4,
  consoleStatementTimeoutMs = 5000,
  queryTimeoutMs = 10_000,
}: {
  url: string;
  poolSize?: number;
  consolePoolSize?: number;
  consoleStatementTimeoutMs?: number;
  queryTimeoutMs?: number;
}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: withSettings(url, [noJit]),
    max: poolSize,
    connectionTimeoutMillis: 3000,
    // A query stuck behind a dead server must fail, not hang the request.
    query_timeout: queryTimeoutMs,
  });
  // PostgreSQL itself cancels a console read past the timeout (its connection stays usable);
  // a request that waits longer than connectionTimeoutMillis for one of these connections is a 503.
  const consolePool = new pg.Pool({
    connectionString: withSettings(url, consoleSettings),
    max: consolePoolSize,
    connectionTimeoutMillis: 3000,
    statement_timeout: consoleStatementTimeoutMs,
    query_timeout: consoleStatementTimeoutMs + 5000,
  });
  // An idle client losing its server emits here; without a listener the process would crash.
  pool.on('error', () => {});
  consolePool.on('error', () => {});
  // One checked-out connection for a transaction, rolled back if `work` fails. A connection lost
  // while checked out emits 'error'; without a listener the process would crash (the failing
  // query rejects on its own). `discardOnFailure`: a failed connection is closed, not pooled.
  // A discarded connection needs no ROLLBACK: closing it ends the transaction, and a ROLLBACK sent
  // to a server that stopped answering would wait for the query timeout once more.
  const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>, discardOnFailure = false) => {
    const client = await pool.connect();
    const onError = () => {};
    client.on('error', onError);
    let discard = false;
    try {
      return await work(client);
    } catch (error) {
      discard = discardOnFailure;
      if (!discardOnFailure || abortedTransaction(error)) {
        // A ROLLBACK that fails (after a query timeout the server is still running the query, and
        // the ROLLBACK times out behind it) leaves the transaction open: such a connection is
        // closed, never pooled, or the next caller's statements would run inside that transaction
        // and hold its locks until the connection died.
        await client.query('ROLLBACK').catch(() => {
          discard = true;
        });
      }
      throw error;
    } finally {
      client.off('error', onError);
      client.release(discard ? true : undefined);
    }
  };
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string | PreparedStatement, params?: unknown[]) => {
      const result =
        typeof sql === 'string'
          ? await client.query(sql, params)
          : await client.query({ name: sql.name, text: sql.text, values: params });
      return { rows: result.rows as T[] };
    },
    // Migrations: an index built on a million bookings takes longer than query_timeout, which is
    // there for the requests' queries (a migration that never ends still holds its lock, and
    // `npm start` shows it waiting).
    exec: async (sql) => {
      // pg reads query_timeout from the query's config too (node_modules/pg/lib/client.js); its
      // types do not list it.
      const query: pg.QueryConfig & { query_timeout: number } = {
        text: sql,
        query_timeout: migrationTimeoutMs,
      };
      await client.query(query);
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    consoleReads: asQueryable(consolePool),
    transaction: (fn) =>
      inTransaction(async (client) => {
        await client.query('BEGIN');
        const result = await fn(asQueryable(client));
        await client.query('COMMIT');
        return result;
      }),
    // A failed message may have prepared a statement `known` does not know of: on failure the
    // connection goes, rather than a later PREPARE failing on it.
    shortTransaction: (fn) => {
      const deadline = Date.now() + shortTransactionTimeoutMs;
      const left = () => Math.max(1, deadline - Date.now());
      return inTransaction(async (client) => {
        // Set inside the callbacks below, which TypeScript's narrowing does not follow.
        const at: { state: 'new' | 'open' | 'done' } = { state: 'new' };
        const backendPid = (client as unknown as { processID?: number }).processID;
        // The statements this connection has prepared (SQL PREPARE lasts as long as the session).
        const known = (preparedOn.get(client) ?? preparedOn.set(client, new Set()).get(client))!;
        const connection = asQueryable(client);
        const send = async <T>(
          before: string,
          statement: PreparedStatement | undefined,
          params: unknown[],
          after: string,
        ) => {
          const parts = [before];
          let preparing: string | undefined;
          if (statement) {
            const name = pg.escapeIdentifier(`short_${statement.name}`);
            if (!known.has(name)) {
              preparing = name;
              parts.unshift(`PREPARE ${name} AS ${statement.text}`);
            }
            parts.push(`EXECUTE ${name}${params.length > 0 ? `(${params.map(literal).join(', ')})` : ''}`);
          }
          parts.push(after);
          let results: pg.QueryResult[];
          try {
            results = (await client.query({
              text: parts.filter(Boolean).join(';\n'),
              query_timeout: left(),
            } as pg.QueryConfig)) as unknown as pg.QueryResult[];
          } catch (error) {
            if (after === 'COMMIT' && !abortedTransaction(error))
              throw new CommitUnknownError(error, backendPid);
            throw error;
          }
          if (preparing) known.add(preparing);
          // One result a statement, in order; the statement's is the one before `after`'s.
          const list = Array.isArray(results) ? results : [results];
          return statement ? (list[list.length - (after ? 2 : 1)]!.rows as T[]) : [];
        };
        const result = await fn({
          begin: async (statement, params) => {
            if (at.state !== 'new') throw new Error('begin() is the first statement of a short transaction');
            at.state = 'open';
            return send('BEGIN', statement, params, '');
          },
          commit: async (statement, params = []) => {
            if (at.state === 'done') throw new Error('The short transaction has already committed');
            const began = at.state === 'open';
            at.state = 'done';
            return send(began ? '' : 'BEGIN', statement, params, 'COMMIT');
          },
          between: {
            query: (sql, params) => {
              if (at.state !== 'open') throw new Error('between runs after begin() and before commit()');
              return connection.query(sql, params);
            },
            exec: (sql) => {
              if (at.state !== 'open') throw new Error('between runs after begin() and before commit()');
              return connection.exec(sql);
            },
          },
        });
        if (at.state === 'open') {
          try {
            await client.query({ text: 'COMMIT', query_timeout: left() } as pg.QueryConfig);
          } catch (error) {
            if (!abortedTransaction(error)) throw new CommitUnknownError(error, backendPid);
            throw error;
          }
        }
        return result;
      }, true);
    },
    ping: async (timeoutMs = 2000) => {
      await withTimeout(pool.query('SELECT 1'), timeoutMs);
    },
    listen: async (channel, onNotify) => {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async () => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
        c.on('error', () => {});
        c.on('end', () => {
          if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 1000);
        });
        c.on('notification', (n) => {
          if (n.channel === channel) onNotify(n.payload ?? '');
        });
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = c;
      };
      await connect().catch(() => {
        retry = setTimeout(() => void connect().catch(() => {}), 1000);
      });
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
    close: async () => {
      await Promise.all([pool.end(), consolePool.end()]);
    },
  };
}
