// The JavaScript half of the budgets in docs/product.md#budgets, read from a client build:
// - the home page's own code is at most 10 KiB gzip on top of React + React Router's runtime;
// - no Firebase code is loaded up front by any route (it comes by import() only when needed);
// - console code (src/features/admin) is only in the console's routes;
// - booking and departure code only in the routes that book, show or manage bookings.
// Used by `npm run bench` (with what Lighthouse saw each page download) and by
// scripts/js-budget.test.ts (from the build alone).
//
// Sources, in build/client-manifest/ (moved out of the served build/client/.vite/ at the end of
// the build, react-router.config.ts): Vite's manifest.json (each route module's chunk and the
// chunks it imports) and chunk-modules.json from vite.config.ts (chunk -> the source modules
// bundled into it), so a chunk is classified by what it holds, not by its name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type ChunkKind = 'runtime' | 'firebase' | 'console' | 'booking' | 'app';

export type Chunk = {
  file: string; // assets/x-hash.js
  raw: number;
  gzip: number; // bytes, gzip -9
  modules: string[];
  kinds: ChunkKind[];
};

type ManifestEntry = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type ClientBuild = {
  dir: string; // the served files (build/client)
  chunks: Map<string, Chunk>;
  manifest: Record<string, ManifestEntry>;
  routeManifest: string; // assets/manifest-<hash>.js
};

export const kib = (bytes: number) => bytes / 1024;

// `buildDir` holds client/ and client-manifest/ (the project's build/, or a copy of it).
const metaFile = (buildDir: string, name: string) => join(buildDir, 'client-manifest', name);
export const hasBuild = (buildDir: string) =>
  existsSync(metaFile(buildDir, 'manifest.json')) && existsSync(metaFile(buildDir, 'chunk-modules.json'));

// React 19 and React Router's framework runtime with what they bring: the ~108 KiB that every
// page pays and the home page's own budget sits on top of (docs/product.md).
const runtimePackages = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  '@react-router/dev', // its default entry.client
  'cookie',
  'set-cookie-parser',
  'turbo-stream',
];
const packageOf = (module: string) => {
  const path = module.split('node_modules/').at(-1)!;
  const parts = path.split('/');
  return module.includes('node_modules/')
    ? path.startsWith('@')
      ? parts.slice(0, 2).join('/')
      : parts[0]!
    : null;
};
// The bundler's runtime (Rolldown's, and Vite's preload helper, in the react chunk: vite.config.ts)
// is the framework's, not a page's own code.
const isRuntimeModule = (m: string) =>
  m === 'rolldown/runtime.js' ||
  m === 'vite/preload-helper.js' ||
  m === routeManifestModule ||
  runtimePackages.includes(packageOf(m) ?? '');
const isFirebaseModule = (m: string) => {
  const pkg = packageOf(m);
  return pkg === 'firebase' || (pkg?.startsWith('@firebase/') ?? false);
};
// The navbar's "My bookings" link lives in the booking feature but is part of every page's
// navbar (a dozen lines); it is not what "booking code" means here.
const navbarItems = ['src/features/booking/components/bookings-nav-item.tsx'];
export const isConsoleModule = (m: string) => m.startsWith('src/features/admin/');
// contracts/departure.ts is not counted: the home page's cards show each trip's next dates
// (loaded after the first paint, src/features/packages/components/next-departures.tsx) with the
// departure contract's statuses, 0.2 KiB shared by the site and the console.
export const isBookingModule = (m: string) =>
  (m.startsWith('src/features/booking/') && !navbarItems.includes(m)) || m === 'contracts/booking.ts';

export function classify(modules: string[]): ChunkKind[] {
  const kinds: ChunkKind[] = [];
  if (modules.length > 0 && modules.every(isRuntimeModule)) return ['runtime'];
  if (modules.some(isFirebaseModule)) kinds.push('firebase');
  if (modules.some(isConsoleModule)) kinds.push('console');
  if (modules.some(isBookingModule)) kinds.push('booking');
  if (kinds.length === 0) kinds.push('app');
  return kinds;
}

export function readClientBuild(buildDir: string): ClientBuild {
  const dir = join(buildDir, 'client');
  const read = <T>(name: string) => JSON.parse(readFileSync(metaFile(buildDir, name), 'utf8')) as T;
  const manifest = read<Record<string, ManifestEntry>>('manifest.json');
  const modulesByChunk = read<Record<string, string[]>>('chunk-modules.json');
  const chunks = new Map<string, Chunk>();
  const add = (file: string, modules: string[], kinds = classify(modules)) => {
    const code = readFileSync(join(dir, file));
    chunks.set(file, { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, modules, kinds });
  };
  for (const [file, modules] of Object.entries(modulesByChunk)) add(file, modules);
  // React Router writes the route table (every route's module and imports) as a script of its
  // own, outside the bundle, and every page loads it first. It is the framework's data about the
  // whole app, not the home page's code: it grows with every route any feature adds (1.4 KiB for
  // 13 routes). It is counted with the runtime, and the budget line names its size, so the home
  // page's own modules are what the 10 KiB limit holds (docs/decisions/008-performance-budgets.md).
  const routeManifest = readdirSync(join(dir, 'assets')).filter(
    (f) => /^manifest-[\w-]+\.js$/.test(f) && !(`assets/${f}` in modulesByChunk),
  );
  if (routeManifest.length !== 1)
    throw new Error(`Expected one React Router route manifest in ${dir}/assets.`);
  add(`assets/${routeManifest[0]}`, [routeManifestModule], ['runtime']);
  return { dir, chunks, manifest, routeManifest: `assets/${routeManifest[0]}` };
}

export const routeManifestModule = '(React Router route manifest)';

// The manifest entries of a route module: React Router builds each as its own entry, and with
// split route modules its clientLoader (and the like) as entries of their own
// (`src/routes/<route>.tsx?route-chunk=clientLoader`), which the page's HTML also preloads.
const entriesOf = (build: ClientBuild, routeFile: string) =>
  Object.entries(build.manifest).filter(
    ([key, e]) =>
      e.isEntry && (key.split('?')[0] === `src/${routeFile}` || e.src?.split('?')[0] === `src/${routeFile}`),
  );

// Whether the build has the route at all: an older build measured by the bench
// (BENCH_BUILD_DIR) lacks the routes added since.
export const routeBuilt = (build: ClientBuild, routeFile: string) => entriesOf(build, routeFile).length > 0;

function routeEntries(build: ClientBuild, routeFile: string) {
  const entries = entriesOf(build, routeFile);
  if (entries.length === 0) throw new Error(`No chunk for src/${routeFile} in the build's manifest.`);
  return entries.map(([key]) => key);
}

function clientEntry(build: ClientBuild) {
  const entry = Object.entries(build.manifest).find(
    ([key, e]) => e.isEntry && /entry\.client\.\w+$/.test(key),
  );
  if (!entry) throw new Error("No client entry in the build's manifest.");
  return entry[0];
}

// Every chunk a page loads before it can render: React Router's route manifest, the client
// entry and each matched route module, with their static imports, transitively. import()
// targets load later, when asked.
function pageEntries(build: ClientBuild, routeFiles: string[]) {
  const seen = new Set<string>();
  const pending = [clientEntry(build), ...routeFiles.flatMap((f) => routeEntries(build, f))];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(build.manifest[key]?.imports ?? []));
  }
  return [...seen];
}

export function pageChunks(build: ClientBuild, routeFiles: string[]): Chunk[] {
  const chunks = pageEntries(build, routeFiles).map((key) => {
    const file = build.manifest[key]!.file;
    const chunk = build.chunks.get(file);
    if (!chunk) throw new Error(`${file} is in the manifest but not in chunk-modules.json.`);
    return chunk;
  });
  return [build.chunks.get(build.routeManifest)!, ...chunks];
}

// The stylesheets those chunks bring (a route's `links` add them when it renders).
export function pageStylesheets(build: ClientBuild, routeFiles: string[]): string[] {
  return [...new Set(pageEntries(build, routeFiles).flatMap((key) => build.manifest[key]?.css ?? []))];
}

// The route table (src/routes.ts) as chains of route modules, one chain per page pattern.
type RouteNode = { file: string; path?: string; index?: boolean; children?: RouteNode[] };
export type PageRoute = { path: string; files: string[] };

export function pageRoutes(routes: RouteNode[]): PageRoute[] {
  const out: PageRoute[] = [];
  const walk = (nodes: RouteNode[], prefix: string, chain: string[]) => {
    for (const node of nodes) {
      const path = node.path ? `${prefix.replace(/\/$/, '')}/${node.path}` : prefix;
      const files = [...chain, node.file];
      if (node.children?.length) walk(node.children, path, files);
      else out.push({ path: path || '/', files });
    }
  };
  walk(routes, '/', ['root.tsx']);
  return out;
}

const sum = (chunks: Chunk[]) => chunks.reduce((total, c) => total + c.gzip, 0);

export type Budget = { name: string; met: boolean; figure: string };

// Where console and booking code may be: the console's own routes, and the routes that book,
// show or manage bookings (the console manages bookings and departures too).
const consoleRoute = (files: string[]) => files.some((f) => f.startsWith('routes/admin'));
const bookingRoute = (files: string[]) =>
  consoleRoute(files) ||
  files.some((f) =>
    [
      'routes/package.tsx',
      'routes/checkout.tsx',
      'routes/bookings.tsx',
      'routes/booking-travellers.tsx',
      // A traveller's own details form, from the personal link the lead sent.
      'routes/guest-link.tsx',
      // A party without an account answers the brand's move of its departure from its own link.
      'routes/move-link.tsx',
    ].includes(f),
  );

const names = (chunks: Chunk[]) => chunks.map((c) => c.file.replace(/^assets\//, '')).join(', ');

export function homeJs(build: ClientBuild) {
  const chunks = pageChunks(build, ['root.tsx', 'routes/home.tsx']);
  const runtime = chunks.filter((c) => c.kinds.includes('runtime'));
  const own = chunks.filter((c) => !c.kinds.includes('runtime'));
  return { chunks, runtime, own, runtimeGzip: sum(runtime), ownGzip: sum(own) };
}

// What a visitor's public page runs before they reach for a form or a button: the islands module
// (src/islands.ts, emitted by vite.config.ts) and what it imports, instead of React
// (docs/decisions/066-no-react-for-a-visitors-first-load.md).
export const islandsSource = 'src/islands.ts';
// 5 KiB (docs/decisions/066), plus the 3 KiB the second language's issue allows for the translation
// layer on a visitor's home page: the islands write the cards' dates in the page's language
// (docs/decisions/071-translation-layer.md).
export const islandsMaxKib = 8;
// Undefined for a build without it (one made before docs/decisions/066, measured by the bench).
export function islandsJs(build: ClientBuild) {
  if (!build.manifest[islandsSource]) return undefined;
  const seen = new Set<string>();
  const pending = [islandsSource];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const entry = build.manifest[key];
    if (!entry) throw new Error(`${key} is not in the build's manifest (vite.config.ts, islands).`);
    seen.add(key);
    pending.push(...(entry.imports ?? []));
  }
  const chunks = [...seen].map((key) => build.chunks.get(build.manifest[key]!.file)!);
  return { entry: build.manifest[islandsSource]!.file, chunks, gzip: sum(chunks) };
}

// The budgets that the build alone can answer, for every page pattern of the route table.
export function staticJsBudgets(build: ClientBuild, pages: PageRoute[]): Budget[] {
  const budgets: Budget[] = [];
  const home = homeJs(build);
  budgets.push({
    // 10 KiB, plus the 3 KiB the second language's issue allows for the translation layer
    // (contracts/i18n.ts, src/lib/i18n.ts, the language switch; the catalogues themselves load
    // only on their own language's pages): docs/decisions/071-translation-layer.md.
    name: "home page's own JS <= 13 KiB gzip over React + React Router (10 KiB + 3 KiB for translations)",
    met: kib(home.ownGzip) <= 13,
    figure: `${kib(home.ownGzip).toFixed(1)} KiB in ${home.own.length} chunks, over ${kib(home.runtimeGzip).toFixed(1)} KiB of runtime (${names(home.runtime)})`,
  });
  const offenders = (kind: ChunkKind, allowed: (files: string[]) => boolean) =>
    pages
      .filter((p) => !allowed(p.files))
      .map((p) => ({
        page: p.path,
        chunks: pageChunks(build, p.files).filter((c) => c.kinds.includes(kind)),
      }))
      .filter((p) => p.chunks.length > 0);
  const describe = (found: { page: string; chunks: Chunk[] }[]) =>
    found.map((p) => `${p.page}: ${names(p.chunks)} (${kib(sum(p.chunks)).toFixed(1)} KiB)`).join('; ') ||
    'none';
  const firebase = offenders('firebase', () => false);
  budgets.push({
    name: 'no Firebase code loaded up front by any page (import() only, when a session or the account page needs it)',
    met: firebase.length === 0,
    figure: describe(firebase),
  });
  const consoleCode = offenders('console', consoleRoute);
  budgets.push({
    name: 'console code (src/features/admin) only on the console pages',
    met: consoleCode.length === 0,
    figure: describe(consoleCode),
  });
  const bookingCode = offenders('booking', bookingRoute);
  budgets.push({
    name: "booking and departure code only on the package, checkout, My bookings, travellers' own details and console pages",
    met: bookingCode.length === 0,
    figure: describe(bookingCode),
  });
  const islands = islandsJs(build) ?? { entry: '', chunks: [], gzip: NaN };
  // Rolldown's helpers (0.4 KiB) are counted as runtime but are not React: only the chunks that
  // hold React, React DOM or React Router may not be there.
  const react = islands.chunks.filter((c) =>
    c.modules.some((m) => ['react', 'react-dom', 'react-router', 'scheduler'].includes(packageOf(m) ?? '')),
  );
  budgets.push({
    name: `a visitor's public page runs at most ${islandsMaxKib} KiB gzip before they reach for a form or a button, none of it React (the islands module)`,
    met: react.length === 0 && kib(islands.gzip) <= islandsMaxKib,
    figure: !islands.entry
      ? 'no islands module in this build: every page runs React'
      : `${kib(islands.gzip).toFixed(1)} KiB in ${islands.chunks.length} chunks (${names(islands.chunks)})${react.length > 0 ? `; React in ${names(react)}` : ''}`,
  });
  return budgets;
}

// A script URL as Lighthouse saw it -> the build's chunk (undefined for other origins' scripts).
export const chunkOfUrl = (build: ClientBuild, url: string) => {
  const path = new URL(url).pathname.replace(/^\//, '');
  return build.chunks.get(path);
};
