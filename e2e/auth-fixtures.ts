import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';

export const emulator = 'http://127.0.0.1:9099';
const project = 'demo-travel';
const apiKey = 'demo-api-key';

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

// Accounts made through the emulator's own REST API, not the site.
// Their address is verified unless asked otherwise, as a traveller's is once they confirm it: an
// unverified one gets at most UNVERIFIED_EMAILS_PER_DAY emails, without its name
// (server/src/mail/outbox.ts), which tests about other emails would trip over.
export async function createAccount(
  email: string,
  password: string,
  displayName?: string,
  { verified = true }: { verified?: boolean } = {},
) {
  const res = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  const account = (await res.json()) as { localId: string; idToken: string };
  if (!verified) return account;
  const update = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: account.localId, emailVerified: true }),
    },
  );
  if (!update.ok) throw new Error(`emulator accounts:update failed: ${update.status}`);
  // A token issued after the change carries email_verified.
  return { localId: account.localId, idToken: await idTokenFor(email, password) };
}

// An ID token for an account, as the site's API expects it.
export async function idTokenFor(email: string, password: string) {
  const res = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator signIn failed: ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

export async function lookupAccount(email: string) {
  const res = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const body = (await res.json()) as { users?: { email: string; displayName?: string; localId: string }[] };
  return body.users?.[0];
}

export async function setEnumerationProtection(enabled: boolean) {
  const res = await fetch(`${emulator}/emulator/v1/projects/${project}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: enabled } }),
  });
  if (!res.ok) throw new Error(`emulator config failed: ${res.status}`);
}

export async function latestResetLink(email: string) {
  const res = await fetch(`${emulator}/emulator/v1/projects/${project}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  return oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1)?.oobLink;
}

// Follows a navbar link, opening the menu first on a phone.
export async function openNavLink(page: Page, name: string) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

export async function logIn(page: Page, email: string, password: string) {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

type AuthFixtures = { account: { email: string; password: string; name: string }; signedIn: Page };

// `signedIn`: a page whose user was made through the emulator and logged in through the site.
export const test = base.extend<AuthFixtures>({
  account: async ({}, use) => {
    const account = { email: uniqueEmail('traveller'), password: 'wander-far', name: 'Tess Traveller' };
    await createAccount(account.email, account.password, account.name);
    await use(account);
  },
  signedIn: async ({ page, account }, use) => {
    await page.goto('/account');
    await logIn(page, account.email, account.password);
    await expect(
      page.getByRole('button', { name: 'Log Out' }).or(page.getByRole('button', { name: 'Menu' })),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    await use(page);
  },
});

export { expect };

// Makes an account an operator (custom claim role: "admin"), as `npm run admin -- grant` does,
// through the emulator's REST API. Tokens issued afterwards carry the claim.
export async function grantOperator(localId: string) {
  const res = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, customAttributes: JSON.stringify({ role: 'admin' }) }),
    },
  );
  if (!res.ok) throw new Error(`emulator claim update failed: ${res.status} ${await res.text()}`);
}
