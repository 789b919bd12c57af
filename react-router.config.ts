import type { Config } from '@react-router/dev/config';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// Public pages prerendered at build time; the signed-in pages rendered by the Node server
// (server/) per request with the user's data when a session cookie comes with it; the home page
// rendered by the server from its live catalogue once per catalogue version (its cards are what
// the console edits, so a build must not freeze them).
// See docs/decisions/001-prerendered-spa.md, 013-server-rendered-signed-in-pages.md and
// 043-home-page-from-the-live-catalogue.md.
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest in the page, as with ssr: false: no /__manifest requests while
  // navigating (the JavaScript budget counts it as the home page's own code).
  routeDiscovery: { mode: 'initial' },
  // /account too: its login form is the same for every visitor without a session.
  // Their Spanish twins too (docs/decisions/071-translation-layer.md).
  prerender: [
    '/blogs',
    '/about',
    '/account',
    '/account/deleted',
    '/es/blogs',
    '/es/about',
    '/es/account',
    '/es/account/deleted',
  ],
  // React Router v8's behaviour, adopted now (the build stops warning about each flag), except
  // v8_middleware: with it a loader's `context` is a RouterContextProvider read by keys, and the
  // key made in server/ would not be the one bundled into build/server. The server passes a
  // plain load context instead (contracts/page-session.ts). v8_viteEnvironmentApi builds through
  // Vite's environment API.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // The client build's manifests (Vite's, and the chunk -> modules map from vite.config.ts) are
  // read by the JavaScript budget test and the bench. build/client is served as it is, so they
  // move beside it, to build/client-manifest/, instead of being published under /.vite/.
  buildEnd: ({ viteConfig }) => {
    const build = join(viteConfig.root, 'build');
    rmSync(join(build, 'client-manifest'), { recursive: true, force: true });
    renameSync(join(build, 'client/.vite'), join(build, 'client-manifest'));
  },
} satisfies Config;
