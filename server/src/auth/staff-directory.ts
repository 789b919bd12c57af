// The accounts behind the staff: firebase-admin's Auth in production and against the Auth
// Emulator in development and tests. The custom claim `role` is the truth about a role; every
// change also revokes the account's refresh tokens, so that its ID tokens and session cookies
// (verified with checkRevoked = true: server/src/auth/verify-token.ts, sessions.ts) stop working
// within TOKEN_CACHE_SECONDS and the next sign-in carries the new role.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { roleOf, type StaffRole } from '#contracts/roles';

export type StaffAccount = {
  uid: string;
  email: string | null;
  // Whether its owner confirmed the address (a role is given only then).
  emailVerified: boolean;
  role: StaffRole | null;
  lastSignInAt: string | null;
};

export type StaffDirectory = {
  // The account that signs in with this email, or null.
  findByEmail(email: string): Promise<StaffAccount | null>;
  // The accounts of these uids that exist, in no particular order.
  getAccounts(uids: string[]): Promise<StaffAccount[]>;
  // Sets (or, with null, removes) the role claim, keeping the account's other claims, then
  // revokes its refresh tokens.
  setRole(uid: string, role: StaffRole | null): Promise<void>;
};

const toAccount = (user: UserRecord): StaffAccount => ({
  uid: user.uid,
  email: user.email ?? null,
  emailVerified: user.emailVerified === true,
  role: roleOf(user.customClaims?.role),
  lastSignInAt: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
});

// Claims with the role replaced: `null` removes the claims altogether when nothing else is left
// (an empty object would be stored as one).
export function claimsWithRole(claims: Record<string, unknown> | undefined, role: StaffRole | null) {
  const { role: _old, ...others } = claims ?? {};
  const next = role ? { ...others, role } : others;
  return Object.keys(next).length > 0 ? next : null;
}

export function staffDirectoryFrom(
  auth: Pick<Auth, 'getUserByEmail' | 'getUsers' | 'getUser' | 'setCustomUserClaims' | 'revokeRefreshTokens'>,
): StaffDirectory {
  return {
    async findByEmail(email) {
      try {
        return toAccount(await auth.getUserByEmail(email));
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null;
        throw error;
      }
    },
    async getAccounts(uids) {
      const out: StaffAccount[] = [];
      // getUsers takes at most 100 identifiers a call.
      for (let i = 0; i < uids.length; i += 100) {
        const { users } = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
        out.push(...users.map(toAccount));
      }
      return out;
    },
    async setRole(uid, role) {
      const user = await auth.getUser(uid);
      await auth.setCustomUserClaims(uid, claimsWithRole(user.customClaims, role));
      await auth.revokeRefreshTokens(uid);
    },
  };
}

export function firebaseStaffDirectory(projectId: string, { appName = 'bookings-api' } = {}): StaffDirectory {
  const app = getApps().find((a) => a.name === appName) ?? initializeApp({ projectId }, appName);
  return staffDirectoryFrom(getAuth(app));
}
