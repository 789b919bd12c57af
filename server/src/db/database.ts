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

export type Database = Queryable & {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  // A PostgreSQL server, through pg.
  | { url: string; poolSize?: number }
  // Embedded PGlite: a data folder, or in memory when omitted.
  | { dataDir?: string };

export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database did not answer.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

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
  return 'url' in options ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  // Loaded only when used: a deployment on PostgreSQL never pays for the WASM build.
  const { PGlite: PGliteClass } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db: PGlite = await PGliteClass.create(dataDir);
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
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    ping: async (timeoutMs = 2000) => {
      await withTimeout(db.query('SELECT 1'), timeoutMs);
    },
    close: () => db.close(),
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    // A query stuck behind a dead server must fail, not hang the request.
    query_timeout: 10_000,
  });
  // An idle client losing its server emits here; without a listener the process would crash.
  pool.on('error', () => {});
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string | PreparedStatement, params?: unknown[]) => {
      const result =
        typeof sql === 'string'
          ? await client.query(sql, params)
          : await client.query({ name: sql.name, text: sql.text, values: params });
      return { rows: result.rows as T[] };
    },
    exec: async (sql) => {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      // A connection lost while checked out emits here; without a listener the process would
      // crash. The failing query rejects on its own.
      const onError = () => {};
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onError);
        client.release();
      }
    },
    ping: async (timeoutMs = 2000) => {
      await withTimeout(pool.query('SELECT 1'), timeoutMs);
    },
    close: () => pool.end(),
  };
}
