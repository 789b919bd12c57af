// React Router 7 (the last 7.x is 7.18.4) starts its own Vite servers, for reading
// react-router.config.ts and for compiling route modules, with `envFile: false`. Vite 7+ renamed
// that option to `envDir: false` and warns on every build, three times, "The `envFile` option is
// deprecated, please use `envDir: false` instead." React Router 8 uses the new spelling; until the
// project moves to it, this rewrites those calls in @react-router/dev's dist files to the same
// meaning in Vite's current words (no .env files for those servers). Run before every `dev` and
// `build` (package.json), so a fresh `npm ci` gets it too (npm runs no install scripts here).
// It changes nothing and says so when the file is already patched, and fails the build if the
// installed React Router no longer matches, so an upgrade cannot silently skip it.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@react-router/dev/package.json'));
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
// The Vite plugin and the CLI each bundle their own copy of the code that starts those servers.
const files = [join(packageDir, 'dist', 'vite.js'), join(packageDir, 'dist', 'cli', 'index.js')];
const legacy = /^(\s*)envFile: false,$/gm;
const expected = [2, 1];

let patched = 0;
files.forEach((file, i) => {
  const source = readFileSync(file, 'utf8');
  const found = source.match(legacy)?.length ?? 0;
  if (found === 0) return; // Already patched.
  if (!version.startsWith('7.') || found !== expected[i]) {
    console.error(
      `patch-react-router: ${file} of @react-router/dev ${version} has ${found} "envFile: false" (expected ${expected[i]}): check scripts/patch-react-router.ts`,
    );
    process.exit(1);
  }
  // A new file renamed into place: node_modules may be hard links shared with other checkouts.
  writeFileSync(`${file}.tmp`, source.replace(legacy, '$1envDir: false,'));
  renameSync(`${file}.tmp`, file);
  patched += found;
});
if (patched > 0) {
  console.log(`patch-react-router: @react-router/dev ${version} passes envDir: false to its Vite servers`);
}
