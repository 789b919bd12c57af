// After the prerender, on the prerendered pages: hydrate once the page has painted, and for a
// visitor without a stored session run the islands module instead of React
// (server/src/pages/defer-hydration.ts says why and how; the pages the server renders, the home
// page and the signed-in pages, get the same rewrite as they are rendered).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deferHydration } from '../server/src/pages/defer-hydration';
import { loadPageRenderer } from '../server/src/pages/render';

const build = new URL('../build', import.meta.url).pathname;
const root = join(build, 'client');
const prerendered = [
  'blogs/index.html',
  'about/index.html',
  'account/index.html',
  // The Spanish twins (docs/decisions/071-translation-layer.md).
  'es/blogs/index.html',
  'es/about/index.html',
  'es/account/index.html',
];

// The islands module's URL, as the server reads it: from the server build (src/entry.server.tsx).
const islands = (await loadPageRenderer(join(build, 'server/index.js')))?.islandsModule;
if (!islands)
  throw new Error('tune-html: the server build names no islands module (vite.config.ts, islands)');

for (const page of prerendered) {
  const file = join(root, page);
  const tuned = deferHydration(readFileSync(file, 'utf8'), { islands });
  if ('error' in tuned) throw new Error(`tune-html: ${page}: ${tuned.error}`);
  writeFileSync(file, tuned.html);
}
console.log(
  `tune-html: ${prerendered.length} prerendered pages hydrate after their first paint, or run ${islands} for a visitor`,
);
