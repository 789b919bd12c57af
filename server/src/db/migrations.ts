import type { Database } from './database.js';

// Versioned schema changes, applied in order at start. Never edit one that has shipped: add the
// next version instead.
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'create bookings',
    sql: `
      CREATE TABLE bookings (
        id uuid PRIMARY KEY,
        reference text NOT NULL UNIQUE,
        user_id text NOT NULL,
        package_id text NOT NULL,
        package_name text NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        name text NOT NULL,
        email text NOT NULL,
        address text NOT NULL,
        phone text NOT NULL,
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bookings_idempotency UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX bookings_user_created ON bookings (user_id, created_at DESC);
    `,
  },
];

// An arbitrary constant: two servers starting together on one database take turns.
const migrationLock = 7_260_415;

export async function migrate(db: Database): Promise<number[]> {
  await db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
  `);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
