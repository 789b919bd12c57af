// Shared set-up for the server's tests: a minimal built site, test users in the Auth Emulator,
// and the stores the API runs on (PGlite always; PostgreSQL when TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { spawnApiServer, type ApiServer } from '../../../scripts/api-server.js';
import { buildApp } from '../app.js';
import { firebaseTokenVerifier, type TokenVerifier } from '../auth/verify-token.js';
import { loadPackages } from '../bookings/packages.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';

export const emulatorHost = '127.0.0.1:9099';
export const projectId = 'demo-travel';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= emulatorHost;

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const packages = loadPackages(join(root, 'public/packages.json'));

const html = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><script>window.x=1</script><script type="module" src="/assets/a.js"></script></body></html>`;

export function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wayfarer-client-'));
  for (const sub of ['blogs', 'about', 'account', 'assets']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'index.html'), html('Home'));
  writeFileSync(join(dir, 'blogs/index.html'), html('Blogs'));
  writeFileSync(join(dir, 'about/index.html'), html('About'));
  writeFileSync(join(dir, 'account/index.html'), html('Account'));
  writeFileSync(join(dir, '__spa-fallback.html'), html('Fallback'));
  writeFileSync(join(dir, 'assets/app-abc123.js'), 'console.log(1)'.repeat(200));
  writeFileSync(join(dir, 'packages.json'), readFileSync(join(root, 'public/packages.json')));
  return dir;
}

export const testCsp = { authConnect: [`http://${emulatorHost}`], authFrames: [`http://${emulatorHost}`] };

export function buildTestApp(options: {
  clientDir: string;
  db: Database;
  verifyToken?: TokenVerifier;
  rateLimitPerMinute?: number;
}) {
  return buildApp({
    clientDir: options.clientDir,
    production: true,
    logLevel: 'silent',
    csp: testCsp,
    bookings: {
      db: options.db,
      verifyToken: options.verifyToken ?? firebaseTokenVerifier(projectId),
      packages,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
    },
  });
}

export type TestUser = { uid: string; idToken: string; email: string };

// A new account in the emulator, signed in: a real ID token for the API.
export async function createUser(name = 'traveller'): Promise<TestUser> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`signUp failed: ${res.status} ${await res.text()}`);
  const data = (await res.json()) as { localId: string; idToken: string };
  return { uid: data.localId, idToken: data.idToken, email };
}

export type StoreCase = {
  name: string;
  open: () => Promise<Database>;
  reopen: () => Promise<Database>;
  cleanup: () => Promise<void>;
};

// A fresh schema per call on the test server, so parallel test files never see each other's rows.
export async function postgresSchemaUrl(baseUrl: string): Promise<string> {
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function dropPostgresSchema(url: string) {
  const options = new URL(url).searchParams.get('options') ?? '';
  const schema = /search_path=(t_\w+)/.exec(options)?.[1];
  if (!schema) return;
  const base = new URL(url);
  base.searchParams.delete('options');
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

// Each case opens a migrated, empty store; `reopen` opens the same data again (a restart).
export function storeCases(): StoreCase[] {
  const cases: StoreCase[] = [];
  let pgliteDir = '';
  cases.push({
    name: 'PGlite',
    open: async () => {
      pgliteDir = mkdtempSync(join(tmpdir(), 'wayfarer-pglite-'));
      const db = await openDatabase({ dataDir: pgliteDir });
      await migrate(db);
      return db;
    },
    reopen: () => openDatabase({ dataDir: pgliteDir }),
    cleanup: async () => rmSync(pgliteDir, { recursive: true, force: true }),
  });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    let url = '';
    cases.push({
      name: 'PostgreSQL',
      open: async () => {
        url = await postgresSchemaUrl(baseUrl);
        const db = await openDatabase({ url });
        await migrate(db);
        return db;
      },
      reopen: () => openDatabase({ url }),
      cleanup: () => dropPostgresSchema(url),
    });
  }
  return cases;
}

export const validBooking = {
  packageId: 'swiss-alpine-lakes',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: '12 St James Square, London',
  phone: '442079460000',
};

// The real server as its own process, for faults a process must live through.
export type ServerProcess = ApiServer;
export const spawnServer = (env: Record<string, string>, port: number) =>
  spawnApiServer({ port, emulatorHost, env, logLevel: 'info' });

// POST /api/bookings through inject, as the given user.
export const injectBooking = (
  app: FastifyInstance,
  user: TestUser | null,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: {
      ...(user ? { authorization: `Bearer ${user.idToken}` } : {}),
      'content-type': 'application/json',
      ...headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

export const postBooking = (
  url: string,
  user: TestUser,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${url}/api/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
