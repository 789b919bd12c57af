// When each operator last looked at the bookings (GET/PUT /api/admin/last-seen): the console marks
// the bookings that arrived since as new and the navbar's Admin link counts them. One row per
// operator; the count walks the bookings_created index and stops at newBookingsCap rows, so it
// stays cheap however many bookings there are.
import type { FastifyInstance } from 'fastify';
import { newBookingsCap } from '#contracts/admin';
import { lastSeenSchema, type LastSeen } from '#contracts/api';
import { consoleSchema, type ZodTypeProvider } from '../http/api-schemas.js';
import { consoleRead, noStore } from '../http/route-parts.js';
import type { AppContext } from '../context/app-context.js';
import type { Selectable } from 'kysely';
import type { Queryable } from '../db/database.js';
import type { OperatorViewsTable } from '../db/schema.js';
import { fromDatabase } from '../http/problem.js';

async function newSince(db: Queryable, since: Date | string | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM bookings WHERE $1::timestamptz IS NULL OR created_at > $1::timestamptz
       ORDER BY created_at DESC LIMIT $2
     ) recent`,
    [since === null ? null : new Date(since).toISOString(), newBookingsCap],
  );
  return rows[0]?.n ?? 0;
}

// Both routes' answer: when the operator last looked, by `sql` (the read, or the write that records
// now and returns it), and how many bookings arrived since (all of them, up to the cap, if never).
async function lastSeen(db: Queryable, sql: string, operatorId: string): Promise<LastSeen> {
  const { rows } = await db.query<Pick<Selectable<OperatorViewsTable>, 'seen_at'>>(sql, [operatorId]);
  const seenAt = rows[0]?.seen_at ?? null;
  return {
    lastSeenAt: seenAt === null ? null : new Date(seenAt).toISOString(),
    newBookings: await newSince(db, seenAt),
  };
}

export async function lastSeenRoutes(app: FastifyInstance, options: Pick<AppContext, 'db'>) {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  consoleRead(
    app,
    '/api/admin/last-seen',
    {
      summary: 'When this operator last looked at the bookings, and how many arrived since',
      answer: lastSeenSchema,
    },
    (request) => lastSeen(db, 'SELECT seen_at FROM operator_views WHERE operator_id = $1', request.user!.uid),
  );

  // "I have looked": now, by the database's clock (the one that stamps bookings).
  api.put(
    '/api/admin/last-seen',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Record that this operator looked at the bookings now',
        response: { 200: lastSeenSchema },
      }),
    },
    async (request, reply) => {
      const body = await fromDatabase(() =>
        lastSeen(
          db,
          `INSERT INTO operator_views (operator_id, seen_at) VALUES ($1, now())
         ON CONFLICT (operator_id) DO UPDATE SET seen_at = greatest(operator_views.seen_at, excluded.seen_at)
         RETURNING seen_at`,
          request.user!.uid,
        ),
      );
      return noStore(reply).send(body);
    },
  );
}
