// `npm run admin -- grant <email>` / `revoke <email>`: makes an account an owner (the Firebase
// custom claim role: "owner", contracts/roles.ts), the first of the team, who then manages the
// others from the console's staff screen; or takes any role away. Both revoke the account's
// tokens, so the old role ends everywhere within TOKEN_CACHE_SECONDS. Against the Auth Emulator unless a
// real Firebase project is configured, decided as `npm start` and the server decide it.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { roleOf, type StaffRole } from '#contracts/roles';
import { noteStaffRole } from '../server/src/admin/staff';
import { openDatabase } from '../server/src/db/database';
import { parsePublicEnv, usesRealFirebase } from '#contracts/public-env';
import { answers, emulatorProject } from './auth-emulator';

export const usage = `Usage: npm run admin -- <grant|revoke> <email>

  grant <email>    make the account that signs in with this email an owner
  revoke <email>   take its role away (owner, operator or guide): a traveller again

The account must exist (signed up on the site). Its other custom claims are kept. Its sessions
are ended (refresh tokens revoked): the old role stops working within a minute, and the user
signs in again to carry the new one. Owners manage everyone else at /admin/staff.
With DATABASE_URL set, the team's index in that database is changed with the claim.
Locally this talks to the Firebase Auth Emulator, which "npm start" runs; with a real Firebase
project configured (VITE_FIREBASE_*), to that project with the service account in
GOOGLE_APPLICATION_CREDENTIALS.`;

// A failure the user can act on: its message is printed as it is.
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const errorCode = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

function readArgs(args: string[]): { command: 'grant' | 'revoke'; email: string } {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || email === undefined || rest.length > 0) {
    throw new CliError(usage, 2);
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new CliError(`"${email}" is not an email address.\n\n${usage}`, 2);
  }
  return { command, email: email.toLowerCase() };
}

// The same rules as server/src/main.ts: the emulator for demo-* projects only, never beside a
// real project.
async function connect(env: NodeJS.ProcessEnv): Promise<{ app: App; target: string }> {
  let publicEnv;
  try {
    publicEnv = parsePublicEnv(env);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  if (usesRealFirebase(publicEnv)) {
    const projectId = publicEnv.VITE_FIREBASE_PROJECT_ID!;
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new CliError(
        `FIREBASE_AUTH_EMULATOR_HOST is set while the real Firebase project "${projectId}" is configured: unset one of them.`,
      );
    }
    return { app: initializeApp({ projectId }, 'admin-cli'), target: `Firebase project ${projectId}` };
  }
  const host = env.FIREBASE_AUTH_EMULATOR_HOST || publicEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST;
  const projectId = env.GCLOUD_PROJECT || emulatorProject;
  if (!projectId.startsWith('demo-')) {
    throw new CliError(`The Auth Emulator is only used for demo-* projects, not "${projectId}".`);
  }
  if (!(await answers(`http://${host}/`))) {
    throw new CliError(
      `The Firebase Auth Emulator is not running at http://${host}. Start the site with "npm start" ` +
        '(it runs the emulator; accounts live there only while it runs), sign up, then run this again.',
    );
  }
  // firebase-admin talks to the emulator when this is set when its Auth is created.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return { app: initializeApp({ projectId }, 'admin-cli'), target: `the Auth Emulator at ${host}` };
}

async function findUser(auth: Auth, email: string, target: string): Promise<UserRecord> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') {
      throw new CliError(
        `No account signs in with ${email} in ${target}. They must sign up on the site first.`,
      );
    }
    if (errorCode(error) === 'auth/invalid-email')
      throw new CliError(`"${email}" is not an email address.`, 2);
    throw error;
  }
}

// The staff index (server/src/admin/staff.ts) kept in step with the claim, in one transaction
// with its trail row, the claim set inside it (if Firebase fails, nothing is stored): with
// DATABASE_URL, the PostgreSQL every server process shares. PGlite belongs to the one server
// process that has it open; there the index is put right by the server itself (the last-owner
// rule and guide assignment read the claims, the Team screen reconciles).
async function withIndex(
  env: NodeJS.ProcessEnv,
  change: { uid: string; email: string; from: StaffRole | null; to: StaffRole | null },
  setClaim: () => Promise<void>,
) {
  if (!env.DATABASE_URL) return setClaim();
  const db = await openDatabase({ url: env.DATABASE_URL, poolSize: 1 });
  try {
    await db.transaction(async (tx) => {
      await noteStaffRole(tx, change.uid, change.email, change.to);
      await tx.query(
        'INSERT INTO staff_events (actor, staff_uid, from_role, to_role) VALUES ($1, $2, $3, $4)',
        ['npm run admin', change.uid, change.from, change.to],
      );
      await setClaim();
    });
  } finally {
    await db.close();
  }
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { command, email } = readArgs(args);
  const { app, target } = await connect(env);
  try {
    const auth = getAuth(app);
    const user = await findUser(auth, email, target);
    const claims: Record<string, unknown> = { ...user.customClaims };
    const role = roleOf(claims.role);
    if (command === 'grant') {
      // The claim of the first release ("admin") already reads as an owner: it is rewritten.
      if (claims.role === 'owner') return `${email} is already an owner. Nothing changed.`;
      await withIndex(env, { uid: user.uid, email, from: role, to: 'owner' }, async () => {
        await auth.setCustomUserClaims(user.uid, { ...claims, role: 'owner' });
        await auth.revokeRefreshTokens(user.uid);
      });
      return `${email} is now an owner. They sign in again to carry the role.`;
    }
    if (role === null) return `${email} has no staff role. Nothing changed.`;
    const { role: _role, ...others } = claims;
    await withIndex(env, { uid: user.uid, email, from: role, to: null }, async () => {
      // null removes the claims altogether; an empty object would be stored as one.
      await auth.setCustomUserClaims(user.uid, Object.keys(others).length > 0 ? others : null);
      // Revoked: their ID tokens and session cookies stop within TOKEN_CACHE_SECONDS, not the hour.
      await auth.revokeRefreshTokens(user.uid);
    });
    return `${email} is no longer ${role === 'owner' || role === 'operator' ? 'an' : 'a'} ${role}. Their sessions have been ended.`;
  } finally {
    await deleteApp(app);
  }
}

try {
  console.log(await run(process.argv.slice(2), process.env));
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message);
    process.exitCode = error.exitCode;
  } else {
    const code = errorCode(error);
    // With a real project, firebase-admin needs a service account (Application Default Credentials).
    const hint =
      code === 'app/invalid-credential'
        ? '\nSet GOOGLE_APPLICATION_CREDENTIALS to the key file of a service account of the project.'
        : '';
    console.error(`Could not change the role${code ? ` (${code})` : ''}: ${(error as Error).message}${hint}`);
    process.exitCode = 1;
  }
}
