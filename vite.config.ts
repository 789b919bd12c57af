import { reactRouter } from '@react-router/dev/vite';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { parsePublicEnv } from './contracts/public-env.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// Vite's manifest says which chunks a route imports, not which source modules a chunk holds.
// The JavaScript budget (scripts/bench-js.ts: "console code only for operators", "booking code
// only where it is used") needs the latter, so the client build also writes
// .vite/chunk-modules.json: chunk file -> the modules bundled into it (project-relative paths).
// Both leave the served folder at the end of the build (react-router.config.ts, buildEnd).
function chunkModules(): Plugin {
  return {
    name: 'wayfarer:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const map: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        map[output.fileName] = Object.keys(output.modules).map((id) =>
          id.startsWith(root) ? relative(root, id) : id.replace(/^\0/, ''),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(map, null, 1)}\n`,
      });
    },
  };
}

// The islands module (src/islands.ts): what a visitor's public page runs instead of React when no
// session is stored (docs/decisions/066-no-react-for-a-visitors-first-load.md). Nothing in the app
// imports it, so it is emitted as an entry of its own in the client build; its hashed URL reaches
// the HTML through the server build, which is built after the client (React Router builds the
// client first: the server embeds its manifest). `virtual:islands` gives that URL to
// src/entry.server.tsx; the page rewrite (server/src/pages/defer-hydration.ts) names it.
const islandsEntry = `${root}src/islands.ts`;
function islands(): Plugin {
  let file: string | undefined;
  return {
    name: 'wayfarer:islands',
    buildStart() {
      if (this.environment.name === 'client' && this.environment.config.command === 'build') {
        this.emitFile({ type: 'chunk', id: islandsEntry, name: 'islands' });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunk = Object.values(bundle).find(
        (o) => o.type === 'chunk' && o.isEntry && o.facadeModuleId === islandsEntry,
      );
      if (!chunk) this.error('the islands module (src/islands.ts) was not emitted');
      file = `/${chunk.fileName}`;
    },
    resolveId(id) {
      return id === 'virtual:islands' ? '\0virtual:islands' : null;
    },
    load(id) {
      if (id !== '\0virtual:islands') return null;
      // In the dev server (no client build) there is no islands module: pages hydrate as before.
      return `export const islandsModule = ${JSON.stringify(file ?? null)};`;
    },
  };
}

// Everything the root route imports is loaded by every page, before anything else: one chunk
// ("shell") instead of the six small ones Rolldown splits it into because routes share some of
// them. Each chunk costs a request and its own gzip overhead: 0.4 KiB less on every page, three
// requests fewer (scripts/bench-js.ts). Only the app's own modules (src/ and the shared contracts/).
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const isOwnModule = (id: string) => id.startsWith(`${root}src/`) || id.startsWith(`${root}contracts/`);
const staticImports = (graph: ModuleGraph, from: string) => {
  const seen = new Set<string>();
  const pending = [...(graph.getModuleInfo(from)?.importedIds ?? [])];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id) || !isOwnModule(id) || id.includes('?')) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
};
function shellChunk() {
  const rootRoute = `${root}src/root.tsx`;
  let shell: Set<string> | undefined;
  return {
    name: (id: string, graph: ModuleGraph) => {
      shell ??= staticImports(graph, rootRoute);
      return shell.has(id) ? 'shell' : null;
    },
  };
}

// What the islands module shares with the shell and the home page (the menu's keys, the brand's
// facts, prices) in one chunk of its own, taken before the shell group: a group takes the modules
// its modules import, and the shell imports React, which a visitor's page must not load
// (src/islands.ts). One chunk, not one a module: the home page's own code has a budget, and each
// chunk costs its gzip overhead (scripts/js-budget.test.ts).
function islandsChunk() {
  let shared: Set<string> | undefined;
  return {
    name: (id: string, graph: ModuleGraph) => {
      if (!shared) {
        const first = new Set([
          ...staticImports(graph, `${root}src/root.tsx`),
          // The route's component, split from its clientLoader (v8_splitRouteModules).
          ...staticImports(graph, `${root}src/routes/home.tsx?route-chunk=main`),
        ]);
        shared = new Set([...staticImports(graph, islandsEntry)].filter((m) => first.has(m)));
      }
      // Vite's helper for a dynamic import: the islands load a page's catalogue with one
      // (src/features/packages/islands/next-dates.ts), and in the shell it would bring React.
      return shared.has(id) || id.includes('vite/preload-helper') ? 'islands-share' : null;
    },
  };
}

export default defineConfig(({ mode }) => {
  // Fails the build, naming every bad variable, before anything is compiled.
  parsePublicEnv({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env });
  return {
    plugins: [reactRouter(), chunkModules(), islands()],
    resolve: {
      alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      // The CSP forbids inline scripts except hashed ones; keep assets as files.
      assetsInlineLimit: 0,
      // Kept (React Router deletes it unless asked) for the JavaScript budget test and the bench:
      // which chunks each route loads. Moved to build/client-manifest/ by buildEnd.
      manifest: true,
      rolldownOptions: {
        // Rolldown's "plugin timings" report says which plugin callbacks were slow; on a busy
        // machine it fires on every build and names React Router's own transforms, which we
        // cannot act on. The build's duration is still printed.
        checks: { bundlerTimings: false },
        output: {
          codeSplitting: {
            groups: [
              // React and React Router keep a chunk of their own, as without the shell group
              // (which would otherwise take them in). The bundler's runtime goes with them:
              // Rolldown's, and Vite's preload helper (the wrapper of every import() that fetches a
              // chunk's imports and CSS alongside it, 0.7 KiB gzip), which is not the home page's
              // own code (scripts/bench-js.ts counts both as runtime).
              {
                name: 'react',
                // react-dom and scheduler too: the browser entry is the app's own (src/entry.client.tsx),
                // and its chunk would otherwise take them in.
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime|vite[\\/]preload-helper/,
                priority: 2,
              },
              { ...islandsChunk(), priority: 3 },
              { ...shellChunk(), priority: 1 },
            ],
          },
        },
      },
    },
  };
});
