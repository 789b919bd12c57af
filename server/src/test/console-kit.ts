// Shared set-up for the console's API tests: one app on one store, a traveller and an operator
// with real emulator tokens, and short ways to call the API and read the rows behind it.
import { rmSync } from 'node:fs';
import type { Selectable } from 'kysely';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppContext } from '../context/app-context.js';
import type { Database } from '../db/database.js';
import type { AuditEventsTable } from '../db/schema.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import {
  buildTestApp,
  createOperator,
  createUser,
  injectBooking,
  makeClientDir,
  validBooking,
  type StoreCase,
  type TestUser,
} from './fixtures.js';
import type { Booking } from '#contracts/api';

export type AuditRow = Omit<Selectable<AuditEventsTable>, 'id' | 'at'>;

export type AdminTestContext = {
  db: Database;
  app: FastifyInstance;
  traveller: TestUser;
  operator: TestUser;
  // Times onEmailQueued was called.
  emailsQueued: number;
  // The day the app judges dates against; tests move it and put it back.
  today: string;
  call: (
    user: TestUser | null,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
  ) => Promise<LightMyRequestResponse>;
  book: (user: TestUser, change?: Record<string, unknown>) => Promise<Booking>;
  seatsTaken: (departureId: string) => Promise<number>;
  audit: (where: { bookingId?: string; departureId?: string }) => Promise<AuditRow[]>;
  // A new open departure `daysAhead` from today, straight into the table (no audit row).
  addDeparture: (options?: { packageId?: string; daysAhead?: number; capacity?: number }) => Promise<string>;
};

// The same database, except that inside transactions any statement matching `pattern` fails:
// shows that a change whose audit row (or email) cannot be written leaves nothing behind.
export const failingOn = (db: Database, pattern: RegExp): Database => ({
  ...db,
  transaction: (fn) =>
    db.transaction((tx) =>
      fn({
        query: <T>(sql: string, params?: unknown[]) =>
          pattern.test(sql) ? Promise.reject(new Error('injected failure')) : tx.query<T>(sql, params),
        exec: (sql) => tx.exec(sql),
      }),
    ),
});

export const bearer = (user: TestUser | null) =>
  user ? { authorization: `Bearer ${user.idToken}` } : ({} as Record<string, string>);

let dayOffset = 400;

export function useAdminApp(store: StoreCase, bookings: Partial<AppContext> = {}): AdminTestContext {
  const ctx = { emailsQueued: 0, today: todayIso('UTC') } as AdminTestContext;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = makeClientDir();
    ctx.db = await store.open();
    ctx.app = await buildTestApp({
      clientDir,
      db: ctx.db,
      bookings: {
        today: () => ctx.today,
        onEmailQueued: () => {
          ctx.emailsQueued += 1;
        },
        ...bookings,
      },
    });
    [ctx.traveller, ctx.operator] = await Promise.all([createUser('traveller'), createOperator('operator')]);
  }, 120_000);

  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  ctx.call = (user, method, url, body) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...bearer(user),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  ctx.book = async (user, change = {}) => {
    const res = await injectBooking(ctx.app, user, { ...validBooking, ...change });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Booking;
  };

  ctx.seatsTaken = async (departureId) =>
    (
      await ctx.db.query<{ seats_taken: number }>('SELECT seats_taken FROM departures WHERE id = $1', [
        departureId,
      ])
    ).rows[0]!.seats_taken;

  ctx.audit = async ({ bookingId, departureId }) =>
    (
      await ctx.db.query<AuditRow>(
        `SELECT booking_id, departure_id, actor_type, actor, action, from_value, to_value, reason
         FROM audit_events
         WHERE ($1::uuid IS NULL OR booking_id = $1) AND ($2::uuid IS NULL OR departure_id = $2)
         ORDER BY id`,
        [bookingId ?? null, departureId ?? null],
      )
    ).rows;

  ctx.addDeparture = async ({ packageId = validBooking.packageId, daysAhead, capacity = 12 } = {}) => {
    // Days no seeded departure uses (those are under a year ahead), one per call.
    const startsOn = addDays(todayIso('UTC'), daysAhead ?? dayOffset++);
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, $2, $3, $4) RETURNING id`,
      [crypto.randomUUID(), packageId, startsOn, capacity],
    );
    return rows[0]!.id;
  };

  return ctx;
}

// A strict RFC 4180 reader for the tests: CRLF after every record, quotes only around a whole
// field, "" for a quote inside one. Anything else throws, so sloppy output cannot pass.
// A file's byte-order mark (csv.ts writes one) is not part of the first cell.
export function readCsv(file: string): string[][] {
  const text = file.startsWith('\uFEFF') ? file.slice(1) : file;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (c === '"') {
      if (field !== '' || wasQuoted) throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = wasQuoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
      wasQuoted = false;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`a CR without LF at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      wasQuoted = false;
      i++;
    } else if (c === '\n') {
      throw new Error(`an LF without CR at ${i}`);
    } else {
      if (wasQuoted) throw new Error(`text after a closing quote at ${i}`);
      field += c;
    }
  }
  if (quoted) throw new Error('an unclosed quote');
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}
