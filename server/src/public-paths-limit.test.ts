// @vitest-environment node
// The public limit per client address (./public-limit.ts) covers what costs the server work
// without a sign-in beside the API: image misses (a query each), the catalogue's list, the
// sitemap, rendered package pages and personal-link pages. A sign-out without a valid cookie
// stores nothing. Staff uploads and departure messages count in the user's one write budget.
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrations.js';
import { buildTestApp, createOperator, makeClientDir, type TestUser } from './test/fixtures.js';

const limit = 5;
let db: Database;
let clientDir: string;

beforeAll(async () => {
  clientDir = makeClientDir();
  db = await openDatabase({});
  await migrate(db);
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('unauthenticated paths', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clientDir, db, publicRateLimitPerMinute: limit });
  }, 60_000);
  afterAll(() => app.close());

  const hex = (i: number) => i.toString(16).padStart(32, '0');
  const cases: [string, (i: number) => string, number][] = [
    ['the catalogue’s list', () => '/packages.json', 200],
    ['the sitemap', () => '/sitemap.xml', 200],
    ['image misses', (i) => `/images/${hex(i)}.400.webp`, 404],
    ['package pages', () => '/package/swiss-alpine-lakes', 200],
    ['personal-link pages', (i) => `/travellers/${String(i).padStart(43, 'A')}`, 200],
  ];
  cases.forEach(([name, url, ok], n) => {
    it(`${name}: ${limit} from one address, then 429 with Retry-After`, async () => {
      const remoteAddress = `203.0.113.${10 + n}`;
      for (let i = 0; i < limit; i++) {
        const res = await app.inject({ url: url(i), remoteAddress });
        expect(res.statusCode, `${url(i)} ${i}`).toBe(ok);
      }
      const refused = await app.inject({ url: url(limit), remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own count.
      expect((await app.inject({ url: url(0), remoteAddress: `198.51.100.${n}` })).statusCode).toBe(ok);
    });
  });

  it('a sign-out with no cookie, or one nobody issued, stores nothing', async () => {
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM signed_out_sessions')).rows[0]!.n;
    const before = await count();
    for (const cookie of [undefined, '__session=forged-cookie-value', `__session=${'x'.repeat(4000)}`]) {
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/session',
        remoteAddress: '192.0.2.77',
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode, cookie).toBe(204);
    }
    expect(await count()).toBe(before);
  });
});

describe('staff uploads and messages', () => {
  let app: FastifyInstance;
  let operator: TestUser;
  beforeAll(async () => {
    app = await buildTestApp({ clientDir, db, rateLimitPerMinute: 3 });
    operator = await createOperator('budget-operator');
  }, 60_000);
  afterAll(() => app.close());

  it('count in the operator’s one write budget: past it 429, before the upload is read', async () => {
    const as = { authorization: `Bearer ${operator.idToken}` };
    const upload = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/packages/swiss-alpine-lakes/images',
        headers: { ...as, 'content-type': 'text/plain' },
        payload: 'not an image',
      });
    const message = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/departures/00000000-0000-4000-8000-000000000000/messages',
        headers: { ...as, 'content-type': 'application/json' },
        payload: '{}',
      });
    expect((await upload()).statusCode).not.toBe(429);
    expect((await message()).statusCode).not.toBe(429);
    expect((await upload()).statusCode).not.toBe(429);
    const refusedUpload = await upload();
    expect(refusedUpload.statusCode).toBe(429);
    expect(Number(refusedUpload.headers['retry-after'])).toBeGreaterThan(0);
    expect((await message()).statusCode).toBe(429);
  });
});
