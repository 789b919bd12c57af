// Several real server processes on one PostgreSQL schema of their own, for the races that only
// mean something there (PGlite runs one statement at a time in one process): the servers, a
// connection to the same schema, and what the race tests ask of them. Call it inside a
// `describe.skipIf(!baseUrl)`: its hooks start the servers before the tests and stop them after.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { Booking } from '#contracts/api';
import { openDatabase, type Database } from '../db/database.js';
import {
  makeClientDir,
  postBooking,
  spawnServer,
  validBooking,
  type ServerProcess,
  type TestUser,
} from './fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from './postgres-schema.js';

export type ServerCluster = {
  // Set once the servers are up.
  db: Database;
  servers: ServerProcess[];
  // A call as `user` to server number `server` (modulo their count): its status and JSON body.
  api(
    user: TestUser,
    method: string,
    path: string,
    body?: unknown,
    server?: number,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  // A departure of the test package on a date no other test of the run uses.
  newDeparture(capacity: number): Promise<string>;
  // A booking through the first server, which must succeed.
  book(user: TestUser, departureId: string, travellers: number): Promise<Booking>;
  seatsTaken(departureId: string): Promise<number>;
};

// `ports`: one server each, with `env(i)` added to its environment. Every process lapses offers
// each second, so the races are with the real schedulers.
export function useServerCluster(
  baseUrl: string | undefined,
  ports: number[],
  env: (index: number) => Record<string, string> = () => ({}),
): ServerCluster {
  let url: string | undefined;
  let clientDir: string | undefined;
  let dayOffset = 600 + Math.floor(Math.random() * 3000);
  const cluster: ServerCluster = {
    db: undefined as unknown as Database,
    servers: [],
    async api(user, method, path, body, server = 0) {
      const res = await fetch(`${cluster.servers[server % cluster.servers.length]!.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${user.idToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async newDeparture(capacity) {
      const id = randomUUID();
      await cluster.db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity) VALUES ($1, $2, $3, $4)`,
        [id, validBooking.packageId, addDays(todayIso('UTC'), dayOffset++), capacity],
      );
      return id;
    },
    async book(user, departureId, travellers) {
      const res = await postBooking(cluster.servers[0]!.url, user, {
        ...validBooking,
        departureId,
        travellers,
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Booking;
    },
    async seatsTaken(id) {
      const { rows } = await cluster.db.query<{ seats_taken: number }>(
        'SELECT seats_taken FROM departures WHERE id = $1',
        [id],
      );
      return rows[0]!.seats_taken;
    },
  };

  beforeAll(async () => {
    url = await postgresSchemaUrl(baseUrl!);
    clientDir = makeClientDir();
    const shared = { DATABASE_URL: url, CLIENT_DIR: clientDir, WAITLIST_EXPIRY_INTERVAL_SECONDS: '1' };
    cluster.servers = await Promise.all(ports.map((port, i) => spawnServer({ ...shared, ...env(i) }, port)));
    cluster.db = await openDatabase({ url });
  }, 120_000);

  afterAll(async () => {
    for (const s of cluster.servers) s.child.kill('SIGTERM');
    await Promise.all(cluster.servers.map((s) => s.exited));
    await cluster.db?.close();
    if (url) await dropPostgresSchema(url);
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  return cluster;
}
