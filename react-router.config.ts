import type { Config } from '@react-router/dev/config';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// Static site + client-rendered private routes. The Node server (server/) serves the
// prerendered HTML and the SPA fallback; see docs/decisions/001-prerendered-spa.md.
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: false,
  // /account too: its login form is the same for every visitor without a session.
  prerender: ['/', '/blogs', '/about', '/account'],
  // React Router v8's behaviour, adopted now (the build stops warning about each flag). The app
  // has no loaders, actions or middleware and makes no server data requests (ssr: false), so
  // the chunks are the same; v8_viteEnvironmentApi builds through Vite's environment API.
  future: {
    v8_middleware: true,
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
