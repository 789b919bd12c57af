// Signed-in pages for `npm run bench`: accounts made through the Auth Emulator's REST API,
// bookings made through the site's own API, and the stored session that the Firebase SDK reads
// at page load (localStorage `firebase:authUser:<apiKey>:[DEFAULT]`) written into the Chrome
// profile Lighthouse uses. Lighthouse's storage reset clears caches, service workers and
// Cache Storage between runs, not localStorage, so every run starts as a returning, signed-in
// visitor with a cold HTTP cache.
import { chromium } from '@playwright/test';

const apiKey = 'demo-api-key'; // src/config/env.ts: the emulator's demo project
const project = 'demo-travel';

export type SignedIn = {
  localId: string;
  email: string;
  displayName?: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
};

async function emulatorCall<T>(emulator: string, path: string, body: unknown, owner = false): Promise<T> {
  const res = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(owner ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth Emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function createAccount(emulator: string, email: string, password: string, displayName: string) {
  await emulatorCall(emulator, `accounts:signUp?key=${apiKey}`, {
    email,
    password,
    displayName,
    returnSecureToken: true,
  });
  return signIn(emulator, email, password);
}

export function signIn(emulator: string, email: string, password: string) {
  return emulatorCall<SignedIn>(emulator, `accounts:signInWithPassword?key=${apiKey}`, {
    email,
    password,
    returnSecureToken: true,
  });
}

// The operator claim, as `npm run admin -- grant` sets it; tokens issued afterwards carry it.
export async function grantOperator(emulator: string, localId: string) {
  await emulatorCall(
    emulator,
    `projects/${project}/accounts:update`,
    { localId, customAttributes: JSON.stringify({ role: 'admin' }) },
    true,
  );
}

export const sessionKey = `firebase:authUser:${apiKey}:[DEFAULT]`;

// What the SDK itself stores for a user signed in with a password (UserImpl.toJSON()).
export function storedSession(user: SignedIn) {
  return JSON.stringify({
    uid: user.localId,
    email: user.email,
    emailVerified: false,
    displayName: user.displayName || undefined,
    isAnonymous: false,
    providerData: [
      {
        providerId: 'password',
        uid: user.email,
        displayName: user.displayName ?? null,
        email: user.email,
        phoneNumber: null,
        photoURL: null,
      },
    ],
    stsTokenManager: {
      refreshToken: user.refreshToken,
      accessToken: user.idToken,
      expirationTime: Date.now() + Number(user.expiresIn) * 1000,
    },
    apiKey,
    appName: '[DEFAULT]',
  });
}

export type BookingMade = { id: string; reference: string; packageId: string; departureId: string };

export async function book(
  origin: string,
  user: SignedIn,
  body: { packageId: string; travellers: number },
): Promise<BookingMade> {
  const res = await fetch(`${origin}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
    body: JSON.stringify({
      ...body,
      name: user.displayName ?? 'Bench Traveller',
      email: user.email,
      address: '1 Bench Street, Lucerne',
      phone: '41791234567',
    }),
  });
  if (res.status !== 201) throw new Error(`POST /api/bookings: ${res.status} ${await res.text()}`);
  return (await res.json()) as BookingMade;
}

// Puts `session` (or no session) into the Chrome profile for `origin`, then opens `path` once and
// waits for `ready`, so a bench never measures a page that bounced to /account or failed. The
// CDP connection is closed again before Lighthouse runs: nothing of it stays in the measured tab.
export async function prepareSession(options: {
  chromePort: number;
  origin: string;
  session: string | null;
  path: string;
  ready: string; // a CSS or text= selector that only the signed-in page shows
}) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${options.chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chrome has no default browser context.');
    const page = await context.newPage();
    try {
      // The session cookie is the previous user's (or a visitor has none): the site sets this
      // user's as soon as its SDK knows the user (src/lib/auth.ts).
      await context.clearCookies();
      await page.goto(`${options.origin}/robots.txt`);
      await page.evaluate(
        ([key, value]) => {
          localStorage.removeItem('wayfarer:session-cookie');
          if (value === null) localStorage.removeItem(key!);
          else localStorage.setItem(key!, value);
        },
        [sessionKey, options.session] as const,
      );
      await page.goto(`${options.origin}${options.path}`);
      await page.locator(options.ready).first().waitFor({ timeout: 60_000 });
      const url = new URL(page.url());
      const landed = url.pathname + url.search;
      if (landed !== options.path)
        throw new Error(`${options.path} went to ${landed}: the session was not accepted.`);
      // Signed in: measured with the session cookie, so the server renders the page's data.
      for (let i = 0; options.session && i < 100; i++) {
        if ((await context.cookies(options.origin)).some((c) => c.name === '__session')) break;
        if (i === 99) throw new Error(`${options.path}: the site set no session cookie.`);
        await page.waitForTimeout(100);
      }
    } finally {
      await page.close();
    }
  } finally {
    // For a browser reached over CDP this only disconnects; Chrome keeps running.
    await browser.close();
  }
}
