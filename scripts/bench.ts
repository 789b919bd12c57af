// `npm run bench`: builds the site, serves a copy of that build on the embedded defaults (Auth
// Emulator, a fresh PGlite), runs Lighthouse 12 (mobile preset, median of 3) in Debian's
// Chromium on the public pages as a visitor and on the signed-in pages with a stored session
// (a traveller with bookings; an operator for /admin), lists the JavaScript each page downloaded
// by chunk, and prints one line per budget of docs/product.md#budgets. Results also in bench-results/bench.json.
//
// BENCH_BUILD_DIR=<dir>: measure that build (a folder like build/, with client/ and
// client-manifest/) as it is, without building; BENCH_SERVER_ROOT=<tree>: served by that working
// tree's server (server/src/main.ts there), to measure an older commit as it was, with this
// script's options. BENCH_PAGES=/,/admin: only those pages.
// BENCH_RUNS (default 5), BENCH_PORT (default 4380), BENCH_KEEP_RUNS=1 (every run's report),
// BENCH_SERVER_TIMEOUT_MS (default 60000: how long the server may take to start).
// `npm run bench -- --cpu-slowdown 8` (or BENCH_CPU_SLOWDOWN=8): Lighthouse's simulated CPU is that
// many times slower than this host's instead of the mobile preset's 4 (its
// `throttling.cpuSlowdownMultiplier`), a cheaper phone than the preset's: the budgets hold there
// too (docs/decisions/066-no-react-for-a-visitors-first-load.md). The load average is printed with
// every figure: on this shared 2-core machine a figure taken above 2 says little.
//
// A new page: one line in `allPages` below (who looks at it, its path, what shows it rendered).
// Signed-in pages come with the session cookie the site sets after sign-in, so the server renders
// them with their data (docs/decisions/013-server-rendered-signed-in-pages.md).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result as LhResult } from 'lighthouse';
import { parsePublicEnv, usesRealFirebase } from '#contracts/public-env';
import routes from '../src/routes';
import { spawnApiServer } from './api-server';
import { ensureAuthEmulator } from './auth-emulator';
import { firstBytes } from './bench-first-byte';
import { startDelayProxy } from './delay-proxy';
import {
  chunkOfUrl,
  homeJs,
  kib,
  pageRoutes,
  readClientBuild,
  routeBuilt,
  staticJsBudgets,
  type Budget,
  type ChunkKind,
} from './bench-js';
import {
  book,
  createAccount,
  grantOperator,
  prepareSession,
  signIn,
  storedSession,
  type BookingMade,
} from './bench-session';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4380);
const origin = `http://localhost:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 5);
// `--cpu-slowdown N` / `--cpu-slowdown=N`, or BENCH_CPU_SLOWDOWN; Lighthouse's mobile preset is 4.
function cpuSlowdownOption(): number {
  const at = process.argv.findIndex((a) => a === '--cpu-slowdown' || a.startsWith('--cpu-slowdown='));
  const given =
    at < 0
      ? process.env.BENCH_CPU_SLOWDOWN
      : process.argv[at]!.includes('=')
        ? process.argv[at]!.split('=')[1]
        : process.argv[at + 1];
  if (given === undefined || given === '') return 4;
  const n = Number(given);
  if (!Number.isFinite(n) || n < 1 || n > 40) {
    throw new Error(
      `--cpu-slowdown wants a number from 1 to 40 (Lighthouse's mobile preset is 4), not "${given}".`,
    );
  }
  return n;
}
const cpuSlowdown = cpuSlowdownOption();
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
// The 1-minute figure alone, printed beside each page's and each run's figures.
const load1 = () => loadavg()[0]!.toFixed(2);

// Who looks at each page, what shows that it rendered as that person, and which budget applies:
// 'public' = 100 in all four categories plus the LCP/FCP/TBT/CLS limits; 'not-found' = the same
// for the 404 page except SEO (a 404 status is what Lighthouse's SEO audit marks down, and what
// the page must answer); 'signed-in' = performance >= 95 with TBT <= 150 ms and 100 in the other
// three; 'console' = TBT <= 150 ms; null = measured and shown, no budget line. `path` may depend on the bookings the bench made (a booking's own page).
type Who = 'visitor' | 'traveller' | 'operator';
type BenchPage = {
  name: string;
  path: string | ((made: BookingMade[], departureId: string) => string);
  who: Who;
  ready: (made: BookingMade[]) => string;
  budget: 'public' | 'not-found' | 'signed-in' | 'console' | null;
};
const lastReference = (made: BookingMade[]) => `text=${made.at(-1)!.reference}`;
const allPages: BenchPage[] = [
  { name: '/', path: '/', who: 'visitor', ready: () => 'main h1', budget: 'public' },
  { name: '/blogs', path: '/blogs', who: 'visitor', ready: () => 'main h1', budget: 'public' },
  { name: '/about', path: '/about', who: 'visitor', ready: () => 'main h1', budget: 'public' },
  { name: '/account', path: '/account', who: 'visitor', ready: () => 'main form', budget: 'public' },
  { name: '404', path: '/no-such-page', who: 'visitor', ready: () => 'main h1', budget: 'not-found' },
  // The Spanish twins keep their English pages' budgets (docs/decisions/071-translation-layer.md).
  { name: '/es', path: '/es', who: 'visitor', ready: () => 'main h1', budget: 'public' },
  { name: '/es/blogs', path: '/es/blogs', who: 'visitor', ready: () => 'main h1', budget: 'public' },
  { name: '/es/about', path: '/es/about', who: 'visitor', ready: () => 'main h1', budget: 'public' },
  { name: '/es/account', path: '/es/account', who: 'visitor', ready: () => 'main form', budget: 'public' },
  {
    name: '/package/:id',
    path: '/package/swiss-alpine-lakes',
    who: 'traveller',
    ready: () => '[role=radiogroup]',
    budget: 'signed-in',
  },
  {
    name: '/checkout/:id',
    path: (made) => `/checkout/${made.at(-1)!.packageId}?booking=${made.at(-1)!.id}`,
    who: 'traveller',
    ready: lastReference,
    budget: 'signed-in',
  },
  { name: '/bookings', path: '/bookings', who: 'traveller', ready: lastReference, budget: 'signed-in' },
  {
    name: '/bookings/:id/travellers',
    path: (made) => `/bookings/${made.at(-1)!.id}/travellers`,
    who: 'traveller',
    ready: () => 'main form',
    budget: 'signed-in',
  },
  // The console opens on the overview: its weekly line is drawn once its figures are there.
  { name: '/admin', path: '/admin', who: 'operator', ready: () => 'main .week-chart', budget: 'signed-in' },
  {
    name: '/admin/bookings',
    path: '/admin/bookings',
    who: 'operator',
    ready: lastReference,
    budget: 'console',
  },
  {
    name: '/admin/bookings/:id',
    path: (made) => `/admin/bookings/${made.at(-1)!.id}`,
    who: 'operator',
    ready: lastReference,
    budget: null,
  },
  {
    name: '/admin/departures',
    path: '/admin/departures?packageId=swiss-alpine-lakes',
    who: 'operator',
    ready: () => 'main table',
    budget: 'console',
  },
  {
    name: '/admin/packages',
    path: '/admin/packages',
    who: 'operator',
    ready: () => 'main ol.catalogue-list',
    budget: 'console',
  },
  {
    name: '/admin/departures/:id',
    path: (_made, departureId) => `/admin/departures/${departureId}`,
    who: 'operator',
    ready: lastReference,
    budget: null,
  },
];
const only = process.env.BENCH_PAGES?.split(',');
const pages = only ? allPages.filter((p) => only.includes(p.name)) : allPages;

// The build under test is a copy: other builds in this working tree (tests, a second bench)
// replace build/ while Lighthouse runs, which would measure a mix of two builds.
function buildUnderTest(): string {
  if (process.env.BENCH_BUILD_DIR) return resolve(root, process.env.BENCH_BUILD_DIR);
  console.log('Building the site…');
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('The build failed.');
  const copy = join(root, 'bench-results/build');
  rmSync(copy, { recursive: true, force: true });
  for (const part of ['client', 'client-manifest', 'server']) {
    cpSync(join(root, 'build', part), join(copy, part), { recursive: true });
  }
  return copy;
}

type JsRow = { url: string; file?: string; gzip?: number; transfer: number; kinds: ChunkKind[] };
type PageFigures = {
  page: string;
  url: string;
  who: Who;
  scores: Record<(typeof categories)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  // Unthrottled, as the browser really painted: what the simulation above starts from.
  observed: { fcp: number; lcp: number; load: number };
  js: JsRow[];
  // The weighted audits that cost points, per category below 100.
  losing: Partial<Record<(typeof categories)[number], string[]>>;
  runs: { performance: number; lcp: number; fcp: number; tbt: number; load: string }[];
  // The 1-minute load average before the page's first run and after its last.
  load: { before: string; after: string };
};

function figures(
  page: BenchPage,
  url: string,
  lhr: LhResult,
  all: LhResult[],
  build: ReturnType<typeof readClientBuild>,
  loads: { runs: string[]; before: string; after: string },
): PageFigures {
  const audit = (r: LhResult, id: string) => r.audits[id]?.numericValue ?? NaN;
  const metrics =
    (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const js = requests
    .filter((r) => r.resourceType === 'Script')
    .map((r): JsRow => {
      const chunk = chunkOfUrl(build, r.url);
      return {
        url: r.url,
        file: chunk?.file,
        gzip: chunk?.gzip,
        transfer: r.transferSize ?? 0,
        kinds: chunk?.kinds ?? [],
      };
    });
  return {
    page: page.name,
    url,
    who: page.who,
    scores: Object.fromEntries(
      categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as PageFigures['scores'],
    lcp: audit(lhr, 'largest-contentful-paint'),
    fcp: audit(lhr, 'first-contentful-paint'),
    tbt: audit(lhr, 'total-blocking-time'),
    cls: audit(lhr, 'cumulative-layout-shift'),
    observed: {
      fcp: metrics.observedFirstContentfulPaint ?? NaN,
      lcp: metrics.observedLargestContentfulPaint ?? NaN,
      load: metrics.observedLoad ?? NaN,
    },
    js,
    losing: Object.fromEntries(
      categories
        .map((c) => [
          c,
          (lhr.categories[c]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${ref.id} ${fmt(lhr.audits[ref.id]!.score! * 100, 0)}`),
        ])
        .filter(([, ids]) => ids!.length > 0),
    ),
    runs: all.map((r, i) => ({
      performance: Math.round((r.categories.performance?.score ?? 0) * 100),
      lcp: audit(r, 'largest-contentful-paint'),
      fcp: audit(r, 'first-contentful-paint'),
      tbt: audit(r, 'total-blocking-time'),
      load: loads.runs[i] ?? '',
    })),
    load: { before: loads.before, after: loads.after },
  };
}

const publicEnv = parsePublicEnv(process.env);
if (usesRealFirebase(publicEnv)) {
  throw new Error('npm run bench signs in through the Auth Emulator: unset the VITE_FIREBASE_* variables.');
}
const emulatorHost = publicEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST;
const emulatorUrl = `http://${emulatorHost}`;

console.log(`Load average ${load()} on ${cpus().length} CPUs (figures above ${cpus().length} are noisy).`);
console.log(
  `CPU slowdown ${cpuSlowdown}x (Lighthouse throttling.cpuSlowdownMultiplier; the mobile preset's is 4)`,
);
const buildDir = buildUnderTest();
const build = readClientBuild(buildDir);
const emulator = await ensureAuthEmulator(root, emulatorHost, () => undefined);
// BENCH_AUTH_DELAY_MS=80: the server reaches the identity provider through scripts/delay-proxy.ts,
// that many milliseconds each way, as Google's servers are from a real host (the browser still
// signs in at the emulator directly: what is measured is what the server waits for).
const authDelayMs = Number(process.env.BENCH_AUTH_DELAY_MS ?? 0);
const proxy =
  authDelayMs > 0 ? await startDelayProxy({ target: emulatorHost, delayMs: authDelayMs }) : undefined;
if (proxy) console.log(`The server's identity provider is ${authDelayMs} ms away each way (${proxy.host}).`);
const firstByteFigures: { path: string; p95: number; p50: number; first: number; status: number }[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-bench-'));
const cleanups: (() => Promise<void>)[] = [
  async () => rmSync(dataDir, { recursive: true, force: true }),
  emulator.stop,
  async () => proxy?.close(),
];

const measured: PageFigures[] = [];
// The floor of this machine (docs/decisions/076-the-opener-policy-costs-a-process.md): a blank page
// (no script, no stylesheet) measured like the pages, once with no headers and once with the
// headers the site sends with `/`. What a page of the site scores above the second is its own.
type ControlFigures = { name: string; runs: { performance: number; tbt: number; load: string }[] };
const controls: ControlFigures[] = [];
try {
  const server = await spawnApiServer({
    port,
    root: process.env.BENCH_SERVER_ROOT ? resolve(process.env.BENCH_SERVER_ROOT) : undefined,
    emulatorHost: proxy?.host ?? emulatorHost,
    logLevel: 'error',
    env: { CLIENT_DIR: build.dir, DATA_DIR: dataDir, HOST: 'localhost' },
    // BENCH_SERVER_TIMEOUT_MS: on a loaded machine the server (tsx compiling it, PGlite's
    // migrations) may take longer than the usual minute to answer.
    timeoutMs: Number(process.env.BENCH_SERVER_TIMEOUT_MS ?? 60_000),
  });
  cleanups.unshift(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  // A traveller with several bookings, and an operator whose token carries the claim.
  const stamp = Date.now();
  const traveller = await createAccount(
    emulatorUrl,
    `bench-traveller-${stamp}@example.com`,
    'bench-pass-1',
    'Tess Bench',
  );
  const made: BookingMade[] = [];
  for (const [packageId, travellers] of [
    ['swiss-alpine-lakes', 2],
    ['santorini-sunset-sail', 3],
    ['kyoto-temples-and-tea', 1],
    ['tromso-northern-lights', 2],
    ['swiss-alpine-lakes', 1],
  ] as const) {
    made.push(await book(server.url, traveller, { packageId, travellers }));
  }
  const operatorEmail = `bench-operator-${stamp}@example.com`;
  const operatorFirst = await createAccount(emulatorUrl, operatorEmail, 'bench-pass-2', 'Olga Operator');
  await grantOperator(emulatorUrl, operatorFirst.localId);
  const operator = await signIn(emulatorUrl, operatorEmail, 'bench-pass-2');
  // The server makes a session cookie only from a sign-in of the last five minutes
  // (server/src/auth/session-routes.ts), and on a slow machine Lighthouse on the pages before
  // passes that: each signed-in page gets a sign-in of its own, as a user would sign in again.
  const accounts: Record<Exclude<Who, 'visitor'>, { email: string; password: string }> = {
    traveller: { email: traveller.email, password: 'bench-pass-1' },
    operator: { email: operator.email, password: 'bench-pass-2' },
  };
  const sessionOf = async (who: Who) =>
    who === 'visitor'
      ? null
      : storedSession(await signIn(emulatorUrl, accounts[who].email, accounts[who].password));

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  cleanups.unshift(async () => chrome.kill());

  // First byte of the signed-in pages after the session's first request, before Lighthouse.
  {
    const departure = made.at(-1)!.departureId;
    const paths = (who: Who) =>
      pages
        .filter((p) => p.who === who && p.budget === 'signed-in')
        .map((p) => (typeof p.path === 'string' ? p.path : p.path(made, departure)));
    for (const [who, user] of [
      ['traveller', traveller],
      ['operator', operator],
    ] as const) {
      firstByteFigures.push(
        ...(await firstBytes({ origin: server.url, idToken: user.idToken, paths: paths(who) })),
      );
    }
    console.log(`\nFirst byte of signed-in pages after the session's first request (40 requests each):`);
    for (const f of firstByteFigures) {
      console.log(
        `  ${f.path.padEnd(40)} p95 ${fmt(f.p95, 1)} ms, p50 ${fmt(f.p50, 1)} ms, the first ${fmt(f.first, 1)} ms (${f.status})`,
      );
    }
  }

  console.log(
    `\nLighthouse ${runs}× per page, mobile preset, CPU slowdown ${cpuSlowdown}x, median run (${origin})`,
  );
  // The manifest page: the departure of the last booking.
  const departureId = made.at(-1)!.departureId;
  for (const page of pages) {
    const path = typeof page.path === 'string' ? page.path : page.path(made, departureId);
    await prepareSession({
      chromePort: chrome.port,
      origin,
      session: await sessionOf(page.who),
      path,
      ready: page.ready(made),
    });
    const results: LhResult[] = [];
    const runLoads: string[] = [];
    const loadBefore = load1();
    // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is redone.
    for (let attempt = 0; results.length < runs; attempt++) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
        // The 404 page is measured as served: with its 404 status.
        ignoreStatusCode: page.budget === 'not-found',
      });
      const error = !result ? 'no result' : result.lhr.runtimeError?.message;
      if (error) {
        if (attempt >= runs + 2) throw new Error(`${path}: ${error}`);
        console.warn(`  ${path}: run redone (${error})`);
        continue;
      }
      const final = new URL(result!.lhr.finalDisplayedUrl);
      const landed = final.pathname + final.search;
      if (landed !== path) throw new Error(`${path}: Lighthouse ended on ${landed} (signed out?)`);
      results.push(result!.lhr);
      runLoads.push(load1());
    }
    const median = computeMedianRun(results);
    // The whole median report, for a look at why (open it in the Lighthouse viewer).
    mkdirSync(join(root, 'bench-results/lighthouse'), { recursive: true });
    const report = (suffix: string) =>
      join(root, 'bench-results/lighthouse', `${page.name.replace(/[/:]/g, '_') || '_'}${suffix}.json`);
    writeFileSync(report(''), JSON.stringify(median));
    // BENCH_KEEP_RUNS=1: every run's report too (_-1.json ...), to compare a slow run with the others.
    if (process.env.BENCH_KEEP_RUNS) {
      results.forEach((r, i) => writeFileSync(report(`-${i + 1}`), JSON.stringify(r)));
    }
    const f = figures(page, path, median, results, build, {
      runs: runLoads,
      before: loadBefore,
      after: load1(),
    });
    measured.push(f);
    console.log(
      `${page.name.padEnd(22)} perf ${f.scores.performance}  a11y ${f.scores.accessibility}  bp ${f.scores['best-practices']}  seo ${f.scores.seo}` +
        `  LCP ${fmt(f.lcp / 1000, 2)} s  FCP ${fmt(f.fcp / 1000, 2)} s  TBT ${fmt(f.tbt, 0)} ms  CLS ${fmt(f.cls, 3)}` +
        `  (observed LCP ${fmt(f.observed.lcp, 0)} ms, ${page.who}; perf of the runs ${f.runs.map((r) => r.performance).join('/')};` +
        ` TBT of the runs ${f.runs.map((r) => fmt(r.tbt, 0)).join('/')} ms; load ${f.load.before} -> ${f.runs.map((r) => r.load).join('/')})`,
    );
    for (const [c, ids] of Object.entries(f.losing))
      console.log(`${''.padEnd(30)}${c} loses on: ${ids.join(', ')}`);
  }

  const siteHeaders = await fetch(`${origin}/`).then((r) => {
    // The headers of the response itself, not of its body: those the site sets on every page.
    const skip = new Set([
      'content-type',
      'content-length',
      'content-encoding',
      'date',
      'connection',
      'keep-alive',
      'vary',
      'cache-control',
      'etag',
      'transfer-encoding',
    ]);
    return [...r.headers].filter(([name]) => !skip.has(name));
  });
  const blank =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>Control</title><meta name="description" content="A blank page."></head><body><h1>Control</h1><p>No script, no stylesheet.</p></body></html>';
  const control = createServer((req, res) => {
    if (req.url === '/with-headers') for (const [name, value] of siteHeaders) res.setHeader(name, value);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(blank);
  });
  await new Promise<void>((done) => control.listen(port + 1, '127.0.0.1', done));
  cleanups.unshift(async () => void control.close());
  console.log(
    `\nThe machine's floor: a blank page, ${runs}× each (docs/decisions/076-the-opener-policy-costs-a-process.md)`,
  );
  for (const [name, path] of [
    ['blank page, no headers', '/'],
    [
      `blank page, the site's headers (${siteHeaders
        .map(([n]) => n)
        .filter((n) => n.startsWith('cross-origin'))
        .join(', ')} ...)`,
      '/with-headers',
    ],
  ] as const) {
    const figuresOfRuns: ControlFigures['runs'] = [];
    for (let attempt = 0; figuresOfRuns.length < runs && attempt < runs + 3; attempt++) {
      const result = await lighthouse(`http://127.0.0.1:${port + 1}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      });
      if (!result || result.lhr.runtimeError) continue;
      figuresOfRuns.push({
        performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
        tbt: result.lhr.audits['total-blocking-time']?.numericValue ?? 0,
        load: load1(),
      });
    }
    controls.push({ name, runs: figuresOfRuns });
    console.log(
      `  ${name}: perf of the runs ${figuresOfRuns.map((r) => r.performance).join('/')}; ` +
        `TBT of the runs ${figuresOfRuns.map((r) => fmt(r.tbt, 0)).join('/')} ms; load ${figuresOfRuns.map((r) => r.load).join('/')}`,
    );
  }
} finally {
  for (const cleanup of cleanups) await cleanup().catch((e: Error) => console.warn(`cleanup: ${e.message}`));
}

// The JavaScript each page downloaded: one row per chunk, one column per page.
const label = (name: string) =>
  name === '/'
    ? 'home'
    : name.slice(1).replace('/:id', '').replace('bookings', 'bkg').replace('departures', 'dep');
const rows = new Map<string, JsRow>();
for (const p of measured) for (const r of p.js) rows.set(r.file ?? r.url, r);
const sizeOf = (r: JsRow) => r.gzip ?? r.transfer;
const column = Math.max(8, ...measured.map((p) => label(p.page).length)) + 2;
console.log(`\nJavaScript each page downloaded, by chunk (KiB gzip -9 of the build's file; x = downloaded):`);
console.log(
  `  ${'KiB'.padStart(6)}  ${'kind'.padEnd(9)} ${measured.map((p) => label(p.page).padEnd(column)).join('')} chunk`,
);
for (const [key, r] of [...rows].sort((a, b) => sizeOf(b[1]) - sizeOf(a[1]))) {
  const marks = measured
    .map((p) => (p.js.some((j) => (j.file ?? j.url) === key) ? 'x' : '.').padEnd(column))
    .join('');
  console.log(
    `  ${fmt(kib(sizeOf(r)), 2).padStart(6)}  ${(r.kinds.join('+') || 'other').padEnd(9)} ${marks} ${r.file?.replace(/^assets\//, '') ?? r.url}`,
  );
}
const totals = measured
  .map((p) => fmt(kib(p.js.reduce((s, r) => s + sizeOf(r), 0)), 1).padEnd(column))
  .join('');
console.log(`  ${''.padStart(6)}  ${'total'.padEnd(9)} ${totals}`);

// The build's own pages: an older build (BENCH_BUILD_DIR) is judged on the routes it has.
const builtPages = pageRoutes(routes).filter((p) => p.files.every((f) => routeBuilt(build, f)));
const budgets: Budget[] = [...staticJsBudgets(build, builtPages)];
const check = (name: string, met: boolean, figure: string) => budgets.push({ name, met, figure });
const downloaded = (kind: ChunkKind, wherever: (p: PageFigures) => boolean) =>
  measured
    .filter(wherever)
    .flatMap((p) =>
      p.js
        .filter((r) => r.kinds.includes(kind))
        .map((r) => `${p.page}: ${r.file} (${fmt(kib(r.gzip ?? 0), 1)} KiB)`),
    );
const firebaseSeen = downloaded('firebase', (p) => p.who === 'visitor' && p.page !== '/account');
check(
  '0 bytes of Firebase on public pages for a visitor without a session (measured)',
  firebaseSeen.length === 0,
  firebaseSeen.join(', ') || '0 bytes',
);
const consoleSeen = downloaded('console', (p) => p.who !== 'operator');
check(
  'console code downloaded by operators only (measured)',
  consoleSeen.length === 0,
  consoleSeen.join(', ') || 'none',
);
const bookingSeen = downloaded('booking', (p) => p.who === 'visitor');
check(
  'booking and departure code not downloaded by public pages (measured)',
  bookingSeen.length === 0,
  bookingSeen.join(', ') || 'none',
);

for (const p of measured) {
  const page = pages.find((x) => x.name === p.page)!;
  if (!page.budget) continue;
  // The console's screens and the signed-in pages: their blocking time.
  const tbtWithinBudget = () =>
    check(
      `${p.page} TBT <= 150 ms`,
      p.tbt <= 150,
      `${fmt(p.tbt, 0)} ms (load ${p.load.before}-${p.load.after})`,
    );
  if (page.budget === 'console') {
    tbtWithinBudget();
    continue;
  }
  for (const c of categories) {
    if (page.budget === 'not-found' && c === 'seo') continue;
    const need = page.budget === 'signed-in' && c === 'performance' ? 95 : 100;
    check(
      `${p.page} ${c} >= ${need}`,
      p.scores[c] >= need,
      `${p.scores[c]} (load ${p.load.before}-${p.load.after})`,
    );
  }
  if (page.budget === 'signed-in') {
    tbtWithinBudget();
    continue;
  }
  // Public pages: 100 in every run of the median, not only in the median.
  check(
    `${p.page} performance 100 in every run`,
    p.runs.every((r) => r.performance === 100),
    `${p.runs.map((r) => r.performance).join('/')} (load ${p.runs.map((r) => r.load).join('/')})`,
  );
  const at = `load ${p.load.before}-${p.load.after}`;
  check(`${p.page} LCP <= 1.55 s`, p.lcp <= 1550, `${fmt(p.lcp / 1000, 2)} s (${at})`);
  check(`${p.page} FCP <= 1.0 s`, p.fcp <= 1000, `${fmt(p.fcp / 1000, 2)} s (${at})`);
  check(`${p.page} TBT <= 50 ms`, p.tbt <= 50, `${fmt(p.tbt, 0)} ms (${at})`);
  check(`${p.page} CLS <= 0.01`, p.cls <= 0.01, `${fmt(p.cls, 3)} (${at})`);
}

for (const f of firstByteFigures) {
  check(
    `${f.path} first byte p95 <= 60 ms after the session's first request (identity provider ${authDelayMs} ms away)`,
    f.p95 <= 60 && f.status === 200,
    `${fmt(f.p95, 1)} ms`,
  );
}

console.log(`\nBudgets (docs/product.md), CPU slowdown ${cpuSlowdown}x:`);
for (const b of budgets) console.log(`  ${b.met ? 'met   ' : 'MISSED'}  ${b.name}: ${b.figure}`);
const missed = budgets.filter((b) => !b.met).length;
const endLoad = load();
console.log(
  `\n${budgets.length - missed} budgets met, ${missed} missed. Load average at the end ${endLoad}.`,
);

mkdirSync(join(root, 'bench-results'), { recursive: true });
const home = homeJs(build);
writeFileSync(
  join(root, 'bench-results/bench.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      loadAverageAtEnd: endLoad,
      cpuSlowdownMultiplier: cpuSlowdown,
      cpus: cpus().length,
      build: buildDir,
      pages: measured,
      controls,
      homeJs: { runtimeGzip: home.runtimeGzip, ownGzip: home.ownGzip, own: home.own.map((c) => c.file) },
      chunks: [...build.chunks.values()].map(({ modules: _modules, ...c }) => c),
      budgets,
    },
    null,
    2,
  ),
);
process.exitCode = missed > 0 ? 1 : 0;
