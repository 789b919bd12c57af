// @vitest-environment node
// Faults a booking must survive: the server killed mid-load, a graceful stop under load, the
// database going away and coming back, the identity provider out of reach.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEach, describeNeeding, missing, testDatabaseUrl, testRedisUrl } from './test/services.js';
import { firebaseTokenVerifier } from './auth/verify-token.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { waitFor } from './test/wait-for.js';
import { connectRedis } from './redis.js';
import {
  buildTestApp,
  createUser,
  emulatorHost,
  injectBooking,
  makeClientDir,
  postBooking,
  projectId,
  roomyDeparture,
  roomyDepartureIn,
  spawnServer,
  storeCases,
  validBooking,
  type StoreCase,
  type TestUser,
} from './test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from './test/postgres-schema.js';

let clientDir: string;
let user: TestUser;
beforeAll(async () => {
  clientDir = makeClientDir();
  user = await createUser('faults');
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const storedIds = async (store: StoreCase, ids: string[]) => {
  const db = await store.reopen();
  try {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [
      ids,
    ]);
    return new Set(rows.map((r) => r.id));
  } finally {
    await db.close();
  }
};

// Keeps `workers` bookings in flight until stopped; returns the ids that were answered 201.
function loadUntil(url: string, departureId: string, stop: Promise<unknown>, workers = 20) {
  const accepted: string[] = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  const worker = async () => {
    while (!stopped) {
      try {
        const res = await postBooking(
          url,
          user,
          { ...validBooking, departureId, address: `${randomUUID()} Road` },
          {
            'idempotency-key': randomUUID(),
          },
        );
        if (res.status === 201) accepted.push(((await res.json()) as { id: string }).id);
        else await res.body?.cancel();
      } catch {
        // the server went away mid-request: no answer, so no promise was made
      }
    }
  };
  return { accepted, done: Promise.all(Array.from({ length: workers }, worker)).then(() => accepted) };
}

describeEach(storeCases())('the server process on $name', (store) => {
  it('killed with SIGKILL during a load run and started again: every booking that got a 201 is there', async () => {
    const departureId = await roomyDepartureIn(store);
    const server = await spawnServer({ ...(await store.serverEnv()), CLIENT_DIR: clientDir }, 4341);
    const loading = loadUntil(server.url, departureId, server.exited);
    // Killed in full flow: once 100 bookings were answered (at most 30 s in).
    const killed = (async () => {
      const deadline = Date.now() + 30_000;
      while (loading.accepted.length < 100 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      server.child.kill('SIGKILL');
    })();
    const accepted = await loading.done;
    await killed;
    expect((await server.exited).signal).toBe('SIGKILL');
    // At least the 100 the kill waited for: a batch's answers come together, so the count can
    // stop at exactly 100 when the kill lands before the next batch's.
    expect(accepted.length).toBeGreaterThanOrEqual(100);

    const again = await spawnServer({ ...(await store.serverEnv()), CLIENT_DIR: clientDir }, 4341);
    const checks = await Promise.all(
      accepted.map((id) =>
        fetch(`${again.url}/api/bookings/${id}`, {
          headers: { authorization: `Bearer ${user.idToken}` },
        }).then((r) => r.status),
      ),
    );
    expect(checks.filter((s) => s !== 200)).toEqual([]);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 60_000);

  it('SIGTERM lets in-flight bookings finish, then closes the database and exits 0', async () => {
    const departureId = await roomyDepartureIn(store);
    const server = await spawnServer({ ...(await store.serverEnv()), CLIENT_DIR: clientDir }, 4342);
    const requests = Array.from({ length: 200 }, () =>
      postBooking(
        server.url,
        user,
        { ...validBooking, departureId, address: `${randomUUID()} Lane` },
        { 'idempotency-key': randomUUID() },
      ).then(
        async (res) => ({
          status: res.status,
          id: res.status === 201 ? ((await res.json()) as { id: string }).id : undefined,
        }),
        () => ({ status: 0, id: undefined }),
      ),
    );
    // The signal comes once bookings are flowing (the first one answered), with the rest in flight.
    await Promise.race(requests);
    server.child.kill('SIGTERM');
    const results = await Promise.all(requests);
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    expect(server.output()).toContain('database closed');
    // Taken in before the signal: answered 201. Arriving after it: refused with 503 (Fastify's
    // "server is closing") or not connected at all. Nothing else.
    expect(results.filter((r) => ![0, 201, 503].includes(r.status))).toEqual([]);
    const ok = results.filter((r) => r.status === 201).map((r) => r.id!);
    expect(ok.length).toBeGreaterThan(0);
    expect((await storedIds(store, ok)).size).toBe(ok.length);
  }, 60_000);
});

// A TCP proxy in front of PostgreSQL that can drop every connection and refuse new ones.
class Switch {
  private server?: Server;
  private sockets = new Set<Socket>();
  constructor(
    private readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}
  up() {
    return new Promise<void>((resolve) => {
      this.server = createServer((client) => {
        const upstream = connect(this.target.port, this.target.host);
        for (const s of [client, upstream]) {
          this.sockets.add(s);
          s.on('close', () => this.sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }
  down() {
    for (const s of this.sockets) s.destroy();
    return new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describeNeeding(missing.postgres)('PostgreSQL out of reach', () => {
  const baseUrl = testDatabaseUrl!;
  it('answers 503 with a clear message, stores nothing, and recovers by itself when it returns', async () => {
    const schemaUrl = await postgresSchemaUrl(baseUrl);
    const direct = new URL(schemaUrl);
    const target = { host: direct.hostname, port: Number(direct.port || 5432) };
    const proxy = new Switch(4343, target);
    await proxy.up();
    const viaProxy = new URL(schemaUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = '4343';
    const db = await openDatabase({ url: viaProxy.toString() });
    await migrate(db);
    const departureId = await roomyDeparture(db);
    const app = await buildTestApp({ clientDir, db });
    const post = () => injectBooking(app, user, { ...validBooking, departureId });
    try {
      expect((await post()).statusCode).toBe(201);

      await proxy.down();
      const refused = await post();
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'Bookings are unavailable right now. Nothing was lost: please try again in a moment.',
      );
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);

      await proxy.up();
      let status = 0;
      for (let i = 0; i < 50 && status !== 201; i++) {
        status = (await post()).statusCode;
        if (status !== 201) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(201);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
      expect(rows.rows[0]!.n).toBe(2);
    } finally {
      await app.close();
      await db.close().catch(() => {});
      await proxy.down();
      await dropPostgresSchema(schemaUrl);
    }
  }, 60_000);
});

describe('identity provider out of reach', () => {
  it('answers 503 with a clear message (not 401), then works again when it returns', async () => {
    // The emulator behind a switch: down means nothing answers on its address.
    const [host, port] = emulatorHost.split(':');
    const proxy = new Switch(4344, { host: host!, port: Number(port) });
    await proxy.up();
    const db = await openDatabase({});
    await migrate(db);
    const departureId = await roomyDeparture(db);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:4344';
    // No cache: every request asks the identity provider.
    const verifyToken = firebaseTokenVerifier(projectId, { cacheMs: 0, appName: 'faults-idp' });
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    const app = await buildTestApp({ clientDir, db, verifyToken });
    const post = () => injectBooking(app, user, { ...validBooking, departureId });
    try {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:4344';
      expect((await post()).statusCode).toBe(201);

      await proxy.down();
      const refused = await post();
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(
        'We could not check your sign-in just now. Please try again in a moment.',
      );
      const list = await app.inject({
        url: '/api/bookings',
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(list.statusCode).toBe(503);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!.n).toBe(1);

      await proxy.up();
      expect((await post()).statusCode).toBe(201);
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
      await app.close();
      await db.close();
      await proxy.down();
    }
  }, 30_000);
});

describeNeeding(missing.redis)('Redis out of reach', () => {
  const redisUrl = testRedisUrl!;
  it('bookings go on without the limit (a warning is logged), and the limit is back when Redis returns', async () => {
    const target = new URL(redisUrl);
    const proxy = new Switch(4345, { host: target.hostname, port: Number(target.port || 6379) });
    await proxy.up();
    const warnings: string[] = [];
    const redis = connectRedis('redis://127.0.0.1:4345', (m) => warnings.push(m));
    const db = await openDatabase({});
    await migrate(db);
    const departureId = await roomyDeparture(db);
    const app = await buildTestApp({ clientDir, db, redis, rateLimitPerMinute: 2 });
    const limited = await createUser('redis-limited');
    const post = () => injectBooking(app, limited, { ...validBooking, departureId });
    try {
      await new Promise<void>((resolve) =>
        redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve()),
      );
      expect([(await post()).statusCode, (await post()).statusCode, (await post()).statusCode]).toEqual([
        201, 201, 429,
      ]);

      await proxy.down();
      const during = [];
      for (let i = 0; i < 4; i++) during.push((await post()).statusCode);
      // Fail open: the limiter is skipped rather than bookings refused.
      expect(during).toEqual([201, 201, 201, 201]);
      await waitFor(() => warnings.some((w) => w.startsWith('Redis unavailable')), 10_000, 'the warning');

      await proxy.up();
      await new Promise<void>((resolve) =>
        redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve()),
      );
      expect(warnings.at(-1)).toBe('Redis is back: rate limits are enforced again.');
      // The counter kept in Redis is still there: this user is over the limit again.
      expect((await post()).statusCode).toBe(429);
    } finally {
      await app.close();
      redis.disconnect();
      await db.close();
      await proxy.down();
    }
  }, 30_000);
});
