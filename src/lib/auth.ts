// The one module that talks to Firebase Authentication. Everything else reads the auth state
// through useAuth() and calls the actions below.
//
// The SDK (about 30 KiB gzip) is loaded with import() only when it is needed: on the account
// page, on signed-in pages, and on public pages when a stored session exists.
import { externalStore } from '~/lib/external-store';
import type * as FirebaseAuth from 'firebase/auth';
import type { Auth, User } from 'firebase/auth';
import { authEmulatorUrl, firebaseConfig } from '~/config/env';
import { isConsoleRole, roleOf, type StaffRole } from '#contracts/roles';

export type AuthUser = {
  uid: string;
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  photoURL: string | null;
  isAnonymous: boolean;
  providerData: { providerId: string; uid: string; email: string | null; displayName: string | null }[];
};

// 'idle': the SDK has not been asked yet (a visitor with no stored session on a public page).
export type AuthState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'signed-in'; user: AuthUser }
  | { status: 'signed-out' };

type Sdk = typeof FirebaseAuth;

const authState = externalStore<AuthState>({ status: 'idle' }, { status: 'idle' });
const setState = authState.set;
let started = false;
let sdkPromise: Promise<{ sdk: Sdk; auth: Auth }> | undefined;

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    photoURL: user.photoURL,
    isAnonymous: user.isAnonymous,
    providerData: user.providerData.map((p) => ({
      providerId: p.providerId,
      uid: p.uid,
      email: p.email,
      displayName: p.displayName,
    })),
  };
}

export const sessionStorageKey = `firebase:authUser:${firebaseConfig.apiKey}:[DEFAULT]`;

export function hasStoredSession(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(sessionStorageKey) !== null;
  } catch {
    return false;
  }
}

// The signed-in user's staff role (custom claim `role`, contracts/roles.ts), read from the ID
// token's claims; `operator`: an owner or an operator (the console). Only for showing links: the
// server checks the role on every /api/admin and /api/guide call. 'unknown' until the token has
// been read.
export type OperatorRole =
  { status: 'unknown' } | { status: 'known'; uid: string; operator: boolean; role: StaffRole | null };

const operatorRole = externalStore<OperatorRole>({ status: 'unknown' }, { status: 'unknown' });
const setRole = operatorRole.set;

const knownRole = (uid: string, claims: Record<string, unknown>): OperatorRole => {
  const role = roleOf(claims.role);
  return { status: 'known', uid, operator: isConsoleRole(role), role };
};

// While the signed-up user is being signed out again (docs/product.md#accounts), the brief signed-in state
// must not reach the app, or the account page would redirect.
let holdStateChanges = false;

// The session cookie's code (~/lib/session-cookie) comes with the SDK, not with every page.
const sessionCookie = () => import('~/lib/session-cookie');

function loadSdk() {
  sdkPromise ??= (async () => {
    const [{ initializeApp, getApps }, sdk] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    // Evaluating the SDK's modules is a task of its own (20-40 ms on the main thread, on the
    // signed-in pages right after hydration); starting it here, in the same task, made one long
    // task of both. A new task lets the browser paint and answer input in between
    // (docs/decisions/016).
    await new Promise((resolve) => setTimeout(resolve, 0));
    const app = getApps()[0] ?? initializeApp(firebaseConfig);
    // No popup resolver here: with one, the SDK fetches Google's gapi script on every page
    // load. It is passed to signInWithPopup only.
    const auth = sdk.initializeAuth(app, { persistence: sdk.browserLocalPersistence });
    if (authEmulatorUrl) sdk.connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
    sdk.onAuthStateChanged(
      auth,
      (user) => {
        if (holdStateChanges) return;
        setState(user ? { status: 'signed-in', user: toAuthUser(user) } : { status: 'signed-out' });
      },
      () => setState({ status: 'signed-out' }),
    );
    // Fires on sign-in, sign-out and every token refresh, so a claim granted or revoked shows up
    // with the next token. Reading the current token's claims costs no request.
    sdk.onIdTokenChanged(auth, (user) => {
      if (!user) {
        setRole({ status: 'unknown' });
        return;
      }
      sdk.getIdTokenResult(user).then(
        (result) => {
          if (auth.currentUser?.uid === user.uid) setRole(knownRole(user.uid, result.claims));
        },
        // Offline: the role stays as it was; the console's own check reports the problem.
        () => undefined,
      );
    });
    // The server renders signed-in pages for the holder of a session cookie: it follows the user.
    void sessionCookie().then((cookie) => cookie.followUser(sdk, auth));
    return { sdk, auth };
  })();
  sdkPromise.catch(() => {
    sdkPromise = undefined;
    setState({ status: 'signed-out' });
  });
  return sdkPromise;
}

// Starts following the auth state. `force` loads the SDK even without a stored session.
export function startAuth({ force = false } = {}) {
  if (started || typeof window === 'undefined') return;
  const session = hasStoredSession();
  if (!force && !session) return;
  started = true;
  if (session) {
    setState({ status: 'loading' });
    void loadSdk();
    return;
  }
  // Without a stored session Firebase can only answer "signed out" (persistence is
  // localStorage): say so now, so the account form and the sign-in redirect need not wait for
  // the SDK.
  setState({ status: 'signed-out' });
  // Nothing to confirm, so the SDK (about 45 KiB) waits for the visitor's first interaction, or a
  // quiet moment, instead of competing with the page's first render. Every action awaits it.
  const load = () => {
    for (const type of events) document.removeEventListener(type, load, true);
    clearTimeout(timer);
    void loadSdk();
  };
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  for (const type of events) document.addEventListener(type, load, true);
  const timer = setTimeout(load, 3000);
}

export const useAuth = (): AuthState => authState.useValue();

export const useOperatorRole = (): OperatorRole => operatorRole.useValue();

// For ~/lib/auth-actions (the account page's and the console's actions, kept out of the code
// every page loads): the SDK, loaded once.
export const authSdk = loadSdk;

// For ~/lib/auth-actions: the role read from a fresh token, published if its user is still the
// signed-in one.
export function publishRole(auth: Auth, uid: string, claims: Record<string, unknown>): OperatorRole {
  const known = knownRole(uid, claims);
  if (auth.currentUser?.uid === uid) setRole(known);
  return known;
}

// For ~/lib/auth-actions: `run` signs a user in and out again (sign-up) without the app seeing
// the brief signed-in state; afterwards the app sees whoever is signed in.
export async function withStateChangesHeld(auth: Auth, run: () => Promise<void>) {
  holdStateChanges = true;
  try {
    await run();
  } finally {
    holdStateChanges = false;
    setState(
      auth.currentUser
        ? { status: 'signed-in', user: toAuthUser(auth.currentUser) }
        : { status: 'signed-out' },
    );
  }
}

export async function logOut() {
  const { sdk, auth } = await loadSdk();
  await sdk.signOut(auth);
}

// A fresh ID token for the booking API; the SDK refreshes it before it expires.
export async function getIdToken(): Promise<string | null> {
  const { auth } = await loadSdk();
  // A server-rendered page can ask before the SDK has read its stored user.
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export function authErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
