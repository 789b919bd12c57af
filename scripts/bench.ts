// `npm run bench`: builds and serves the production site on its embedded defaults (Auth Emulator,
// PGlite), runs Lighthouse 12 (mobile preset, median of 3) in Debian's Chromium on the budget
// pages, measures the JavaScript chunks, and prints one line per budget of DESIGN.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { waitForHealth } from './api-server';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result as LhResult } from 'lighthouse';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4320);
const origin = `http://localhost:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const pages = process.env.BENCH_PAGES?.split(',') ?? ['/', '/blogs', '/about', '/account'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const assetsDir = join(root, 'build/client/assets');

const kib = (bytes: number) => bytes / 1024;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

function build() {
  console.log('Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('The build failed.');
}

async function serve() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: 'data/bench' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(origin, child, 120_000);
  return () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

type PageFigures = {
  page: string;
  scores: Record<(typeof categories)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  scriptKiB: number;
  scriptUrls: string[];
};

function figures(page: string, lhr: LhResult): PageFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    page,
    scores: Object.fromEntries(
      categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as PageFigures['scores'],
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    scriptKiB: kib(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
    scriptUrls: scripts.map((r) => r.url),
  };
}

async function lighthouseRuns(): Promise<PageFigures[]> {
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
  const out: PageFigures[] = [];
  try {
    for (const page of pages) {
      const results: LhResult[] = [];
      // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is redone.
      for (let attempt = 0; results.length < runs; attempt++) {
        const result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
        });
        const error = !result ? 'no result' : result.lhr.runtimeError?.message;
        if (error) {
          if (attempt >= runs + 2) throw new Error(`${page}: ${error}`);
          console.warn(`  ${page}: run redone (${error})`);
          continue;
        }
        results.push(result!.lhr);
      }
      const median = computeMedianRun(results);
      const f = figures(page, median);
      out.push(f);
      console.log(
        `${page.padEnd(9)} perf ${f.scores.performance}  a11y ${f.scores.accessibility}  bp ${f.scores['best-practices']}  seo ${f.scores.seo}` +
          `  LCP ${fmt(f.lcp / 1000, 2)} s  FCP ${fmt(f.fcp / 1000, 2)} s  TBT ${fmt(f.tbt, 0)} ms  CLS ${fmt(f.cls, 3)}  JS ${fmt(f.scriptKiB)} KiB transferred`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

// Chunks that hold the Firebase SDK: their names vary, their contents do not.
const isFirebaseChunk = (code: string) =>
  code.includes('@firebase/') || code.includes('identitytoolkit.googleapis.com');

function chunkSizes() {
  const chunks = readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(join(assetsDir, file));
      return {
        file,
        raw: code.length,
        gzip: gzipSync(code, { level: 9 }).length,
        firebase: isFirebaseChunk(code.toString()),
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return chunks;
}

// The home page's initial JavaScript: the modules its HTML names (preloads or the bootstrap,
// which imports the client entry), plus everything they import statically, transitively.
function homeInitialJs(chunks: ReturnType<typeof chunkSizes>) {
  const html = readFileSync(join(root, 'build/client/index.html'), 'utf8');
  const pending = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]!);
  const files = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(join(assetsDir, file), 'utf8');
    // Static imports only (`import"./x.js"`, `from"./x.js"`); import("./x.js") loads later.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](?:\.\/|\/assets\/)([\w.-]+\.js)["']/g))
      pending.push(m[1]!);
  }
  const initial = chunks.filter((c) => files.has(c.file));
  return { files: initial, gzip: initial.reduce((sum, c) => sum + c.gzip, 0) };
}

build();
const stop = await serve();
let pagesFigures: PageFigures[];
try {
  console.log(`\nLighthouse ${runs}× per page, mobile preset, median run (${origin})`);
  pagesFigures = await lighthouseRuns();
} finally {
  await stop();
}

const chunks = chunkSizes();
const home = homeInitialJs(chunks);
const onHome = new Set(home.files.map((f) => f.file));
console.log('\nJavaScript chunks (gzip -9; * = loaded by the home page):');
for (const c of chunks) {
  console.log(
    `  ${fmt(kib(c.gzip), 2).padStart(7)} KiB ${onHome.has(c.file) ? '*' : ' '} ${c.file}${c.firebase ? '  [Firebase]' : ''}`,
  );
}
const firebaseFiles = new Set(chunks.filter((c) => c.firebase).map((c) => c.file));
const homeFigures = pagesFigures.find((p) => p.page === '/')!;
const firebaseOnPublic = pagesFigures
  .filter((p) => p.page !== '/account')
  .flatMap((p) =>
    p.scriptUrls.filter((u) => firebaseFiles.has(u.split('/').pop()!)).map((u) => `${p.page}: ${u}`),
  );

type Budget = { name: string; met: boolean; figure: string };
const budgets: Budget[] = [];
const check = (name: string, met: boolean, figure: string) => budgets.push({ name, met, figure });

check(
  'home initial JS <= 90 KiB gzip',
  kib(home.gzip) <= 90,
  `${fmt(kib(home.gzip))} KiB in ${home.files.length} files`,
);
check(
  '0 bytes of Firebase on public pages (no session)',
  firebaseOnPublic.length === 0,
  firebaseOnPublic.join(', ') || '0 bytes',
);
for (const p of pagesFigures) {
  for (const c of categories) {
    const need = p.page === '/account' && c === 'performance' ? 95 : 100;
    check(`${p.page} ${c} >= ${need}`, p.scores[c] >= need, String(p.scores[c]));
  }
  check(`${p.page} LCP <= 1.55 s`, p.lcp <= 1550, `${fmt(p.lcp / 1000, 2)} s`);
  check(`${p.page} FCP <= 1.0 s`, p.fcp <= 1000, `${fmt(p.fcp / 1000, 2)} s`);
  check(`${p.page} TBT <= 50 ms`, p.tbt <= 50, `${fmt(p.tbt, 0)} ms`);
  check(`${p.page} CLS <= 0.01`, p.cls <= 0.01, fmt(p.cls, 3));
}

console.log('\nBudgets (DESIGN.md):');
for (const b of budgets) console.log(`  ${b.met ? 'met   ' : 'MISSED'}  ${b.name}: ${b.figure}`);
const missed = budgets.filter((b) => !b.met).length;
console.log(
  `\n${budgets.length - missed} budgets met, ${missed} missed (home JS transferred ${fmt(homeFigures.scriptKiB)} KiB)`,
);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/bench.json'),
  JSON.stringify(
    { date: new Date().toISOString(), pages: pagesFigures, chunks, homeInitialJs: home, budgets },
    null,
    2,
  ),
);
process.exitCode = missed > 0 ? 1 : 0;
