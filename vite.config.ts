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

// Everything the root route imports is loaded by every page, before anything else: one chunk
// ("shell") instead of the six small ones Rolldown splits it into because routes share some of
// them. Each chunk costs a request and its own gzip overhead: 0.4 KiB less on every page, three
// requests fewer (scripts/bench-js.ts). Only the app's own modules (src/ and the shared contracts/).
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const isOwnModule = (id: string) => id.startsWith(`${root}src/`) || id.startsWith(`${root}contracts/`);
function shellChunk() {
  const rootRoute = `${root}src/root.tsx`;
  let shell: Set<string> | undefined;
  const staticImports = (graph: ModuleGraph) => {
    const seen = new Set<string>();
    const pending = [...(graph.getModuleInfo(rootRoute)?.importedIds ?? [])];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id) || !isOwnModule(id) || id.includes('?')) continue;
      seen.add(id);
      pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    name: (id: string, graph: ModuleGraph) => {
      shell ??= staticImports(graph);
      return shell.has(id) ? 'shell' : null;
    },
  };
}

export default defineConfig(({ mode }) => {
  // Fails the build, naming every bad variable, before anything is compiled.
  parsePublicEnv({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env });
  return {
    plugins: [reactRouter(), chunkModules()],
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
              // (which would otherwise take them in).
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-router)[\\/]|rolldown[\\/]runtime/,
                priority: 2,
              },
              { ...shellChunk(), priority: 1 },
            ],
          },
        },
      },
    },
  };
});
