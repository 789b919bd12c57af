import type { Config } from '@react-router/dev/config';

// Static site + client-rendered private routes. The Node server (server/) serves the
// prerendered HTML and the SPA fallback; see docs/decisions/001-prerendered-spa.md.
export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: false,
  // /account too: its login form is the same for every visitor without a session.
  prerender: ['/', '/blogs', '/about', '/account'],
} satisfies Config;
