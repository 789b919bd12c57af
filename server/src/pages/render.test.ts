// @vitest-environment node
// The pages React Router renders per request, through the real server build (build/server, made
// by `npm run build`; `npm test` builds first): their scripts run by the response's CSP nonce and
// nothing else, and a user past PAGE_RATE_LIMIT gets the site's error page with 429.
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessionCookieName } from '../auth/sessions.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { buildTestApp, createUser, makeClientDir, type TestUser } from '../test/fixtures.js';
import { describeNeeding } from '../test/services.js';
import { deferHydration } from './defer-hydration.js';
import { loadPageRenderer, type PageRenderer } from './render.js';

const serverBuild = fileURLToPath(new URL('../../../build/server/index.js', import.meta.url));
const noBuild = existsSync(serverBuild)
  ? undefined
  : 'no build in build/ (run `npm run build`; `npm test` builds first)';

const packagePage = '/package/swiss-alpine-lakes';
const pagesPerMinute = 3;

const scriptSrcOf = (csp: unknown) => /script-src ([^;]+)/.exec(String(csp))![1]!;
const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
// The attributes of every script the browser would run inline: not an external file, not data.
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1]!)
    .filter((attrs) => !/\bsrc=|type="(application\/ld\+json|text\/plain)"/.test(attrs));

it('rewrites the hydration of a rendered page with the nonce on the loader and on the module it inserts', () => {
  const html =
    '<html><head><link rel="modulepreload" href="/assets/rolldown-runtime-a.js" nonce="N1"/>' +
    '<link rel="modulepreload" href="/assets/react-b.js" nonce="N1"/>' +
    '<link rel="modulepreload" href="/assets/entry.client-c.js" nonce="N1"/>' +
    '<link rel="modulepreload" href="/assets/root-d.js" nonce="N1"/></head><body>' +
    '<script nonce="N1" type="module" async="">import("/assets/entry.client-c.js");</script></body></html>';
  const out = deferHydration(html);
  if (!('html' in out)) throw new Error(out.error);
  expect(out.html).not.toContain('modulepreload" href');
  expect(out.html).toContain(
    '<script type="text/plain" id="rr-bootstrap">import("/assets/entry.client-c.js");</script>',
  );
  expect(out.html).toMatch(
    /<script nonce="N1">\(function\(\)\{var d=document,h=d\.documentElement,n=d\.currentScript&&d\.currentScript\.nonce/,
  );
  expect(out.html).toContain('if(n)m.nonce=n');
  // A prerendered page (no nonce): the loader as before, allowed by its hash.
  const plain = deferHydration(html.replaceAll(' nonce="N1"', ''));
  if (!('html' in plain)) throw new Error(plain.error);
  expect(plain.html).toContain('</script><script>(function(){');
});

describeNeeding(noBuild)('pages rendered by the server build', () => {
  let db: Database;
  let clientDir: string;
  let renderer: PageRenderer;
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const cookies = new Map<string, string>();

  const cookieOf = async (user: TestUser) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(res.statusCode).toBe(204);
    return res.cookies.find((c) => c.name === sessionCookieName)!.value;
  };
  const page = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
    app.inject({
      url,
      headers: { ...headers, ...(user ? { cookie: `${sessionCookieName}=${cookies.get(user.uid)}` } : {}) },
    });

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await openDatabase({});
    await migrate(db);
    renderer = (await loadPageRenderer(serverBuild))!;
    // One proxy in front: the address is the one it appends, whatever the client wrote before it.
    app = await buildTestApp({ clientDir, db, renderer, trustProxy: 1, userLimits: { pagesPerMinute } });
    [alice, bob, carol] = await Promise.all([
      createUser('alice'),
      createUser('bob'),
      createUser('carol', { verified: false }),
    ]);
    for (const user of [alice, bob, carol]) cookies.set(user.uid, await cookieOf(user));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('allows the page’s scripts by a nonce of this response only, never a hash of its output', async () => {
    const first = await page(packagePage);
    expect(first.statusCode).toBe(200);
    const scriptSrc = scriptSrcOf(first.headers['content-security-policy']);
    expect(scriptSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}==' https:\/\/apis\.google\.com$/);
    expect(scriptSrc).not.toMatch(/sha256|unsafe-inline|strict-dynamic/);
    const nonce = nonceOf(scriptSrc)!;
    // React Router's context, its streamed data, the scroll restoration and the hydration loader:
    // every inline script carries it.
    const scripts = inlineScripts(first.body);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);

    const second = await page(packagePage);
    const again = nonceOf(second.headers['content-security-policy'])!;
    expect(again).not.toBe(nonce);
    expect(second.body).not.toContain(nonce);
    for (const attrs of inlineScripts(second.body)) expect(attrs).toContain(`nonce="${again}"`);
  });

  it('does not allow a script that found its way into the rendered output', async () => {
    // As if some data on the page broke out of its markup: the script is in what was rendered.
    const injected = 'alert(document.cookie)';
    const leaky: PageRenderer = async (request, context, nonce) => {
      const res = await renderer(request, context, nonce);
      const html = (await res.text()).replace('</body>', `<script>${injected}</script></body>`);
      return new Response(html, { status: res.status, headers: res.headers });
    };
    const other = await buildTestApp({ clientDir, db, renderer: leaky });
    try {
      const res = await other.inject({ url: packagePage });
      expect(res.body).toContain(`<script>${injected}</script>`);
      const scriptSrc = scriptSrcOf(res.headers['content-security-policy']);
      const hash = createHash('sha256').update(injected).digest('base64');
      expect(scriptSrc).not.toContain(hash);
      expect(scriptSrc).not.toMatch(/sha256|unsafe-inline/);
      // Its only inline allowance is the nonce, which the injected script does not carry.
      expect(scriptSrc.split(' ').filter((s) => s.startsWith("'nonce-"))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('renders PAGE_RATE_LIMIT pages a minute per user, then the site’s error page with 429', async () => {
    // A forwarded address of the client's own making changes nothing: the count is the user's.
    for (let i = 0; i < pagesPerMinute; i++) {
      const ok = await page('/bookings', alice, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(ok.statusCode).toBe(200);
    }
    const refused = await page('/bookings', alice, { 'x-forwarded-for': '203.0.113.77' });
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('<h1>Too many requests</h1>');
    expect(refused.body).toMatch(
      /You have opened a lot of pages in the last minute\. Please wait \d+ seconds? and try again\./,
    );
    // The site's page (its navbar and footer), hydrated by the response's nonce like any other.
    expect(refused.body).toContain('Skip to content');
    const nonce = nonceOf(refused.headers['content-security-policy'])!;
    for (const attrs of inlineScripts(refused.body)) expect(attrs).toContain(`nonce="${nonce}"`);
    // A client-side navigation asks the same limit.
    expect((await page('/bookings.data', alice)).statusCode).toBe(429);
    // Another user, and a visitor without a cookie, are not held back.
    expect((await page('/bookings', bob)).statusCode).toBe(200);
    expect((await page('/bookings')).statusCode).toBe(200);
  });

  // Rendered with the page, not added once the SDK has loaded: added later, it pushed My bookings'
  // list down (Lighthouse's layout shift on /bookings).
  it('renders the reminder to confirm an unverified address on the server, and none for a verified one', async () => {
    const note = 'Confirm your email address to get every email about your bookings';
    const unverified = await page('/bookings', carol);
    expect(unverified.statusCode).toBe(200);
    expect(unverified.body).toContain(note);
    const verified = await page('/bookings', bob);
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('<h1>My bookings</h1>');
    expect(verified.body).not.toContain(note);
  });
});
