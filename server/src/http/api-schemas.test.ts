// @vitest-environment node
// The OpenAPI document (/api/openapi.json) is valid OpenAPI 3 and lists exactly the API routes the
// server registers, so neither can drift; its reference page (/api/docs) loads its own scripts
// under a CSP of its own while every other answer keeps the site's.
import { rmSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { contentSecurityPolicy } from './security-headers.js';
import { buildTestApp, makeClientDir, testCsp } from '../test/fixtures.js';
import { docsCsp } from './api-schemas.js';

let dir: string;
let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  dir = makeClientDir();
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

type Document = { openapi: string; paths: Record<string, Record<string, { responses: object }>> };

const readDocument = async () => {
  const res = await app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Document;
};

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values];
      }),
  );

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const document = await readDocument();
    expect(document.openapi).toMatch(/^3\./);
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) expect.fail(JSON.stringify(result.errors));
    expect(result.valid).toBe(true);
    // The validator does refuse a broken document.
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    delete broken.info;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('lists exactly the API routes the server registers, with their methods', async () => {
    const document = await readDocument();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
      ),
    );
    expect(app.apiRoutes.length).toBeGreaterThan(10);
    expect(documented.sort()).toEqual([...app.apiRoutes].sort());
  });

  it('documents every operation’s answers, errors as {message}', async () => {
    const document = await readDocument();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const codes = Object.keys(operation.responses);
        expect(
          codes.some((c) => c.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
    const booking = document.paths['/api/bookings']!.post!.responses as Record<
      string,
      { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
    >;
    expect(Object.keys(booking).sort()).toEqual(
      ['201', '400', '401', '409', '413', '415', '422', '503'].sort(),
    );
    expect(booking['400']!.content['application/json']!.schema.properties).toHaveProperty('fieldErrors');
  });
});

describe('the reference page', () => {
  it('serves Swagger UI from the server itself, under its own CSP', async () => {
    const res = await app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui-bundle.js');
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp).toEqual(docsCsp);
    // Its scripts are files of this server: nothing from another origin, nothing inline.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    expect(res.body).not.toMatch(/https?:\/\//);

    const script = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('leaves the site’s CSP as it is everywhere else', async () => {
    const site = directives(contentSecurityPolicy(testCsp));
    for (const url of ['/api/openapi.json', '/api/health', '/packages.JSON', '/api/nowhere']) {
      const res = await app.inject({ url });
      expect(directives(String(res.headers['content-security-policy'])), url).toEqual(site);
    }
    const home = directives(String((await app.inject({ url: '/' })).headers['content-security-policy']));
    expect(home['script-src']).toContain('https://apis.google.com');
    expect(home['script-src']).not.toContain("'unsafe-inline'");
    expect(home['frame-ancestors']).toEqual(["'none'"]);
  });
});
