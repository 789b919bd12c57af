// `npx tsx scripts/trace-page.ts [path] [runs]`: what the main thread does while a page loads,
// from Lighthouse's own trace (mobile preset, as `npm run bench`). For each run it prints the
// long tasks Lighthouse counts (simulated start and duration) and, for every task of the
// observed trace over 10 ms in the first 3 s, what it spent its time on (its heaviest trace
// events: HTML parsing, script compile and run with the script's URL, style, layout, paint,
// image decoding, garbage collection) and, from V8's CPU samples, the functions it ran (self time,
// with the chunk and position, to read against the build). Serves build/ (TRACE_BUILD_DIR: another
// build folder, as BENCH_BUILD_DIR) on a fresh PGlite and the Auth Emulator.
//
// TRACE_CPU_SLOWDOWN=8: Lighthouse's CPU slowdown, as `npm run bench -- --cpu-slowdown 8` (default 4,
// the mobile preset's); the CPU-time TBT estimate uses it too.
// TRACE_AS=traveller|operator: traced signed in, as `npm run bench` measures those pages (a
// traveller with bookings, a stored session and the session cookie: scripts/bench-session.ts).
// In the path, :booking, :package and :departure stand for the last booking the trace made, e.g.
// `TRACE_AS=traveller npx tsx scripts/trace-page.ts '/checkout/:package?booking=:booking' 3`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnApiServer } from './api-server';
import { ensureAuthEmulator } from './auth-emulator';
import { book, createAccount, grantOperator, prepareSession, signIn, storedSession } from './bench-session';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: {
      url?: string;
      frame?: string;
      stackTrace?: { url?: string }[];
      // Profile and ProfileChunk events: V8's CPU samples.
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
        }[];
        samples?: number[];
      };
    };
    beginData?: { url?: string };
    name?: string;
  };
  id?: string;
};

// V8's samples of the main thread as [time, frame] pairs (frame: function, chunk and position).
function cpuSamples(events: TraceEvent[], pid: number, tid: number, origin: string) {
  const frames = new Map<number, string>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const profile of profiles) {
    let ts = profile.args?.data?.startTime ?? profile.ts;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
      const cpu = chunk.args?.data?.cpuProfile;
      for (const n of cpu?.nodes ?? []) {
        const f = n.callFrame;
        const where = f.url
          ? ` ${f.url.replace(origin, '').replace('/assets/', '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`
          : '';
        frames.set(n.id, `${f.functionName || '(anonymous)'}${where}`);
      }
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      (cpu?.samples ?? []).forEach((id, i) => {
        ts += deltas[i] ?? 0;
        samples.push({ ts, node: id });
      });
    }
  }
  // A sample can name a node that a later chunk describes: frames are looked up once all are read.
  return samples.map((s) => ({ ts: s.ts, frame: frames.get(s.node) ?? String(s.node) }));
}

const root = new URL('..', import.meta.url).pathname;
const path = process.argv[2] ?? '/';
const runs = Number(process.argv[3] ?? 3);
const port = Number(process.env.TRACE_PORT ?? 4390);
const origin = `http://localhost:${port}`;
const emulatorHost = '127.0.0.1:9099';
const who = process.env.TRACE_AS as 'traveller' | 'operator' | undefined;
const buildDir = process.env.TRACE_BUILD_DIR ?? join(root, 'build');
const cpuSlowdown = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);

const emulator = await ensureAuthEmulator(root, emulatorHost, () => undefined);
const dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-trace-'));
const server = await spawnApiServer({
  port,
  emulatorHost,
  logLevel: 'error',
  env: { CLIENT_DIR: join(buildDir, 'client'), DATA_DIR: dataDir, HOST: 'localhost' },
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});
try {
  let page = path;
  if (who) {
    // As the bench: a traveller with a booking; an operator whose token carries the claim.
    const emulatorUrl = `http://${emulatorHost}`;
    const stamp = Date.now();
    const traveller = await createAccount(
      emulatorUrl,
      `trace-traveller-${stamp}@example.com`,
      'trace-pass-1',
      'Tess Trace',
    );
    const made = await book(server.url, traveller, { packageId: 'swiss-alpine-lakes', travellers: 2 });
    let user = traveller;
    if (who === 'operator') {
      const email = `trace-operator-${stamp}@example.com`;
      const first = await createAccount(emulatorUrl, email, 'trace-pass-2', 'Olga Trace');
      await grantOperator(emulatorUrl, first.localId);
      user = await signIn(emulatorUrl, email, 'trace-pass-2');
    }
    page = path
      .replace(':booking', made.id)
      .replace(':package', made.packageId)
      .replace(':departure', made.departureId);
    await prepareSession({
      chromePort: chrome.port,
      origin,
      session: storedSession(user),
      path: page,
      ready: 'main h1, main form, main table',
    });
  }
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(
      `${origin}${page}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
        ignoreStatusCode: true,
      },
      // V8's CPU samples, for which functions ran in each long task.
      {
        extends: 'lighthouse:default',
        settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
      },
    );
    if (!result) throw new Error('no Lighthouse result');
    const { lhr } = result;
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    console.log(
      `\nrun ${run}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}  TBT ${num('total-blocking-time').toFixed(0)} ms  LCP ${num('largest-contentful-paint').toFixed(0)} ms  FCP ${num('first-contentful-paint').toFixed(0)} ms`,
    );
    const long =
      (
        lhr.audits['long-tasks']?.details as {
          items?: { url: string; startTime: number; duration: number }[];
        }
      )?.items ?? [];
    // What each counts in TBT: the part after FCP (and before TTI) beyond 50 ms.
    const fcp = num('first-contentful-paint');
    const tti = num('interactive');
    for (const t of [...long].sort((a, b) => a.startTime - b.startTime)) {
      const clipped = Math.min(t.startTime + t.duration, tti) - Math.max(t.startTime, fcp);
      console.log(
        `  long task (simulated) at ${t.startTime.toFixed(0)} ms for ${t.duration.toFixed(0)} ms, blocking ${Math.max(0, clipped - 50).toFixed(0)} ms: ${t.url}`,
      );
    }

    const events = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace
      .traceEvents;
    // The whole trace, for Chrome DevTools' Performance panel (Load profile).
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    writeFileSync(join(root, `bench-results/trace-${run}.json`), JSON.stringify({ traceEvents: events }));
    // The page's renderer main thread: where the navigation's first ParseHTML ran.
    const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin));
    if (!parse) throw new Error('no ParseHTML for the page in the trace');
    const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
    const navStart =
      events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid && e.args?.data)?.ts ??
      Math.min(...main.map((e) => e.ts));
    const samples = cpuSamples(events, parse.pid, parse.tid, origin);
    const tasks = main.filter(
      (e) => e.name === 'RunTask' && (e.dur ?? 0) > 10_000 && e.ts - navStart < 3_000_000,
    );
    // The same tasks by the main thread's CPU time (tdur) instead of wall time: on a busy machine
    // the wall time of a task grows with the other processes, its CPU time much less. An estimate
    // of TBT as Lighthouse's simulation would count these tasks (x the slowdown, over 50 ms), from FCP on.
    const fcpObserved =
      events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid)?.ts ?? navStart;
    const cpuBlocking = main
      .filter(
        (e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) > fcpObserved && e.ts - navStart < 10_000_000,
      )
      .map((e) => ((e.tdur ?? e.dur ?? 0) / 1000) * cpuSlowdown - 50)
      .filter((b) => b > 0);
    console.log(
      `  CPU-time TBT estimate ${cpuBlocking.reduce((a, b) => a + b, 0).toFixed(0)} ms at ${cpuSlowdown}x (${cpuBlocking.length} tasks over ${(50 / cpuSlowdown).toFixed(1)} ms CPU: ${cpuBlocking.map((b) => ((b + 50) / cpuSlowdown).toFixed(1)).join(', ')})`,
    );
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
      const byName = new Map<string, number>();
      for (const e of inside) {
        const where = e.args?.data?.url ?? e.args?.beginData?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '';
        const key = `${e.name}${where ? ` ${where.replace(origin, '')}` : ''}`;
        byName.set(key, Math.max(byName.get(key) ?? 0, e.dur ?? 0));
      }
      const top = [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`)
        .join('; ');
      console.log(
        `  task at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(1)} ms observed (${((task.tdur ?? 0) / 1000).toFixed(1)} CPU): ${top}`,
      );
      const self = new Map<string, number>();
      let sampled = 0;
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts > end) continue;
        sampled++;
        self.set(sample.frame, (self.get(sample.frame) ?? 0) + 1);
      }
      if (sampled > 0)
        console.log(
          `    self time (${sampled} samples): ${[...self]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 8)
            .map(([f, n]) => `${f} ${Math.round((100 * n) / sampled)}%`)
            .join('; ')}`,
        );
    }
  }
} finally {
  await chrome.kill();
  server.child.kill('SIGTERM');
  await server.exited;
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
