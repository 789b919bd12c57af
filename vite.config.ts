import { reactRouter } from '@react-router/dev/vite';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { parsePublicEnv } from './src/config/env-schema.ts';

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
      },
    },
  };
});
