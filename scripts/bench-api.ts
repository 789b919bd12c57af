// `npm run bench:api`: load on POST /api/bookings over loopback, then an audit of what was
// stored. 50 connections for 20 s (BENCH_CONNECTIONS, BENCH_SECONDS), on PGlite and, when
// DATABASE_URL is set, on that PostgreSQL server. Every 2xx must be exactly one stored row, and
// nothing else may be stored for the benchmark's users.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { makeClientDir, spawnApiServer } from './api-server';
import { createEmulatorUser, ensureAuthEmulator } from './auth-emulator';
import { openDatabase, type Database } from '../server/src/db/database';

const root = new URL('..', import.meta.url).pathname;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const port = Number(process.env.BENCH_PORT ?? 4330);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const userCount = 20;
const packages = JSON.parse(readFileSync(join(root, 'public/packages.json'), 'utf8')) as { id: string }[];

type Store = {
  name: string;
  env: Record<string, string>;
  open: () => Promise<Database>;
  cleanup: () => void;
};

function createUsers(n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const email = `bench-${i}-${randomUUID().slice(0, 8)}@example.com`;
      const { localId, idToken } = await createEmulatorUser(emulatorHost, email, 'bench-pass');
      return { uid: localId, token: idToken };
    }),
  );
}

async function startServer(env: Record<string, string>) {
  const server = await spawnApiServer({ port, emulatorHost, env });
  if (process.env.BENCH_VERBOSE) server.child.stdout?.pipe(process.stdout);
  return async () => {
    server.child.kill('SIGTERM');
    return (await server.exited).code;
  };
}

type Run = {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ok: number;
  okIds: Map<string, string>;
};

// Request numbers run on across runs: each request's email is unique, so a row can be traced to
// the one request that made it.
let n = 0;
const sent = new Set<string>();

async function load(users: { token: string }[], durationSec: number): Promise<Run> {
  const okIds = new Map<string, string>(); // booking id -> email
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: durationSec,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        setupRequest: (req) => {
          const i = n++;
          const key = randomUUID();
          sent.add(`bench${i}@example.com`);
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${users[i % users.length]!.token}`,
              'idempotency-key': key,
            },
            body: JSON.stringify({
              packageId: packages[i % packages.length]!.id,
              name: `Bench Traveller ${i}`,
              email: `bench${i}@example.com`,
              address: `${i} Loopback Lane, Localhost`,
              phone: String(1_000_000 + i),
            }),
          };
        },
        onResponse: (status, body) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 200 && status < 300) {
            const parsed = JSON.parse(body) as { id: string; email: string };
            // The email carries the request number: two rows with one email = a doubled booking.
            okIds.set(parsed.id, parsed.email);
          }
        },
      },
    ],
  });
  const ok = [...statuses.entries()].filter(([s]) => s >= 200 && s < 300).reduce((a, [, c]) => a + c, 0);
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ok,
    okIds,
  };
}

async function audit(db: Database, uids: string[], run: Run) {
  const { rows } = await db.query<{ id: string; email: string }>(
    'SELECT id, email FROM bookings WHERE user_id = ANY($1)',
    [uids],
  );
  const stored = new Map(rows.map((r) => [r.id, r.email]));
  const missing = [...run.okIds.keys()].filter((id) => !stored.has(id));
  // Rows no response was seen for: requests still in flight when the load generator stopped.
  // Legitimate only if such a request was really sent.
  const unanswered = rows.filter((r) => !run.okIds.has(r.id));
  const unsent = unanswered.filter((r) => !sent.has(r.email));
  const emails = new Set(rows.map((r) => r.email));
  return {
    rows: rows.length,
    missing: missing.length,
    unanswered: unanswered.length,
    unsent: unsent.length,
    doubled: rows.length - emails.size,
  };
}

const emulator = await ensureAuthEmulator(root, emulatorHost, () => {});
const dir = makeClientDir();
const stores: Store[] = [];
{
  const dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-bench-data-'));
  stores.push({
    name: 'PGlite',
    env: { CLIENT_DIR: dir, DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: join(dataDir, 'pglite') }),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  });
}
if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  stores.push({
    name: 'PostgreSQL',
    env: { CLIENT_DIR: dir, DATABASE_URL: url },
    open: () => openDatabase({ url }),
    cleanup: () => {},
  });
}

let failed = false;
console.log(
  `POST /api/bookings, ${connections} connections, ${seconds} s, ${userCount} users, unique Idempotency-Key per request\n`,
);
for (const store of stores) {
  const users = await createUsers(userCount);
  const stop = await startServer(store.env);
  let warmup: Run;
  let run: Run;
  try {
    warmup = await load(users, 1);
    run = await load(users, seconds);
  } finally {
    const code = await stop();
    if (code !== 0) {
      console.error(`  ${store.name}: the server exited with ${code} on SIGTERM`);
      failed = true;
    }
  }
  const db = await store.open();
  const all = { ...run, okIds: new Map([...warmup.okIds, ...run.okIds]) };
  const check = await audit(
    db,
    users.map((u) => u.uid),
    all,
  );
  await db.close();
  store.cleanup();
  const meets = run.requestsPerSec >= 1000 && run.p99 < 100 && run.errors === 0 && run.non2xx === 0;
  const exact =
    check.missing === 0 && check.unsent === 0 && check.doubled === 0 && check.unanswered <= 2 * connections;
  if (!meets || !exact) failed = true;
  console.log(`${store.name}`);
  console.log(
    `  ${Math.round(run.requestsPerSec)} bookings/s, latency p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}, non-2xx ${run.non2xx}, 2xx ${run.ok}`,
  );
  console.log(
    `  stored rows checked: ${check.rows} for ${all.okIds.size} 2xx answers (warm-up included): missing ${check.missing}, doubled ${check.doubled}, ` +
      `stored for requests in flight at the stop ${check.unanswered}, stored without a request ${check.unsent}`,
  );
  console.log(
    `  target >= 1000/s, p99 < 100 ms, 0 errors: ${meets ? 'met' : 'MISSED'}; every 2xx exactly one row: ${exact ? 'yes' : 'NO'}\n`,
  );
}
rmSync(dir, { recursive: true, force: true });
await emulator.stop();
process.exitCode = failed ? 1 : 0;
