// After the prerender, on the prerendered pages: hydrate once the page has painted
// (server/src/pages/defer-hydration.ts says why and how; the pages the server renders, the home
// page and the signed-in pages, get the same rewrite as they are rendered).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deferHydration } from '../server/src/pages/defer-hydration';

const root = new URL('../build/client', import.meta.url).pathname;
const prerendered = ['blogs/index.html', 'about/index.html', 'account/index.html'];

for (const page of prerendered) {
  const file = join(root, page);
  const tuned = deferHydration(readFileSync(file, 'utf8'));
  if ('error' in tuned) throw new Error(`tune-html: ${page}: ${tuned.error}`);
  writeFileSync(file, tuned.html);
}
console.log(`tune-html: ${prerendered.length} prerendered pages hydrate after their first paint`);
