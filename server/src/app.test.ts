// @vitest-environment node
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrations.js';
import { loggedUrl, loggerOptions, requestLineLevel } from './http/request-log.js';
import { buildTestApp, createUser, makeClientDir } from './test/fixtures.js';

let dir: string;
let app: FastifyInstance;
let db: Database;

// A page above the compression threshold (1 KiB), as every real page is.
const bigPage = `<!DOCTYPE html><html><head><title>Home</title></head><body><script>window.x=1</script>${'<p>Lakes and mountains.</p>'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dir = makeClientDir();
  writeFileSync(join(dir, 'index.html'), bigPage);
  db = await openDatabase({});
  await migrate(db);
  app = await buildTestApp({ clientDir: dir, db });
  // Migrations and the catalogue's seed on a busy machine.
}, 90_000);

afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('site routes', () => {
  it.each([
    ['/', 'Home'],
    ['/blogs', 'Blogs'],
    ['/about', 'About'],
    ['/account', 'Account'],
  ])('serves the prerendered page for %s', async (url, title) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it.each(['/bookings', '/package/swiss-alpine-lakes', '/checkout/abc'])(
    'answers the client route %s with the app shell and 200',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Fallback</title>');
    },
  );

  it.each(['/nope', '/package', '/package/a/b', '/index.html', '/blogs/index.html'])(
    'answers an unknown path %s with the app shell and 404',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<title>Fallback</title>');
    },
  );

  it('answers the spec spelling /packages.JSON as well as /packages.json', async () => {
    for (const url of ['/packages.json', '/packages.JSON']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      // The database's catalogue, seeded from the file: the same packages with their spec fields.
      const seed = JSON.parse(readFileSync(join(dir, 'packages.json'), 'utf8')) as {
        id: string;
        name: string;
        price: number;
      }[];
      expect((res.json() as typeof seed).map(({ id, name, price }) => ({ id, name, price }))).toEqual(
        seed.map(({ id, name, price }) => ({ id, name, price })),
      );
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('compresses HTML and never caches it without revalidation', async () => {
    const big = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['cache-control']).toBe('no-cache');
    expect(big.headers['content-encoding']).toBe('gzip');
    // The page as served: the build's HTML with the catalogue's structured data (catalog/seo.ts).
    expect(big.rawPayload.length).toBeLessThan(gunzipSync(big.rawPayload).length / 4);
    expect(gunzipSync(big.rawPayload).toString()).toContain('<p>Lakes and mountains.</p>');
    // Not for a client that does not ask for it.
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<p>Lakes and mountains.</p>');
  });

  // docs/decisions/057-answer-compression-levels.md: each answer is compressed anew per request,
  // at brotli 2 and gzip 1, not the library's slower defaults (brotli 4, gzip 6).
  it('compresses each answer at the speed-first levels', async () => {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(br.rawPayload);
    expect(br.rawPayload).toEqual(
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } }),
    );
    expect(br.rawPayload).not.toEqual(
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    );
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const page = gunzipSync(gzip.rawPayload);
    expect(gzip.rawPayload).toEqual(gzipSync(page, { level: 1 }));
    expect(gzip.rawPayload).not.toEqual(gzipSync(page));
  });
});

describe('security headers', () => {
  it('sends a CSP that allows the page\u2019s own inline scripts by hash only', async () => {
    const res = await app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' https:\/\/apis.google.com/);
    expect(csp).not.toContain("'unsafe-inline' 'self' https://apis");
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9099");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('sends the same headers on JSON and 404 responses', async () => {
    const res = await app.inject({ url: '/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the request log', () => {
  it('keeps API calls and failures at info or above, and pages and static files at debug', () => {
    expect(requestLineLevel('/api/bookings', 201, false)).toBe('info');
    expect(requestLineLevel('/api/admin/bookings.csv?q=x', 403, false)).toBe('info');
    expect(requestLineLevel('/api/health', 503, false)).toBe('error');
    expect(requestLineLevel('/api/health', 200, false)).toBe('debug');
    expect(requestLineLevel('/', 200, false)).toBe('debug');
    expect(requestLineLevel('/assets/shell-abc.js', 200, false)).toBe('debug');
    expect(requestLineLevel('/img/alps-800.jpg', 304, false)).toBe('debug');
    expect(requestLineLevel('/no-such-page', 404, false)).toBe('debug');
    expect(requestLineLevel('/package/x', 200, true)).toBe('error');
  });

  it("logs the path with the query's values redacted (an operator's search is personal data)", () => {
    expect(loggedUrl('/api/admin/bookings?q=ana%40example.com&page=2')).toBe(
      '/api/admin/bookings?q=[redacted]&page=[redacted]',
    );
    expect(loggedUrl('/api/bookings')).toBe('/api/bookings');
    const { req } = loggerOptions('info').serializers;
    const logged = req({
      method: 'GET',
      url: '/api/admin/bookings.csv?q=Ana+Lopez',
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 1 },
    } as unknown as FastifyRequest);
    expect(JSON.stringify(logged)).not.toContain('Lopez');
    expect(logged.url).toBe('/api/admin/bookings.csv?q=[redacted]');
  });
});

describe('odd paths', () => {
  it('a control character in an API path segment is a 400 with a message, signed in or not', async () => {
    const user = await createUser('odd-path');
    for (const url of [
      '/api/bookings/%00',
      '/%61pi/bookings/%00',
      '/api/packages/%01/departures',
      '/api/waitlist/%1b/accept',
    ]) {
      for (const headers of [{}, { authorization: `Bearer ${user.idToken}` }]) {
        const res = await app.inject({ method: url.endsWith('accept') ? 'POST' : 'GET', url, headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(
          'The address must not contain control characters (such as line breaks or invisible codes).',
        );
      }
    }
    // A segment that merely names nothing is still a 404 with the route's own words.
    const missing = await app.inject({
      url: '/api/bookings/not-a-booking',
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No such booking.');
  });

  it('a URL with a broken %-escape is a 400 in the API’s shape, not Fastify’s error object', async () => {
    for (const url of ['/package/%E0%A4%A', '/api/bookings/%E0%A4%A']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: 'This address is not valid.' });
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
  });
});
