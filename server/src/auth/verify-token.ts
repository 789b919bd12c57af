import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { cachedVerifier } from './token-cache.js';
import type { TokenVerifier } from './verified-user.js';

// The token was checked and refused: the caller must sign in again (401).
export class InvalidTokenError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

// The identity provider could not be asked (503): not the user's fault.
export class IdentityProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The sign-in service did not answer.', { cause });
    this.name = 'IdentityProviderUnavailableError';
  }
}

const refusedCodes = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/project-not-found',
]);

// The part of firebase-admin's Auth this module calls (tests hand in a stand-in to see the flag).
export type IdTokenChecker = Pick<Auth, 'verifyIdToken'>;

// The account's email_verified as the identity provider holds it now (TokenVerifier.emailVerifiedNow).
export async function checkEmailVerified(auth: Pick<Auth, 'getUser'>, uid: string): Promise<boolean> {
  try {
    return (await auth.getUser(uid)).emailVerified === true;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw new IdentityProviderUnavailableError(error);
  }
}

// Always with checkRevoked = true: against a real project firebase-admin otherwise only checks
// the signature and expiry, so a disabled account or one whose tokens were revoked (a demoted
// operator) keeps full access until the token expires, up to an hour. With the flag it also
// reads the account (enabled, tokensValidAfterTime). In emulator mode it reads the account
// either way, which is why only verify-token.test.ts, not the API tests, can see the flag.
export async function checkIdToken(auth: IdTokenChecker, idToken: string) {
  try {
    const decoded = await auth.verifyIdToken(idToken, true);
    return {
      uid: decoded.uid,
      email: decoded.email,
      ...(typeof decoded.name === 'string' ? { name: decoded.name } : {}),
      role: typeof decoded.role === 'string' ? decoded.role : undefined,
      emailVerified: decoded.email_verified === true,
      authTime: typeof decoded.auth_time === 'number' ? decoded.auth_time * 1000 : undefined,
      expiresAt: decoded.exp * 1000,
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (refusedCodes.has(code)) throw new InvalidTokenError(code, (error as Error).message);
    throw new IdentityProviderUnavailableError(error);
  }
}

// Default of TOKEN_CACHE_SECONDS (server/src/env.ts): how long a disabled or revoked account
// can keep working on one process.
export const defaultTokenCacheMs = 60_000;

// firebase-admin's verifyIdToken. With FIREBASE_AUTH_EMULATOR_HOST set it trusts the emulator
// (main.ts only allows that for demo-* projects, on a loopback address); otherwise it checks
// Google's signatures. Verified tokens are remembered for up to `cacheMs` (token-cache.ts); 0
// turns that off. `appName` separates firebase-admin instances (each remembers the emulator host
// it started with).
export function firebaseTokenVerifier(
  projectId: string,
  { cacheMs = defaultTokenCacheMs, appName = 'bookings-api' } = {},
): TokenVerifier {
  const app = getApps().find((a) => a.name === appName) ?? initializeApp({ projectId }, appName);
  const auth = getAuth(app);
  const verify = (idToken: string) => checkIdToken(auth, idToken);
  const verifier: TokenVerifier =
    cacheMs <= 0
      ? async (idToken) => {
          const { expiresAt: _expiresAt, ...user } = await verify(idToken);
          return user;
        }
      : cachedVerifier(verify, { maxAgeMs: cacheMs });
  verifier.emailVerifiedNow = (uid) => checkEmailVerified(auth, uid);
  return verifier;
}
