// @vitest-environment node
// Bookings through a PostgreSQL outage, on a PostgreSQL server of the test's own (the machine's
// shared one is never stopped): several server processes under load while the database is
// stopped, restarted, paused (SIGSTOP) and resumed. Every 201 is stored once; every 503 is
// stored at most once, and one that says nothing was stored is not stored; no request waits more
// than 15 seconds (server/src/bookings/repository.ts, server/src/db/database.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.js';
import { describeNeeding } from './test/services.js';
import { waitFor } from './test/wait-for.js';
import {
  createUser,
  makeClientDir,
  postBooking,
  emulatorHost,
  roomyDeparture,
  validBooking,
  type ServerProcess,
  type TestUser,
} from './test/fixtures.js';
import { spawnApiServer } from '../../scripts/api-server.js';

const bin = '/usr/lib/postgresql/15/bin';
const postgresMissing = existsSync(join(bin, 'postgres'))
  ? undefined
  : `the PostgreSQL 15 binaries are not installed in ${bin}`;

// initdb and postgres refuse to run as root: as the postgres account then.
const asOwner = (() => {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
})();

const pgPort = 43139;
const serverPorts = [43131, 43132];
const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

type Answer = { address: string; status: number; message?: string; id?: string; ms: number; keyed: boolean };

describeNeeding(postgresMissing)('bookings through a PostgreSQL outage', () => {
  let dataDir: string;
  let clientDir: string;
  let postgres: ChildProcess | undefined;
  let postgresExited: Promise<unknown> = Promise.resolve();
  const servers: ServerProcess[] = [];
  let user: TestUser;
  let departureId: string;

  const startPostgres = async () => {
    postgres = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(pgPort),
        '-k',
        dataDir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
      ],
      { ...asOwner, stdio: 'ignore' },
    );
    const child = postgres;
    postgresExited = new Promise((resolve) => child.once('exit', resolve));
    await waitFor(
      () => spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(pgPort)]).status === 0,
      30_000,
      'PostgreSQL to accept connections',
    );
  };
  // A fast shutdown: open transactions are rolled back, connections cut.
  const stopPostgres = async () => {
    postgres?.kill('SIGINT');
    await postgresExited;
  };
  // Every process of the server (the postmaster and its backends), paused or resumed.
  const signalAll = (signal: NodeJS.Signals) => {
    const pids = spawnSync('pgrep', ['-u', 'postgres', '-f', `-p ${pgPort}`], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    const children = pids.flatMap((pid) =>
      spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map(Number),
    );
    for (const pid of [...pids, ...children]) process.kill(pid, signal);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-outage-pg-'));
    if (asOwner.uid !== undefined) chownSync(dataDir, asOwner.uid, asOwner.gid!);
    const init = spawnSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-N'], {
      ...asOwner,
      encoding: 'utf8',
    });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    await startPostgres();
    clientDir = makeClientDir();
    user = await createUser('outage');
    // One at a time: the first migrates the new database.
    for (const port of serverPorts) {
      servers.push(
        await spawnApiServer({
          port,
          emulatorHost,
          env: { DATABASE_URL: url, CLIENT_DIR: clientDir, DATABASE_POOL_SIZE: '4' },
          // A loaded machine starts a server slowly.
          timeoutMs: 150_000,
        }),
      );
    }
    const db = await openDatabase({ url });
    try {
      departureId = await roomyDeparture(db);
    } finally {
      await db.close();
    }
  }, 400_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (postgres && postgres.exitCode === null) {
      signalAll('SIGCONT');
      await stopPostgres();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('answers every request within 15 s, truthfully, and stores each booking at most once', async () => {
    const answers: Answer[] = [];
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const server = servers[(n + i) % servers.length]!;
        // Half with an Idempotency-Key, half without: a lost COMMIT must not turn either into a
        // conflict or a false "nothing was lost".
        const keyed = (n + i) % 2 === 0;
        const address = `${randomUUID()} Road`;
        const started = Date.now();
        const res = await postBooking(
          server.url,
          user,
          { ...validBooking, departureId, address },
          keyed ? { 'idempotency-key': randomUUID() } : {},
        );
        const body = (await res.json()) as { id?: string; message?: string };
        answers.push({
          address,
          status: res.status,
          message: body.message,
          id: body.id,
          ms: Date.now() - started,
          keyed,
        });
      }
    };
    const workers = Promise.all(Array.from({ length: 16 }, (_, n) => worker(n)));
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    await pause(2_000);
    await stopPostgres();
    await pause(3_000);
    await startPostgres();
    await pause(3_000);
    signalAll('SIGSTOP');
    await pause(12_000);
    signalAll('SIGCONT');
    await pause(5_000);
    running = false;
    await workers;

    const db: Database = await openDatabase({ url });
    try {
      const { rows } = await db.query<{ address: string; id: string }>(
        'SELECT address, id FROM bookings WHERE address = ANY($1::text[])',
        [answers.map((a) => a.address)],
      );
      const stored = new Map<string, string[]>();
      for (const r of rows) stored.set(r.address, [...(stored.get(r.address) ?? []), r.id]);

      const byStatus = (status: number) => answers.filter((a) => a.status === status);
      expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
      expect(byStatus(201).length).toBeGreaterThan(0);
      expect(byStatus(503).length).toBeGreaterThan(0);
      for (const a of byStatus(201)) expect(stored.get(a.address), a.address).toEqual([a.id]);
      for (const a of byStatus(503)) {
        const copies = stored.get(a.address) ?? [];
        expect(copies.length, a.message).toBeLessThanOrEqual(1);
        if (/Nothing was (lost|stored)/.test(a.message ?? '')) expect(copies, a.message).toEqual([]);
      }
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThanOrEqual(15_000);
      // After the outage, bookings go through again.
      expect(byStatus(201).length).toBeGreaterThan(byStatus(503).length / 100);
    } finally {
      await db.close();
    }
  }, 180_000);
});
