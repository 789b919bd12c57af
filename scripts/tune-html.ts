// After the prerender, on the prerendered public pages only: hydrate after the page has loaded.
//
// React Router writes <link rel="modulepreload"> for 115 KiB of hydration code into <head>, so
// the browser fetches it while the HTML is still parsing, ahead of and alongside the hero image.
// The page needs none of it to paint (it is prerendered), but Lighthouse's simulation counts every
// request started before the largest paint: LCP was 1.9-2.0 s against a 1.55 s budget.
// Here the preloads go, and React Router's bootstrap module (kept byte for byte, so its CSP hash
// still matches) becomes inert data that a tiny loader re-inserts as a module once the page has
// loaded and painted. Links and the FAQ work before that (plain <a> and <details>).
// See docs/decisions/003-hydrate-after-load.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../build/client', import.meta.url).pathname;
const prerendered = ['index.html', 'blogs/index.html', 'about/index.html'];

const loader =
  '(function(){function go(){requestAnimationFrame(function(){setTimeout(function(){' +
  "var s=document.getElementById('rr-bootstrap'),m=document.createElement('script');" +
  "m.type='module';m.textContent=s.textContent;document.body.appendChild(m)},0)})}" +
  "document.readyState==='complete'?go():addEventListener('load',go,{once:true})})()";

for (const page of prerendered) {
  const file = join(root, page);
  let html = readFileSync(file, 'utf8');
  const before = html;
  html = html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, '');
  const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script>/;
  if (!bootstrap.test(html) || html === before) {
    throw new Error(
      `tune-html: ${page} has no module preloads or bootstrap; did React Router change its output?`,
    );
  }
  html = html.replace(
    bootstrap,
    (_m, code: string) =>
      `<script type="text/plain" id="rr-bootstrap">${code}</script><script>${loader}</script>`,
  );
  writeFileSync(file, html);
}
// The SPA fallback (signed-in pages) needs its JavaScript to show anything, and the prerendered
// account page's form must work at once: both keep loading it immediately; "low" only puts the
// preloads behind the stylesheet, which is what first paint waits for.
for (const page of ['__spa-fallback.html', 'account/index.html']) {
  const file = join(root, page);
  const html = readFileSync(file, 'utf8');
  const lowered = html.replaceAll(
    '<link rel="modulepreload" href=',
    '<link rel="modulepreload" fetchpriority="low" href=',
  );
  if (lowered === html) throw new Error(`tune-html: no module preloads in ${page}`);
  writeFileSync(file, lowered);
}

console.log(
  `tune-html: ${prerendered.length} prerendered pages hydrate after load; the account page and the SPA fallback preload at low priority`,
);
