// @vitest-environment node
// Migration 52: the traveller-count trigger finds a statement's bookings by key, never by reading
// every booking, whatever the statistics it was planned with. Planned while bookings held a few
// thousand rows, for a batch of 50 travellers, it was a hash join over a sequential scan of
// bookings, and the connection kept that plan as bookings grew.
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import type { Queryable } from './database.js';

// Sequential scans of bookings this connection has not yet reported (pg_stat_xact_user_tables):
// read before and after one statement in one transaction, the difference is that statement's.
const bookingScans = async (db: Queryable) =>
  Number(
    (
      await db.query<{ n: string }>(
        `SELECT seq_scan AS n FROM pg_stat_xact_user_tables WHERE relid = 'bookings'::regclass`,
      )
    ).rows[0]?.n ?? 0,
  );

// PostgreSQL only: on PGlite the same insert counted no sequential scan of bookings even before
// this migration, so the test could not fail there.
describeEach(storeCases().filter((c) => c.name === 'PostgreSQL'))(
  'migration 52 (traveller counts by key) on $name',
  { timeout: 60_000 },
  (store) => {
    for (const [upTo, scans] of [
      [51, 1],
      [Infinity, 0],
    ] as const) {
      it(`a batch of 50 travellers ${scans ? 'read every booking before it' : 'reads no other booking'}`, async () => {
        const db = await store.reopen();
        try {
          await migrate(db, upTo);
          const { rows } = await db.query<{ id: string }>(
            `INSERT INTO departures (id, package_id, starts_on, capacity)
           VALUES (gen_random_uuid(), 'swiss-alpine-lakes', $1, 100000) RETURNING id`,
            [upTo === 51 ? '2031-06-01' : '2031-06-02'],
          );
          // A few thousand bookings, as a new brand's table holds, and its statistics taken then.
          await db.query(
            `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
             address, phone, departure_id, travellers, total_cents, status)
           SELECT gen_random_uuid(), 'WT-' || $2 || lpad(g::text, 7, '0'), 'ann', 'swiss-alpine-lakes',
             'Swiss Alpine Lakes', 1000, 'Ada', 'ada@example.com', '1 Road', '123456', $1, 1, 1000, 'requested'
           FROM generate_series(1, 3600) g`,
            [rows[0]!.id, upTo === 51 ? 'A' : 'B'],
          );
          await db.query('ANALYZE bookings');
          const batch = (
            await db.query<{ id: string }>('SELECT id FROM bookings WHERE departure_id = $1 LIMIT 50', [
              rows[0]!.id,
            ])
          ).rows.map((r) => r.id);
          const read = await db.transaction(async (tx) => {
            const before = await bookingScans(tx);
            await tx.query('INSERT INTO booking_guests (booking_id, position) SELECT unnest($1::uuid[]), 0', [
              batch,
            ]);
            return (await bookingScans(tx)) - before;
          });
          expect({ upTo, read }).toEqual({ upTo, read: scans });
        } finally {
          await db.close();
        }
      });
    }
  },
);
