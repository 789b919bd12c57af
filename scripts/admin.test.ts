// @vitest-environment node
// `npm run admin -- grant|revoke <email>` as a process (tsx), against the Auth Emulator that
// Vitest's global setup runs: the claim lands in the user's next token, and the console opens.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import {
  projectId,
  buildTestApp,
  createUser,
  emulatorHost,
  makeClientDir,
  setEmulatorClaims,
  signInUser,
  storeCases,
} from '../server/src/test/fixtures';

const root = fileURLToPath(new URL('..', import.meta.url));

// firebase-admin against the same emulator, as the server checks tokens.
const revocationCheck = () =>
  getAuth(
    getApps().find((a) => a.name === 'admin-cli-test') ?? initializeApp({ projectId }, 'admin-cli-test'),
  );

type Run = { code: number | null; stdout: string; stderr: string };

// The child's environment: the emulator, and none of the caller's Firebase project settings.
function runAdmin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !k.startsWith('VITE_FIREBASE_') && k !== 'GCLOUD_PROJECT' && k !== 'FIREBASE_AUTH_EMULATOR_HOST',
    ),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...base, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

// Each case starts a process (tsx, firebase-admin): seconds apiece on a loaded machine.
describe('npm run admin', { timeout: 90_000 }, () => {
  it('grant: the next token carries role owner, other claims are kept, older tokens are revoked; revoke clears the role only', async () => {
    const user = await createUser('staff');
    await setEmulatorClaims(user.uid, { tier: 'gold' });
    // Revocation and a token's auth_time are counted in whole seconds.
    await new Promise((r) => setTimeout(r, 1_100));

    const grant = await runAdmin(['grant', user.email]);
    expect(grant.stderr).toBe('');
    expect(grant.stdout.trim()).toBe(`${user.email} is now an owner. They sign in again to carry the role.`);
    expect(grant.code).toBe(0);
    // The token from before the grant is refused by a check for revocation (server/src/auth).
    await expect(revocationCheck().verifyIdToken(user.idToken, true)).rejects.toMatchObject({
      code: 'auth/id-token-revoked',
    });
    expect(claimsOf(await signInUser(user.email))).toMatchObject({ role: 'owner', tier: 'gold' });

    const again = await runAdmin(['grant', user.email.toUpperCase()]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(`${user.email} is already an owner. Nothing changed.`);

    const revoke = await runAdmin(['revoke', user.email]);
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toMatch(
      new RegExp(`^${user.email.replace(/[.]/g, '\\.')} is no longer an owner\\.`),
    );
    const after = claimsOf(await signInUser(user.email));
    expect(after.role).toBeUndefined();
    expect(after.tier).toBe('gold');

    const twice = await runAdmin(['revoke', user.email]);
    expect(twice.code).toBe(0);
    expect(twice.stdout.trim()).toBe(`${user.email} has no staff role. Nothing changed.`);
  });

  it('a granted user’s fresh token opens the console; a revoked one’s is refused', async () => {
    const [store] = storeCases();
    const db = await store!.open();
    const clientDir = makeClientDir();
    const app = await buildTestApp({ clientDir, db });
    try {
      const user = await createUser('newstaff');
      const openConsole = (idToken: string) =>
        app.inject({ url: '/api/admin/bookings', headers: { authorization: `Bearer ${idToken}` } });
      expect((await openConsole(user.idToken)).statusCode).toBe(403);
      expect((await runAdmin(['grant', user.email])).code).toBe(0);
      expect((await openConsole(await signInUser(user.email))).statusCode).toBe(200);
      expect((await runAdmin(['revoke', user.email])).code).toBe(0);
      expect((await openConsole(await signInUser(user.email))).statusCode).toBe(403);
    } finally {
      await app.close();
      await db.close();
      await store!.cleanup();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('with DATABASE_URL, grant and revoke keep the team’s index and its trail in step with the claim', async (context) => {
    const store = storeCases()[1]!;
    if (store.skip) return context.skip(store.skip);
    const db = await store.open();
    try {
      const { DATABASE_URL } = await store.serverEnv();
      const user = await createUser('indexed');
      expect((await runAdmin(['grant', user.email], { DATABASE_URL: DATABASE_URL! })).code).toBe(0);
      const index = () => db.query('SELECT uid, role FROM staff WHERE uid = $1', [user.uid]);
      expect((await index()).rows).toEqual([{ uid: user.uid, role: 'owner' }]);
      const revoke = await runAdmin(['revoke', user.email], { DATABASE_URL: DATABASE_URL! });
      expect(revoke.stderr).toBe('');
      expect(revoke.code).toBe(0);
      expect((await index()).rows).toEqual([]);
      const { rows } = await db.query(
        'SELECT actor, from_role, to_role FROM staff_events WHERE staff_uid = $1 ORDER BY id',
        [user.uid],
      );
      expect(rows).toEqual([
        { actor: 'npm run admin', from_role: null, to_role: 'owner' },
        { actor: 'npm run admin', from_role: 'owner', to_role: null },
      ]);
    } finally {
      await db.close();
      await store.cleanup();
    }
  });

  it('an unknown email is an error with exit code 1', async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await runAdmin(['grant', email]);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim()).toBe(
      `No account signs in with ${email} in the Auth Emulator at ${emulatorHost}. They must sign up on the site first.`,
    );
  });

  it.each([
    ['no arguments', []],
    ['an unknown command', ['promote', 'a@example.com']],
    ['no email', ['grant']],
    ['too many arguments', ['grant', 'a@example.com', 'b@example.com']],
  ])('prints the usage with exit code 2 for %s', async (_label, args) => {
    const res = await runAdmin(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^Usage: npm run admin -- <grant\|revoke> <email>/);
  });

  it('refuses something that is not an email', async () => {
    const res = await runAdmin(['grant', 'alice']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^"alice" is not an email address\./);
  });

  it('says so when the Auth Emulator is not running', async () => {
    const res = await runAdmin(['grant', 'alice@example.com'], {
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /^The Firebase Auth Emulator is not running at http:\/\/127\.0\.0\.1:9\. Start the site with "npm start"/,
    );
  });

  it('refuses the emulator beside a real Firebase project', async () => {
    const res = await runAdmin(['grant', 'alice@example.com'], {
      VITE_FIREBASE_API_KEY: 'AIza-test',
      VITE_FIREBASE_AUTH_DOMAIN: 'real-project.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'real-project',
      VITE_FIREBASE_APP_ID: '1:1:web:1',
    });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      'FIREBASE_AUTH_EMULATOR_HOST is set while the real Firebase project "real-project" is configured: unset one of them.',
    );
  });
});
