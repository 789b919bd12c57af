import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { VerifiedUser } from './verified-user.js';
import { IdentityProviderUnavailableError, InvalidTokenError } from './verify-token.js';

// The Firebase session cookie that lets the server render a signed-in page with its user's data
// (docs/decisions/013-server-rendered-signed-in-pages.md). It only ever authorises reading pages:
// every API write still needs the Bearer ID token.
export const sessionCookieName = '__session';
// Firebase's longest session cookie: two weeks.
export const sessionMaxAgeMs = 14 * 24 * 60 * 60 * 1000;

export type SessionUser = VerifiedUser & { name?: string };

export type SessionManager = {
  // Exchanges a valid ID token for a session cookie value.
  create(idToken: string): Promise<string>;
  // The cookie's user; InvalidTokenError when it is forged, expired or revoked (or the account is
  // disabled), IdentityProviderUnavailableError when the provider cannot be asked.
  verify(cookie: string): Promise<SessionUser>;
};

const refusedCodes = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/invalid-session-cookie-duration',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/project-not-found',
]);

const translate = (error: unknown): never => {
  const code = (error as { code?: string }).code ?? '';
  if (refusedCodes.has(code)) throw new InvalidTokenError(code, (error as Error).message);
  throw new IdentityProviderUnavailableError(error);
};

// `auth` is firebase-admin's Auth (tests pass a stand-in to see the revocation flag).
export function sessionsFrom(
  auth: Pick<Auth, 'createSessionCookie' | 'verifySessionCookie'>,
): SessionManager {
  return {
    create: (idToken) => auth.createSessionCookie(idToken, { expiresIn: sessionMaxAgeMs }).catch(translate),
    async verify(cookie) {
      // `true`: a cookie whose user signed out everywhere (revoked refresh tokens), was disabled or
      // deleted is refused at once, not when it expires. Costs one lookup of the user per page.
      const decoded = await auth.verifySessionCookie(cookie, true).catch(translate);
      return {
        uid: decoded.uid,
        email: decoded.email,
        name: typeof decoded.name === 'string' ? decoded.name : undefined,
        role: typeof decoded.role === 'string' ? decoded.role : undefined,
        emailVerified: decoded.email_verified === true,
      };
    },
  };
}

// firebase-admin for the project; in emulator mode (FIREBASE_AUTH_EMULATOR_HOST, demo-* projects
// only: main.ts) the emulator makes and checks the cookies.
export function firebaseSessions(projectId: string, { appName = 'bookings-api' } = {}): SessionManager {
  const app = getApps().find((a) => a.name === appName) ?? initializeApp({ projectId }, appName);
  return sessionsFrom(getAuth(app));
}
