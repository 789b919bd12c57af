// `npm run bench:api`: load on POST /api/bookings over loopback, then an audit of what was
// stored. 50 connections for 20 s a run after a 5 s warm-up (BENCH_CONNECTIONS, BENCH_SECONDS,
// BENCH_WARMUP), parties of 1 to 3:
//   - spread: every request on another departure (all the benchmark's departures in turn);
//   - hot: every request on one departure (one hot row, large capacity).
// On PGlite (one process) and, when DATABASE_URL is set, on that PostgreSQL server with one
// process and with three processes sharing the load (in a schema of its own, dropped after).
// The audit: every 2xx exactly one stored booking, nothing stored that was not sent, and for every
// departure seats taken = travellers of its active bookings <= capacity.
// First, in the same run, the ceiling: one bare Fastify process answering the same requests with
// no database and no token check (scripts/ceiling-server.ts); every rate is also printed as a
// ratio of it, and each budget on a line of its own, met or MISSED.
// Each run also prints the CPU time per booking of the server processes and of PostgreSQL (read
// from /proc, so Linux only): unlike the rates, it barely moves with what else the machine does.
// Last, with DATABASE_URL, the payments run (./bench-payments.ts; BENCH_PAYMENTS bookings, 2,000).
// BENCH_RATE=<n> offers n requests a second in all instead of as many as the connections can
// send: with the machine unsaturated, the CPU per booking compares two versions of the code.
// BENCH_ONLY=<text> runs only the set-ups whose name contains it.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchNodeArgs, makeClientDir, spawnApiServer, type ApiServer } from './api-server';
import { benchBookingRequest } from './bench-booking-request';
import { benchPayments } from './bench-payments';
import { createEmulatorUser, ensureAuthEmulator } from './auth-emulator';
import { openDatabase, type Database } from '../server/src/db/database';
import { seedCatalogue } from '../server/src/catalog/seed';
import { migrate } from '../server/src/db/migrations';
import { addDays, todayIso } from '#contracts/iso-dates';
import { insertDeparture } from '../server/src/departures/repository';
import { dropPostgresSchema, postgresSchemaUrl } from '../server/src/test/postgres-schema';

const root = new URL('..', import.meta.url).pathname;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const basePort = Number(process.env.BENCH_PORT ?? 4330);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
// Each measured run follows a warm-up of the same requests (BENCH_WARMUP seconds, the ceiling's
// too): V8 optimises the server's hot code during its first seconds under load, on threads whose
// CPU time the per-booking figures count; after 1 s the first run of a set-up still paid for it
// (0.35 ms of server CPU a booking against 0.22 in the second run).
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 5);
const userCount = 20;
// The published packages of the database's catalogue (seeded from public/packages.json once,
// server/src/catalog/seed.ts), read by prepare().
let packages: { id: string }[] = [];

type Departure = { id: string; packageId: string };
type Mode = 'spread' | 'hot';

function createUsers(n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const email = `bench-${i}-${randomUUID().slice(0, 8)}@example.com`;
      const { localId, idToken } = await createEmulatorUser(emulatorHost, email, 'bench-pass');
      return { uid: localId, token: idToken };
    }),
  );
}

// The benchmark's own schedule: 10 departures a package with room for any load, and one hot one.
async function prepare(db: Database) {
  await migrate(db);
  await seedCatalogue(db, join(root, 'public/packages.json'), join(root, 'public/img'));
  packages = (
    await db.query<{ id: string }>("SELECT id FROM packages WHERE status = 'published' ORDER BY position, id")
  ).rows;
  const today = todayIso('UTC');
  const spread: Departure[] = [];
  for (const [p, pkg] of packages.entries()) {
    for (let k = 0; k < 10; k++) {
      const startsOn = addDays(today, 3000 + p * 400 + k * 7 + Math.floor(Math.random() * 5));
      const d = await insertDeparture(db, { packageId: pkg.id, startsOn, capacity: 1_000_000 });
      spread.push({ id: d.id, packageId: pkg.id });
    }
  }
  const hotPkg = packages[0]!.id;
  const hot = await insertDeparture(db, {
    packageId: hotPkg,
    startsOn: addDays(today, 2999),
    capacity: 10_000_000,
  });
  return { spread, hot: { id: hot.id, packageId: hotPkg } };
}

type Run = {
  // CPU milliseconds per 2xx answer: the server processes, and PostgreSQL's (null on PGlite or
  // without /proc).
  serverCpuMs?: number | null;
  postgresCpuMs?: number | null;
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

// CPU seconds (user + system) used so far by these processes, or by every process whose command
// line starts with "postgres" (the server and its backends); null without /proc.
const clockTicks = 100;
function cpuSeconds(match: number[] | 'postgres'): number | null {
  try {
    const pids =
      match === 'postgres'
        ? readdirSync('/proc').filter(
            (d) => /^\d+$/.test(d) && safeRead(`/proc/${d}/cmdline`).startsWith('postgres'),
          )
        : match.map(String);
    let ticks = 0;
    for (const pid of pids) {
      const stat = safeRead(`/proc/${pid}/stat`);
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    }
    return pids.length ? ticks / clockTicks : null;
  } catch {
    return null;
  }
}
const safeRead = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const offeredRate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;

// One autocannon per server process, the connections shared between them; the figures are summed.
async function load(
  urls: string[],
  users: { token: string }[],
  targets: Departure[],
  durationSec: number,
): Promise<Run> {
  const okIds = new Map<string, string>(); // booking id -> email
  const statuses = new Map<number, number>();
  const results = await Promise.all(
    urls.map((url, u) =>
      autocannon({
        url,
        connections: Math.floor(connections / urls.length) + (u < connections % urls.length ? 1 : 0),
        duration: durationSec,
        ...(offeredRate ? { overallRate: Math.ceil(offeredRate / urls.length) } : {}),
        requests: [
          {
            method: 'POST',
            path: '/api/bookings',
            setupRequest: (req) => {
              const i = n++;
              const target = targets[i % targets.length]!;
              sent.add(`bench${i}@example.com`);
              return { ...req, ...benchBookingRequest(i, target, users[i % users.length]!.token) };
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
      }),
    ),
  );
  const ok = [...statuses.entries()].filter(([s]) => s >= 200 && s < 300).reduce((a, [, c]) => a + c, 0);
  return {
    requestsPerSec: results.reduce((a, r) => a + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((a, r) => a + r.errors + r.timeouts, 0),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
    ok,
    okIds,
  };
}

async function audit(db: Database, uids: string[], okIds: Map<string, string>) {
  const { rows } = await db.query<{ id: string; email: string }>(
    'SELECT id, email FROM bookings WHERE user_id = ANY($1)',
    [uids],
  );
  const stored = new Map(rows.map((r) => [r.id, r.email]));
  const missing = [...okIds.keys()].filter((id) => !stored.has(id));
  // Rows no response was seen for: requests still in flight when the load generator stopped.
  // Legitimate only if such a request was really sent.
  const unanswered = rows.filter((r) => !okIds.has(r.id));
  const unsent = unanswered.filter((r) => !sent.has(r.email));
  const emails = new Set(rows.map((r) => r.email));
  // Seats: what each departure says it has sold against the bookings it carries.
  const seats = await db.query<{ id: string; capacity: number; seats_taken: number; booked: number }>(
    `SELECT d.id, d.capacity, d.seats_taken,
       coalesce((SELECT sum(b.travellers) FROM bookings b
                 WHERE b.departure_id = d.id AND b.status <> 'cancelled'), 0)::int AS booked
     FROM departures d`,
  );
  const mismatched = seats.rows.filter((d) => d.seats_taken !== d.booked).length;
  const oversold = seats.rows.filter((d) => d.seats_taken > d.capacity).length;
  return {
    rows: rows.length,
    missing: missing.length,
    unanswered: unanswered.length,
    unsent: unsent.length,
    doubled: rows.length - emails.size,
    departures: seats.rows.length,
    mismatched,
    oversold,
  };
}

type Setup = {
  name: string;
  processes: number;
  // Opens the store for preparing and auditing (never while a PGlite server holds it).
  open: () => Promise<Database>;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
};

const emulator = await ensureAuthEmulator(root, emulatorHost, () => {});
const dir = makeClientDir();
const setups: Setup[] = [];
{
  const dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-bench-data-'));
  setups.push({
    name: 'PGlite, 1 process',
    processes: 1,
    env: { CLIENT_DIR: dir, DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: join(dataDir, 'pglite') }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
}
if (process.env.DATABASE_URL) {
  for (const processes of [1, 3]) {
    const url = await postgresSchemaUrl(process.env.DATABASE_URL);
    setups.push({
      name: `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`,
      processes,
      env: { CLIENT_DIR: dir, DATABASE_URL: url, DATABASE_POOL_SIZE: String(processes > 1 ? 6 : 10) },
      open: () => openDatabase({ url }),
      cleanup: () => dropPostgresSchema(url),
    });
  }
}

// BENCH_ONLY=<text>: only the set-ups whose name contains it ("PostgreSQL, 1"), for profiling.
if (process.env.BENCH_ONLY) {
  const only = process.env.BENCH_ONLY;
  for (const s of setups.filter((x) => !x.name.includes(only))) await s.cleanup();
  setups.splice(0, setups.length, ...setups.filter((x) => x.name.includes(only)));
}

const cpuNote = (run: Run) =>
  run.serverCpuMs == null
    ? ''
    : `; CPU per booking: server ${run.serverCpuMs.toFixed(3)} ms${run.postgresCpuMs == null ? '' : `, PostgreSQL ${run.postgresCpuMs.toFixed(3)} ms`}`;

// A running server's tables have statistics: autovacuum analyzes a table once a tenth of it has
// changed (within its 1-minute nap). The benchmark's schema is new and fills faster than that,
// and without statistics the foreign-key checks of every booking's guests, audit row and email
// (`SELECT 1 FROM bookings WHERE id = $1 FOR KEY SHARE`, planned once per connection while
// bookings was nearly empty) read the whole table: 0.43 ms each, 1.8 ms of PostgreSQL per
// booking, 485 bookings/s, and worse the longer a run went. So after each warm-up the schema's
// tables are analyzed, as autovacuum would have by then on a server in service; the analysis
// also makes the server's connections plan those checks again.
async function analyzeAsAutovacuumWould(setup: { open(): Promise<Database> }) {
  const db = await setup.open();
  try {
    const { rows } = await db.query<{ name: string }>(
      'SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()',
    );
    for (const { name } of rows) await db.query(`ANALYZE ${name}`);
  } finally {
    await db.close();
  }
}

let failed = false;
const rates = new Map<string, number>();
const load1 = () => loadavg()[0]!.toFixed(2);
console.log(
  `POST /api/bookings, ${connections} connections, ${seconds} s a run, ${userCount} users, parties of 1-3, unique Idempotency-Key per request; load average ${load1()}\n`,
);

// The ceiling, measured first in this run.
async function measureCeiling(users: { token: string }[]): Promise<Run> {
  const port = basePort - 1;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/ceiling-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 300) throw new Error('the ceiling server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Measured before any database is prepared: a package of the site's own seed file.
    const [first] = JSON.parse(readFileSync(join(root, 'public/packages.json'), 'utf8')) as { id: string }[];
    const targets = [{ id: randomUUID(), packageId: first!.id }];
    await load([url], users, targets, warmupSeconds);
    return await load([url], users, targets, seconds);
  } finally {
    child.kill('SIGTERM');
  }
}
const ceilingUsers = Array.from({ length: userCount }, (_, i) => ({
  token: `ceiling-${i}`.padEnd(900, 'x'),
}));
const ceiling = await measureCeiling(ceilingUsers);
console.log(
  `Ceiling (bare Fastify, same request shape, no database, no token check): ${Math.round(ceiling.requestsPerSec)}/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms, errors ${ceiling.errors}\n`,
);
const ratio = (r: number) => (r / ceiling.requestsPerSec).toFixed(2);
for (const setup of setups) {
  const prepDb = await setup.open();
  const schedule = await prepare(prepDb);
  await prepDb.close();
  const users = await createUsers(userCount);
  const servers: ApiServer[] = [];
  const runs = new Map<Mode, Run>();
  const pglite = setup.name.startsWith('PGlite');
  const okIds = new Map<string, string>();
  try {
    for (let p = 0; p < setup.processes; p++) {
      servers.push(
        await spawnApiServer({
          port: basePort + p,
          emulatorHost,
          env: setup.env,
          // BENCH_CPU_PROF, BENCH_NODE_ARGS: see benchNodeArgs (./api-server.ts).
          nodeArgs: benchNodeArgs(),
        }),
      );
    }
    const urls = servers.map((s) => s.url);
    for (const mode of ['spread', 'hot'] as const) {
      const targets = mode === 'spread' ? schedule.spread : [schedule.hot];
      const warmup = await load(urls, users, targets, warmupSeconds);
      if (!pglite) await analyzeAsAutovacuumWould(setup);
      const pids = servers.map((s) => s.child.pid!);
      const before = [cpuSeconds(pids), pglite ? null : cpuSeconds('postgres')];
      const run = await load(urls, users, targets, seconds);
      const after = [cpuSeconds(pids), pglite ? null : cpuSeconds('postgres')];
      const perBooking = (i: number) =>
        before[i] != null && after[i] != null && run.ok > 0
          ? ((after[i]! - before[i]!) * 1000) / run.ok
          : null;
      run.serverCpuMs = perBooking(0);
      run.postgresCpuMs = perBooking(1);
      runs.set(mode, run);
      for (const r of [warmup, run]) for (const [id, email] of r.okIds) okIds.set(id, email);
    }
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    for (const s of servers) {
      const { code } = await s.exited;
      if (code !== 0) {
        console.error(`  ${setup.name}: a server exited with ${code} on SIGTERM`);
        failed = true;
      }
    }
  }
  const db = await setup.open();
  const check = await audit(
    db,
    users.map((u) => u.uid),
    okIds,
  );
  await db.close();
  await setup.cleanup();

  const spread = runs.get('spread')!;
  const hot = runs.get('hot')!;
  // PostgreSQL's guard is relative to the ceiling measured in this run (DESIGN's budgets: 0.12).
  const target = pglite ? 1000 : 0.12 * ceiling.requestsPerSec;
  const clean = (r: Run) => r.p99 < 100 && r.errors === 0 && r.non2xx === 0;
  const meets =
    spread.requestsPerSec >= target &&
    (pglite || hot.requestsPerSec >= spread.requestsPerSec / 2) &&
    clean(spread) &&
    clean(hot);
  const exact =
    check.missing === 0 &&
    check.unsent === 0 &&
    check.doubled === 0 &&
    check.mismatched === 0 &&
    check.oversold === 0 &&
    check.unanswered <= 4 * connections;
  if (!meets || !exact) failed = true;
  rates.set(`${setup.name} spread`, spread.requestsPerSec);
  rates.set(`${setup.name} hot`, hot.requestsPerSec);
  console.log(`${setup.name} (load average ${load1()})`);
  for (const [mode, run] of runs) {
    console.log(
      `  ${mode.padEnd(6)} ${Math.round(run.requestsPerSec)} bookings/s = ${ratio(run.requestsPerSec)} of the ceiling, latency p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${run.errors}, non-2xx ${run.non2xx}, 2xx ${run.ok}${cpuNote(run)}`,
    );
  }
  const line = (met: boolean, name: string, figure: string) => {
    if (!met) failed = true;
    console.log(`  ${met ? 'met   ' : 'MISSED'}  ${name}: ${figure}`);
  };
  if (pglite) {
    line(spread.requestsPerSec >= 1000, 'spread >= 1,000/s', `${Math.round(spread.requestsPerSec)}/s`);
  } else {
    line(
      spread.requestsPerSec >= 0.12 * ceiling.requestsPerSec,
      'spread >= 0.12 of the ceiling',
      `${ratio(spread.requestsPerSec)} (${Math.round(spread.requestsPerSec)}/s of ${Math.round(ceiling.requestsPerSec)}/s)`,
    );
    line(
      hot.requestsPerSec >= spread.requestsPerSec / 2,
      'hot >= half of spread',
      `${(hot.requestsPerSec / spread.requestsPerSec).toFixed(2)} of spread (${ratio(hot.requestsPerSec)} of the ceiling)`,
    );
  }
  line(spread.p99 < 100 && hot.p99 < 100, 'p99 < 100 ms', `spread ${spread.p99} ms, hot ${hot.p99} ms`);
  line(
    spread.errors + hot.errors + spread.non2xx + hot.non2xx === 0,
    '0 errors',
    `errors ${spread.errors + hot.errors}, non-2xx ${spread.non2xx + hot.non2xx}`,
  );
  line(check.oversold === 0, '0 seats oversold', String(check.oversold));
  console.log(
    `  audit: ${check.rows} stored bookings for ${okIds.size} 2xx answers (warm-ups included): missing ${check.missing}, doubled ${check.doubled}, ` +
      `stored for requests in flight at a stop ${check.unanswered}, stored without a request ${check.unsent}; ` +
      `${check.departures} departures: seats taken != travellers booked ${check.mismatched}, oversold ${check.oversold}`,
  );
  console.log(
    `  target spread >= ${Math.round(target)}/s${pglite ? '' : ', hot >= half of spread'}, p99 < 100 ms, 0 errors: ${meets ? 'met' : 'MISSED'}; ` +
      `every 2xx exactly one booking and 0 seats oversold: ${exact ? 'yes' : 'NO'}\n`,
  );
}
for (const mode of ['spread', 'hot']) {
  const one = rates.get(`PostgreSQL, 1 process ${mode}`);
  const three = rates.get(`PostgreSQL, 3 processes ${mode}`);
  if (one && three) console.log(`PostgreSQL ${mode}: 3 processes / 1 process = ${(three / one).toFixed(2)}`);
}
// The money run (./bench-payments.ts): Stripe's webhook on PostgreSQL with three processes.
if (process.env.DATABASE_URL && (!process.env.BENCH_ONLY || 'payments'.includes(process.env.BENCH_ONLY))) {
  const payments = await benchPayments({
    databaseUrl: process.env.DATABASE_URL,
    basePort: basePort + 10,
    emulatorHost,
    bookings: Number(process.env.BENCH_PAYMENTS ?? 2000),
    connections,
  });
  if (payments.failed) failed = true;
}
rmSync(dir, { recursive: true, force: true });
await emulator.stop();
process.exitCode = failed ? 1 : 0;
