// @vitest-environment node
// A personal link's API takes no sign-in, so every call counts against the public limit per
// client address (server/src/public-limit.ts): guessing tokens is refused with 429 past it, and a
// real link is answered with nothing about whether any token exists.
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { buildTestApp, makeClientDir } from '../test/fixtures.js';

let db: Database;
let app: FastifyInstance;
let clientDir: string;

beforeAll(async () => {
  clientDir = makeClientDir();
  db = await openDatabase({});
  await migrate(db);
  app = await buildTestApp({ clientDir, db, publicRateLimitPerMinute: 5 });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

it('guessing links from one address is limited: 404 within the limit, then 429 with a message', async () => {
  const guess = (i: number) =>
    app.inject({
      method: i % 2 === 0 ? 'GET' : 'PUT',
      url: `/api/guest-links/${String(i).padStart(43, 'A')}`,
      remoteAddress: '203.0.113.9',
      ...(i % 2 === 0 ? {} : { headers: { 'content-type': 'application/json' }, payload: '{"guest":{}}' }),
    });
  const answers = [];
  for (let i = 0; i < 7; i++) answers.push(await guess(i));
  expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
  expect(answers[5]!.statusCode).toBe(429);
  expect(answers[5]!.json().message).toMatch(/Too many requests/);
  // Another address has its own count.
  const other = await app.inject({
    url: `/api/guest-links/${'B'.repeat(43)}`,
    remoteAddress: '198.51.100.7',
  });
  expect(other.statusCode).toBe(404);
});
