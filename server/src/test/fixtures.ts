// Shared set-up for the server's tests: a minimal built site, test users in the Auth Emulator,
// and the stores the API runs on (PGlite always; PostgreSQL when TEST_DATABASE_URL is set).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { makeClientDir, spawnApiServer, type ApiServer } from '../../../scripts/api-server.js';
import { createEmulatorUser } from '../../../scripts/auth-emulator.js';
import { buildApp } from '../app.js';
import { firebaseSessions, type SessionManager } from '../auth/sessions.js';
import { firebaseStaffDirectory } from '../auth/staff-directory.js';
import type { PageRenderer } from '../pages/render.js';
import type { TokenVerifier } from '../auth/verified-user.js';
import { firebaseTokenVerifier } from '../auth/verify-token.js';
import { loadPackages } from '../catalog/packages.js';
import type { AppContext } from '../context/app-context.js';
import type { UserLimits } from '../http/limits.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { dropPostgresSchema, postgresSchemaUrl } from './postgres-schema.js';
import { missing, testDatabaseUrl } from './services.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { insertDeparture, seedDepartures } from '../departures/repository.js';

// FIREBASE_AUTH_EMULATOR_HOST, as global-setup.ts reads it: a run can use an emulator of its own
// (another port in a firebase.json of its own) beside one that something else starts and stops.
export const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
export const projectId = 'demo-travel';
process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const packages = loadPackages(join(root, 'public/packages.json'));

export { makeClientDir };

export const testCsp = { authConnect: [`http://${emulatorHost}`], authFrames: [`http://${emulatorHost}`] };

export function buildTestApp(options: {
  clientDir: string;
  db: Database;
  verifyToken?: TokenVerifier;
  rateLimitPerMinute?: number;
  trustProxy?: false | number | string;
  redis?: Redis;
  publicRateLimitPerMinute?: number;
  userLimits?: Partial<UserLimits>;
  departuresCacheSeconds?: number;
  tokenCacheSeconds?: number;
  // Fields of the app's context (server/src/context/app-context.ts) a test sets.
  bookings?: Partial<AppContext>;
  sessions?: SessionManager;
  renderer?: PageRenderer;
}) {
  return buildApp({
    clientDir: options.clientDir,
    production: true,
    logLevel: 'silent',
    csp: testCsp,
    trustProxy: options.trustProxy,
    redis: options.redis,
    sessions: options.sessions ?? firebaseSessions(projectId),
    renderer: options.renderer,
    // Tests about other things call freely from one address; public-limit.test.ts sets it low.
    publicRateLimitPerMinute: options.publicRateLimitPerMinute ?? 1_000_000,
    // The same for the per-user reads, pages and session cookies; user-limits.test.ts sets them.
    userLimits: {
      readsPerMinute: 1_000_000,
      pagesPerMinute: 1_000_000,
      sessionsPerMinute: 1_000_000,
      sessionsPerAddressPerMinute: 1_000_000,
      ...options.userLimits,
    },
    // Tests write departures straight into the table and read them back at once.
    departuresCacheSeconds: options.departuresCacheSeconds ?? 0,
    // Session cookies checked afresh each time (revocation tests); session-guard.test.ts caches.
    tokenCacheSeconds: options.tokenCacheSeconds ?? 0,
    context: {
      db: options.db,
      verifyToken: options.verifyToken ?? firebaseTokenVerifier(projectId),
      packages,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
      // Tests about other things book freely; held-seats.test.ts sets the real limit.
      maxHeldSeatsPerUser: 1_000_000,
      staffDirectory: firebaseStaffDirectory(projectId),
      ...options.bookings,
    },
  });
}

export type TestUser = { uid: string; idToken: string; email: string };

// A new account in the emulator, signed in: a real ID token for the API. Its address is verified
// unless asked otherwise, as a traveller's is once they confirm it: an unverified one gets only
// UNVERIFIED_EMAILS_PER_DAY emails, without its name (server/src/mail/outbox.ts), which tests
// about other things would trip over; the tests of that cap and of claims ask for an unverified one.
export async function createUser(
  name = 'traveller',
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const { localId, idToken } = await createEmulatorUser(emulatorHost, email, 'secret123');
  if (!verified) return { uid: localId, idToken, email };
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, emailVerified: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update failed: ${res.status} ${await res.text()}`);
  return { uid: localId, idToken: await signInUser(email), email };
}

// Signs an emulator account in again: a fresh ID token, carrying the custom claims set since.
export async function signInUser(email: string, password = 'secret123'): Promise<string> {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator signIn failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

// The emulator's admin REST call (the emulator's REST API): replaces the user's custom claims.
export async function setEmulatorClaims(uid: string, claims: Record<string, unknown>) {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify(claims) }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update failed: ${res.status} ${await res.text()}`);
}

// An operator: a new account given the claim `role: "admin"`, then signed in again so that its
// ID token carries it (a token issued before the claim was set does not).
export async function createOperator(name = 'operator'): Promise<TestUser> {
  const user = await createUser(name);
  await setEmulatorClaims(user.uid, { role: 'admin' });
  return { ...user, idToken: await signInUser(user.email) };
}

export type StoreCase = {
  name: string;
  // Why this store is not available in this run (describeEach registers its suite skipped).
  skip?: string;
  open: () => Promise<Database>;
  reopen: () => Promise<Database>;
  serverEnv: () => Promise<Record<string, string>>;
  cleanup: () => Promise<void>;
};

// One store per case, made on first use. The PostgreSQL case is always there; without
// TEST_DATABASE_URL it carries `skip` (use describeEach from ./services.js). `open` migrates and opens it; `reopen` opens the same
// data again (a restart); `serverEnv` points a server process (spawnServer) at it.
export function storeCases(): StoreCase[] {
  // The PGlite folder, like the PostgreSQL schema, is made on first use: a suite that runs only
  // one of the cases leaves nothing of the other behind.
  let dir: string | undefined;
  const pgliteDir = () => (dir ??= mkdtempSync(join(tmpdir(), 'wayfarer-pglite-')));
  const cases: StoreCase[] = [
    {
      name: 'PGlite',
      serverEnv: async () => ({ DATA_DIR: pgliteDir() }),
      // Where main.ts keeps PGlite under DATA_DIR.
      reopen: () => openDatabase({ dataDir: join(pgliteDir(), 'pglite') }),
      cleanup: async () => {
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    },
  ].map(withOpen);
  const baseUrl = testDatabaseUrl;
  if (baseUrl) {
    let url: Promise<string> | undefined;
    const schemaUrl = () => (url ??= postgresSchemaUrl(baseUrl));
    cases.push(
      withOpen({
        name: 'PostgreSQL',
        serverEnv: async () => ({ DATABASE_URL: await schemaUrl() }),
        reopen: async () => openDatabase({ url: await schemaUrl() }),
        cleanup: async () => {
          if (url) await dropPostgresSchema(await url);
        },
      }),
    );
  } else {
    const unavailable = async (): Promise<never> => {
      throw new Error(`PostgreSQL: ${missing.postgres}`);
    };
    cases.push({
      name: 'PostgreSQL',
      skip: missing.postgres,
      open: unavailable,
      reopen: unavailable,
      serverEnv: unavailable,
      cleanup: async () => {},
    });
  }
  return cases;
}

function withOpen(store: Omit<StoreCase, 'open'>): StoreCase {
  return {
    ...store,
    open: async () => {
      const db = await store.reopen();
      await migrate(db);
      // As the server does at start.
      await seedDepartures(db, [...packages.keys()], todayIso('UTC'));
      return db;
    },
  };
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

// A departure with room for any load, so a test about something else never runs out of seats.
export const roomyDeparture = async (db: Database, packageId = validBooking.packageId) =>
  (
    await insertDeparture(db, {
      packageId,
      // Any free date: one package has one departure a day at most.
      startsOn: addDays(todayIso('UTC'), 400 + Math.floor(Math.random() * 20_000)),
      capacity: 1_000_000,
    })
  ).id;

// The same, in a store no server process holds yet (PGlite allows one process at a time).
export async function roomyDepartureIn(store: StoreCase) {
  const db = await store.open();
  try {
    return await roomyDeparture(db);
  } finally {
    await db.close();
  }
}
