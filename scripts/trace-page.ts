// `npx tsx scripts/trace-page.ts [path] [runs]`: what the main thread does while a page loads,
// from Lighthouse's own trace (mobile preset, as `npm run bench`). For each run it prints the
// long tasks Lighthouse counts (simulated start and duration) and, for every task of the
// observed trace over 10 ms in the first 3 s, what it spent its time on (its heaviest trace
// events: HTML parsing, script compile and run with the script's URL, style, layout, paint,
// image decoding, garbage collection). Serves build/ on a fresh PGlite and the Auth Emulator.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnApiServer } from './api-server';
import { ensureAuthEmulator } from './auth-emulator';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: { url?: string; frame?: string; stackTrace?: { url?: string }[] };
    beginData?: { url?: string };
    name?: string;
  };
};

const root = new URL('..', import.meta.url).pathname;
const path = process.argv[2] ?? '/';
const runs = Number(process.argv[3] ?? 3);
const port = Number(process.env.TRACE_PORT ?? 4390);
const origin = `http://localhost:${port}`;
const emulatorHost = '127.0.0.1:9099';

const emulator = await ensureAuthEmulator(root, emulatorHost, () => undefined);
const dataDir = mkdtempSync(join(tmpdir(), 'wayfarer-trace-'));
const server = await spawnApiServer({
  port,
  emulatorHost,
  logLevel: 'error',
  env: { CLIENT_DIR: join(root, 'build/client'), DATA_DIR: dataDir, HOST: 'localhost' },
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});
try {
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
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
    for (const t of long)
      console.log(
        `  long task (simulated) at ${t.startTime.toFixed(0)} ms for ${t.duration.toFixed(0)} ms: ${t.url}`,
      );

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
    const tasks = main.filter(
      (e) => e.name === 'RunTask' && (e.dur ?? 0) > 10_000 && e.ts - navStart < 3_000_000,
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
        `  task at ${((task.ts - navStart) / 1000).toFixed(0)} ms, ${(task.dur! / 1000).toFixed(1)} ms observed: ${top}`,
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
