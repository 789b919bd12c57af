// @vitest-environment node
// The JavaScript budget of docs/product.md#budgets, checked on the build in build/ (Vite's manifest and the
// chunk -> modules map written by vite.config.ts; see scripts/bench-js.ts). `npm test` builds
// first when the build is missing or older than the sources (scripts/test-all.sh); a bare
// `npx vitest run` without a build skips these tests and says so in their title.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TravelPackage } from '#contracts/package';
import routes from '../src/routes';
import { deferHydration } from '../server/src/pages/defer-hydration';
import { loadPageRenderer } from '../server/src/pages/render';
import {
  classify,
  hasBuild,
  islandsJs,
  kib,
  pageChunks,
  pageRoutes,
  readClientBuild,
  staticJsBudgets,
  type Chunk,
  type ClientBuild,
} from './bench-js';

const buildDir = fileURLToPath(new URL('../build', import.meta.url));
const built = hasBuild(buildDir);
const build = built ? readClientBuild(buildDir) : undefined;
const pages = pageRoutes(routes);
const budgets = build ? staticJsBudgets(build, pages) : [];

const title = built
  ? 'JavaScript budget (docs/product.md), read from the build in build/'
  : 'JavaScript budget (docs/product.md): SKIPPED, no build in build/ (run `npm run build`; `npm test` builds first)';

describe(title, () => {
  // 10 KiB plus the 3 KiB the second language's issue allows for the translation layer
  // (scripts/bench-js.ts staticJsBudgets; docs/decisions/071-translation-layer.md).
  it.skipIf(!built)("the home page's own code is at most 13 KiB gzip over React + React Router", () => {
    const budget = budgets[0]!;
    expect(budget.name).toMatch(/^home page's own JS/);
    expect(budget.met, budget.figure).toBe(true);
  });

  it.skipIf(!built)('no page loads Firebase up front (it comes by import(), only when needed)', () => {
    const budget = budgets[1]!;
    expect(budget.met, budget.figure).toBe(true);
  });

  it.skipIf(!built)('console code (src/features/admin) is only in the console pages', () => {
    const budget = budgets[2]!;
    expect(budget.met, budget.figure).toBe(true);
  });

  it.skipIf(!built)(
    'booking and departure code is only in the pages that book, show or manage bookings',
    () => {
      const budget = budgets[3]!;
      expect(budget.met, budget.figure).toBe(true);
    },
  );

  it.skipIf(!built)(
    "a visitor's public page runs only the islands module before interaction: a few KiB, no React",
    () => {
      const budget = budgets[4]!;
      expect(budget.name).toMatch(/the islands module/);
      expect(budget.met, budget.figure).toBe(true);
    },
  );

  // The checks above follow the manifest's imports; React Router's own HTML names the same files,
  // or the budget would be measuring something else than what a browser loads. The home page is
  // rendered by the server from its catalogue (server/src/pages/site-pages.ts): rendered here
  // through the server build, as the server does it, with the seed's packages.
  it.skipIf(!built)(
    'each public page loads exactly the chunks the budget counts',
    async () => {
      const prerendered: Record<string, string> = {
        '/blogs': 'blogs/index.html',
        '/about': 'about/index.html',
        '/account': 'account/index.html',
      };
      const render = await loadPageRenderer(join(buildDir, 'server/index.js'));
      expect(render, 'build/server/index.js').toBeDefined();
      const seed = JSON.parse(readFileSync(join(build!.dir, 'packages.json'), 'utf8')) as TravelPackage[];
      const home = await render!(
        new Request('http://localhost/'),
        {
          user: null,
          read: () => Promise.resolve(undefined),
          packages: () => seed,
        },
        'budget-test-nonce',
      );
      expect(home.status).toBe(200);
      // As the server serves it (server/src/pages/site-pages.ts): hydration after the paint, or the
      // islands module for a visitor, named by the server build.
      const islands = islandsJs(build!)!.entry;
      expect(render!.islandsModule).toBe(`/${islands}`);
      const homeHtml = deferHydration(await home.text(), { islands: render!.islandsModule });
      if ('error' in homeHtml) throw new Error(homeHtml.error);
      const html: Record<string, string> = { '/': homeHtml.html };
      for (const [path, file] of Object.entries(prerendered)) {
        expect(existsSync(join(build!.dir, file)), `${file} in the build`).toBe(true);
        html[path] = readFileSync(join(build!.dir, file), 'utf8');
      }
      for (const [path, page] of Object.entries(html)) {
        const named = new Set([...page.matchAll(/\/(assets\/[\w.-]+\.js)/g)].map((m) => m[1]!));
        const counted = pageChunks(build!, pages.find((p) => p.path === path)!.files);
        // React's chunks for a visitor who reaches for a form (or has a session), and the islands
        // module the page runs until then (its imports are its own: islandsJs).
        expect([...named].sort(), path).toEqual([...counted.map((c) => c.file), islands].sort());
        expect(kib(counted.reduce((sum, c) => sum + c.gzip, 0))).toBeGreaterThan(100);
      }
      // The cards are in the HTML: the grid is not built after load.
      expect(html['/']).toContain(`>${seed[0]!.name}</h3>`);
      // Loading the server build (React, the app) is slow on a loaded machine.
    },
    60_000,
  );
});

// The checker itself, on a made-up build: it must see a console module that a public page loads.
describe('the JavaScript budget checker', () => {
  const chunk = (file: string, modules: string[], kib: number): Chunk => ({
    file,
    raw: kib * 3072,
    gzip: kib * 1024,
    modules,
    kinds: classify(modules),
  });
  const chunks = [
    chunk('assets/manifest-1.js', ['(React Router route manifest)'], 1),
    chunk('assets/entry.client-1.js', ['node_modules/react-dom/client.js'], 65),
    chunk(
      'assets/react-1.js',
      ['node_modules/react/index.js', 'node_modules/react-router/dist/index.mjs'],
      42,
    ),
    chunk('assets/root-1.js', ['src/root.tsx'], 4),
    chunk('assets/home-1.js', ['src/routes/home.tsx'], 3),
    chunk('assets/badge-1.js', ['src/features/admin/components/status-badge.tsx'], 0.5),
    chunk('assets/admin-1.js', ['src/routes/admin-layout.tsx'], 2),
    chunk('assets/firebase-1.js', ['node_modules/@firebase/auth/dist/esm/index.js'], 35),
    chunk('assets/islands-1.js', ['src/islands.ts'], 1),
  ];
  const fake = (homeImports: string[], islandsImports: string[] = []): ClientBuild => ({
    dir: '/nowhere',
    routeManifest: 'assets/manifest-1.js',
    chunks: new Map(chunks.map((c) => [c.file, c])),
    manifest: {
      'node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx': {
        file: 'assets/entry.client-1.js',
        isEntry: true,
        imports: ['_react-1.js'],
      },
      '_react-1.js': { file: 'assets/react-1.js' },
      'src/root.tsx?__react-router-build-client-route': {
        file: 'assets/root-1.js',
        isEntry: true,
        imports: ['_react-1.js'],
        dynamicImports: ['_firebase-1.js'],
      },
      'src/routes/home.tsx?__react-router-build-client-route': {
        file: 'assets/home-1.js',
        isEntry: true,
        imports: homeImports,
      },
      'src/routes/admin-layout.tsx?__react-router-build-client-route': {
        file: 'assets/admin-1.js',
        isEntry: true,
        imports: ['_badge-1.js'],
      },
      '_badge-1.js': { file: 'assets/badge-1.js' },
      '_firebase-1.js': { file: 'assets/firebase-1.js', isDynamicEntry: true },
      'src/islands.ts': { file: 'assets/islands-1.js', isEntry: true, imports: islandsImports },
    },
  });
  const fakePages = [
    { path: '/', files: ['root.tsx', 'routes/home.tsx'] },
    { path: '/admin', files: ['root.tsx', 'routes/admin-layout.tsx'] },
  ];

  it('passes a build that keeps console code to the console and Firebase behind import()', () => {
    const result = staticJsBudgets(fake([]), fakePages);
    expect(result.map((b) => b.met)).toEqual([true, true, true, true, true]);
    expect(result[0]!.figure).toMatch(/^7\.0 KiB in 2 chunks, over 108\.0 KiB of runtime/);
  });

  it('names the page and the chunk when a public page loads console code', () => {
    const [home, firebase, consoleCode, booking] = staticJsBudgets(fake(['_badge-1.js']), fakePages);
    expect(consoleCode!.met).toBe(false);
    expect(consoleCode!.figure).toBe('/: badge-1.js (0.5 KiB)');
    expect([home!.met, firebase!.met, booking!.met]).toEqual([true, true, true]);
  });

  it('names React when the islands module imports it', () => {
    const islands = staticJsBudgets(fake([], ['_react-1.js']), fakePages)[4]!;
    expect(islands.met).toBe(false);
    expect(islands.figure).toContain('React in react-1.js');
  });

  it('counts Firebase when a page imports it statically, and the home page over 10 KiB', () => {
    const [home, firebase] = staticJsBudgets(fake(['_firebase-1.js']), fakePages);
    expect(firebase!.met).toBe(false);
    expect(firebase!.figure).toContain('/: firebase-1.js');
    expect(home!.met).toBe(false);
  });
});
