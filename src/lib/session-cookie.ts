// The session cookie that lets the server render signed-in pages with their data
// (docs/decisions/013-server-rendered-signed-in-pages.md). Loaded with import() by ~/lib/auth once
// the SDK knows its user, so pages without a session carry none of it.
import type * as FirebaseAuth from 'firebase/auth';

// The session cookie (HttpOnly, so the page cannot see it) is remembered here by its user and
// expiry, so it is asked for once, not on every page load. It lets the server render signed-in
// pages with their data (docs/decisions/013-server-rendered-signed-in-pages.md); it never
// authorises a write: API calls send the ID token.
const cookieRecordKey = 'wayfarer:session-cookie';
// A day short of the server's two weeks: renewed before it runs out.
const cookieRecordMs = 13 * 24 * 60 * 60 * 1000;
let exchanging: Promise<void> | undefined;
// The server makes a cookie only from a sign-in of the last few minutes
// (server/src/auth/session-routes.ts). A browser whose sign-in is older is refused once and keeps
// reading with its ID token; the refusal is remembered for that sign-in (its auth_time), so it is
// not asked again on every page until the user signs in anew.
const refusedKey = 'wayfarer:session-refused';

// The ID token's auth_time claim (when the user signed in), read without checking: only to
// recognise the sign-in the server already refused.
export function signInTimeOf(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { auth_time?: unknown };
    return typeof claims.auth_time === 'number' ? claims.auth_time : null;
  } catch {
    return null;
  }
}

const refusalOf = (uid: string, token: string) => `${uid}:${signInTimeOf(token) ?? ''}`;

export function readCookieRecord(): { uid: string; until: number } | null {
  try {
    const record = JSON.parse(localStorage.getItem(cookieRecordKey) ?? 'null') as {
      uid?: unknown;
      until?: unknown;
    } | null;
    return record && typeof record.uid === 'string' && typeof record.until === 'number'
      ? { uid: record.uid, until: record.until }
      : null;
  } catch {
    return null;
  }
}

// `idToken`: the user's current ID token, from the caller (~/lib/auth imports this module, so
// importing it back would make a circle). `force`: a page the server rendered without the user
// the browser has (the cookie expired, was revoked or never set) asks for a new one whatever is
// remembered.
export async function exchangeSessionCookie(
  uid: string,
  idToken: () => Promise<string | null>,
  force = false,
) {
  const record = readCookieRecord();
  if (!force && record?.uid === uid && record.until > Date.now()) return;
  exchanging ??= (async () => {
    try {
      const token = await idToken();
      if (!token) return;
      if (localStorage.getItem(refusedKey) === refusalOf(uid, token)) return;
      const response = await fetch('/api/session', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok) {
        localStorage.setItem(cookieRecordKey, JSON.stringify({ uid, until: Date.now() + cookieRecordMs }));
        localStorage.removeItem(refusedKey);
      } else if (response.status === 401) {
        localStorage.setItem(refusedKey, refusalOf(uid, token));
      }
    } catch {
      // Offline or refused: the pages work without the cookie, and the next load tries again.
    } finally {
      exchanging = undefined;
    }
  })();
  return exchanging;
}

// Set as soon as the user is known (a session from before the cookie included); cleared when
// nobody is signed in, so signing out clears it. A sign-out while the cookie is still being made
// (sign-up signs the new account in, then out at once) clears it once it is made: left behind, it
// was the cookie of that first sign-in, made before the account had its name, and the next login
// of the same account kept it, so signed-in pages rendered an empty Name.
export function followUser(sdk: typeof FirebaseAuth, auth: FirebaseAuth.Auth) {
  sdk.onAuthStateChanged(auth, (user) => {
    if (user) void exchangeSessionCookie(user.uid, () => user.getIdToken());
    else if (readCookieRecord() || exchanging) void clearAfterExchange();
  });
}

async function clearAfterExchange() {
  await exchanging;
  await clearSessionCookie();
}

export async function clearSessionCookie() {
  try {
    localStorage.removeItem(cookieRecordKey);
  } catch {
    // Storage blocked: nothing was remembered.
  }
  await fetch('/api/session', { method: 'DELETE', keepalive: true }).then(
    () => undefined,
    () => undefined,
  );
}
