// Hydrate once the page has painted: the rewrite of React Router's HTML that the prerendered pages
// get at build time (scripts/tune-html.ts) and the server-rendered pages get per request
// (./render.ts).
//
// React Router writes <link rel="modulepreload"> for the page's hydration code (115-180 KiB gzip)
// into <head>, so the browser fetches it while the HTML is still parsing, alongside the stylesheet
// and the hero image. The pages need none of it to paint, but Lighthouse's simulation counts every
// request started before the first and largest paints: LCP was 1.9-2.0 s on the prerendered pages,
// and FCP 2.2-2.4 s on the server-rendered signed-in ones (npm run bench).
// Here the preloads go, and React Router's bootstrap module (kept byte for byte, so on a
// prerendered page its CSP hash still matches; a rendered page's carries the response's nonce)
// becomes inert data that a small loader re-inserts as a module once the page has loaded and its
// first contentful paint is reported, or at the visitor's first pointer, key or focus if that
// comes sooner.
// Until then links and the FAQ work natively (plain <a> and <details>), and forms can be typed
// into; a submit is held (the browser would post it to the server) and sent again once React is
// there, and so is a press on any `<button type="button">` or element marked `data-replay-click`
// (the navbar's Menu on a phone, the account page's Sign Up and Forgot password: a button that
// only React can work would otherwise ignore the visitor's first press; 9 presses in 12 on Sign Up
// made as /account appeared were lost that way). Links, <details> and submits need no replay.
// See docs/decisions/003-hydrate-after-load.md and 013-server-rendered-signed-in-pages.md.

// `preloads`: the modules React Router would have preloaded, requested together when hydration
// starts (the bootstrap alone would find them one import level at a time).
// `stages`: the modules evaluated one group a task before the bootstrap runs. Evaluating the whole
// graph at once was one task of 35-140 ms on the main thread (`v8.evaluateModule`, which
// Lighthouse cannot attribute to a script) right after the page loaded; four times that in the
// mobile simulation, it was the largest part of the home page's blocking time
// (scripts/trace-page.ts). React and React Router first, then the app's modules; the bootstrap then
// evaluates only React Router's client entry (React DOM), which starts hydrating.
// The preloads go a few a task: starting a module request costs the main thread 0.3-1 ms (4 times
// that in Lighthouse's mobile simulation), and the 12-25 of a page in one go were a long task of
// their own, 25-110 ms observed on a busy machine (scripts/trace-page.ts, docs/decisions/016).
// Two marks on <html>, both set by the app (src/root.tsx): `data-react-ready` in the commit that
// ends hydration, `data-hydrated` in the effects after it. React listens from the start of
// hydration, and a press that comes while it hydrates is one it either drops (what was pressed
// cannot hydrate yet: it stops the event) or handles, hydrating at once (the first mark is then
// set, in the same dispatch). So a held press or submit that still reaches the window with that
// mark set was React's, and is not replayed; the others are replayed once `data-hydrated` is set
// and a task has passed, for the dispatch that set it to end. Replayed as well, a press on Decline
// was heard twice: React opened the question, the replay landed on the same node, by then "Yes,
// decline and cancel" (e2e/move-departure.spec.ts). No component stops a click's propagation,
// which would keep React's press from the window's check.
const preloadsPerTask = 4;
// The first paint is the browser's own first-contentful-paint entry, not a frame callback after
// `load`: on a busy machine the paint came up to 120 ms after the frame callback, the modules were
// asked for before it, and Lighthouse's simulation counted 120 KiB of them against the first
// paint (FCP 0.76 s -> 1.33 s, LCP 0.99 s -> 2.0 s, performance 99 in one run of ten on /;
// npm run bench with BENCH_KEEP_RUNS, docs/decisions/018-hydrate-after-the-paint-entry.md).
// Where paint timing is missing the frame callback decides, as before; a page that never paints
// contentfully waits this long after `load` at most.
const paintWaitMs = 3000;
// Islands (`islands`: the URL of src/islands.ts in the build, given for the pages a visitor sees
// the same as everyone: `/`, `/blogs`, `/about`, `/account`, the 404 page). There, for a visitor
// with no stored Firebase session (localStorage `firebase:authUser:*`), React does not start
// after the paint: the page imports the islands module instead (the phone menu, the home page's
// next dates; links and <details> are native), and React starts only when the visitor reaches
// for something it works: a pointer, key or focus on a form, a field or a button other than the
// islands' own (`data-island`), or a submit. What that costs the main thread then comes after
// the visitor's own input, not in the page's load; a page that is only read never runs it
// (docs/decisions/066-no-react-for-a-visitors-first-load.md). `data-react-boot` on <html> marks
// that React has been asked for: the islands stand aside from then on, and presses on their
// buttons are held and replayed to React like any other. A press on an island's button before the
// islands module has loaded is held and replayed to it once it has. A stored session (the navbar
// shows the account's state, which needs the auth SDK and React) hydrates after the paint as
// before. If the islands module fails to load, React starts.
const loader = (preloads: string[], stages: string[][], islands: string | null) =>
  `(function(){
var d=document,h=d.documentElement,n=d.currentScript&&d.currentScript.nonce,started=false,held=null,heldBy=null,presses=[],pressedBy=null,I=${JSON.stringify(islands)},islandsReady=false;
if(I){try{for(var k=0;k<localStorage.length;k++)if(/^firebase:authUser:/.test(localStorage.key(k)||''))I=null}catch(e){}}
function go(){if(started)return;started=true;h.setAttribute('data-react-boot','');
var p=${JSON.stringify(preloads)},j=0;
(function more(){p.slice(j,j+=${preloadsPerTask}).forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});
if(j<p.length)setTimeout(more,0)})();
var stages=${JSON.stringify(stages)},i=0;
(function next(){if(i>=stages.length)return boot();
Promise.all(stages[i++].map(function(u){return import(u)})).then(function(){setTimeout(next,0)},boot)})()}
function boot(){var s=d.getElementById('rr-bootstrap'),m=d.createElement('script');
m.type='module';if(n)m.nonce=n;m.textContent=s.textContent;d.body.appendChild(m)}
function island(b){return I&&!started&&b.hasAttribute('data-island')}
function islandsUp(){import(I).then(function(){islandsReady=true;presses=presses.filter(function(b){if(!island(b))return true;if(b.isConnected)b.click();return false})},go)}
function painted(f){var P=window.PerformanceObserver,done=false,o,t;
if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return f();
function fire(){if(done)return;done=true;o.disconnect();clearTimeout(t);f()}
o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)fire()});
o.observe({type:'paint',buffered:true});t=setTimeout(fire,${paintWaitMs})}
function afterPaint(){painted(function(){requestAnimationFrame(function(){setTimeout(I?islandsUp:go,0)})})}
['pointerdown','keydown','focusin'].forEach(function(t){I?addEventListener(t,function(e){var x=e.target;if(x&&x.closest&&x.closest('form,input,select,textarea,button:not([data-island])'))go()},true):addEventListener(t,go,{capture:true,once:true})});
function ready(){return h.hasAttribute('data-react-ready')}
addEventListener('submit',function(e){if(ready())return;e.preventDefault();held=e.target;heldBy=e;go()},true);
addEventListener('click',function(e){if(ready())return;var b=e.target.closest&&e.target.closest('[data-replay-click],button[type=button]');if(!b)return;if(island(b)&&islandsReady)return;e.preventDefault();presses.push(b);pressedBy=e;if(!island(b))go()},true);
addEventListener('submit',function(e){if(e===heldBy&&ready())held=null},false);
addEventListener('click',function(e){if(e===pressedBy&&ready())presses.pop()},false);
new MutationObserver(function(_,o){if(!h.dataset.hydrated)return;o.disconnect();setTimeout(function(){
presses.forEach(function(b){if(b.isConnected)b.click()});if(held&&held.isConnected)held.requestSubmit()},0)}).observe(h,{attributes:true,attributeFilter:['data-hydrated']});
d.readyState==='complete'?afterPaint():addEventListener('load',afterPaint,{once:true})})()`.replace(
    /\n/g,
    '',
  );

// A rendered page's tags carry its CSP nonce (src/entry.server.tsx); the prerendered ones none.
const modulePreload = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const bootstrap = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

// The page's HTML with hydration after paint, or why it could not be rewritten (React Router's
// output is not the shape this expects: see vite.config.ts for the chunks).
// `islands`: the islands module's URL, for a page a visitor may see without React (see `loader`).
export function deferHydration(
  html: string,
  { islands = null }: { islands?: string | null } = {},
): { html: string } | { error: string } {
  const preloads: string[] = [];
  const stripped = html.replace(modulePreload, (_m, href: string) => {
    preloads.push(href);
    return '';
  });
  if (!bootstrap.test(stripped) || preloads.length === 0) {
    return { error: 'no module preloads or bootstrap; did React Router change its output?' };
  }
  const runtime = preloads.filter((u) => /\/(rolldown-runtime|react)-[\w-]+\.js$/.test(u));
  const app = preloads.filter((u) => !runtime.includes(u) && !/\/entry\.client-[\w-]+\.js$/.test(u));
  if (runtime.length !== 2 || app.length === 0 || runtime.length + app.length !== preloads.length - 1) {
    return { error: `unexpected chunks ${preloads.join(', ')}` };
  }
  return {
    html: stripped.replace(
      bootstrap,
      // The loader carries the nonce React Router gave its bootstrap, and gives it to the module it
      // inserts (an inline script added by a script needs one too); on a prerendered page the
      // module is allowed by the hash of the inert copy, the same text.
      (_m, nonce: string | undefined, code: string) =>
        `<script type="text/plain" id="rr-bootstrap">${code}</script><script${nonce ?? ''}>${loader(preloads, [runtime, app], islands)}</script>`,
    ),
  };
}
