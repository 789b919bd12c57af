// Signed-in pages rendered on the server (docs/decisions/013-server-rendered-signed-in-pages.md):
// with the session cookie set after sign-in, the first HTML response of each private page holds
// its data (read from the response body: no JavaScript runs); without it the page still answers
// 200 and, with nobody signed in, ends at /account with the path remembered. The cookie reads
// pages only: a write that carries it without the ID token is refused.
import type { BrowserContext, Page } from '@playwright/test';
import { createAccount, expect, grantOperator, idTokenFor, logIn, test, uniqueEmail } from './auth-fixtures';
import { isBookable } from '#contracts/departure';
import type { Departure } from '#contracts/api';
import { auth, bookViaApi, departuresOf } from './support/booking-api';
import { holdScripts } from './support/hold-scripts';

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === '__session');

async function signInThroughSite(page: Page, email: string, password: string) {
  await page.goto('/account');
  await logIn(page, email, password);
  await expect(page).toHaveURL('/');
  // The browser exchanges its ID token for the cookie as soon as it knows its user.
  await expect.poll(() => sessionCookie(page.context())).toBeTruthy();
}

// The page's HTML as the server sends it, with the browser's cookies: no script runs.
async function firstHtml(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return res.text();
}

test('a traveller: the cookie is HttpOnly, SameSite=Lax, path /, and each private page holds its data in the first HTML', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ssr');
  const password = 'render-me';
  await createAccount(email, password, 'Sera Server');
  const token = await idTokenFor(email, password);
  // Other specs sell dates out on the same database: the first one with a seat.
  const departure = (await departuresOf(request, 'swiss-alpine-lakes')).find(isBookable);
  const booked = await bookViaApi(request, token, {
    packageId: 'swiss-alpine-lakes',
    departureId: departure!.id,
  });
  expect(booked.status).toBe(201);

  await signInThroughSite(page, email, password);
  const cookie = (await sessionCookie(page.context()))!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  expect(cookie.path).toBe('/');

  const packageHtml = await firstHtml(page, '/package/swiss-alpine-lakes');
  expect(packageHtml).toContain('role="radiogroup"');
  expect(packageHtml).toMatch(/\d+ seats? left/);
  expect(packageHtml).not.toContain('Checking your sign-in');

  const bookingsHtml = await firstHtml(page, '/bookings');
  expect(bookingsHtml).toContain(booked.body.reference);
  expect(bookingsHtml).not.toContain('Checking your sign-in');

  const checkoutHtml = await firstHtml(page, `/checkout/swiss-alpine-lakes?booking=${booked.body.id}`);
  expect(checkoutHtml).toContain(booked.body.reference);

  const travellersHtml = await firstHtml(page, `/bookings/${booked.body.id}/travellers`);
  expect(travellersHtml).toContain(booked.body.reference);
  expect(travellersHtml).toContain('<form');

  // The page the browser shows from that HTML works: it hydrates and lists the booking.
  await page.goto('/bookings');
  // .first(): the reference is also in the booking's payment panel (the transfer's reference).
  await expect(page.getByText(booked.body.reference).first()).toBeVisible();

  // The cookie alone never writes: no ID token, no booking.
  const cookieOnly = await page.request.post('/api/bookings', {
    data: {
      packageId: 'swiss-alpine-lakes',
      name: 'Sera Server',
      email,
      address: '1 Road',
      phone: '4155512345',
    },
  });
  expect(cookieOnly.status()).toBe(401);
  const cancelWithCookie = await page.request.post(`/api/bookings/${booked.body.id}/cancel`);
  expect(cancelWithCookie.status()).toBe(401);

  // Signing out clears it: the next reload of a private page is the signed-out page.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect.poll(() => sessionCookie(page.context())).toBeUndefined();
  const after = await page.request.get('/bookings');
  expect(await after.text()).not.toContain(booked.body.reference);
  // Sign-out's own call; the booking API is unaffected by it.
  expect((await request.get('/api/bookings', { headers: auth(token) })).status()).toBe(200);
});

test('an operator: the console pages hold their data in the first HTML', async ({ page, request }) => {
  const email = uniqueEmail('ssr-operator');
  const password = 'run-the-desk';
  const { localId } = await createAccount(email, password, 'Olga Operator');
  await grantOperator(localId);
  const traveller = uniqueEmail('ssr-guest');
  await createAccount(traveller, 'guest-pass', 'Gus Guest');
  const token = await idTokenFor(traveller, 'guest-pass');
  // Other specs sell dates out on the same database: the first one with a seat.
  const departure = (await departuresOf(request, 'swiss-alpine-lakes')).find(isBookable);
  const booked = await bookViaApi(request, token, {
    packageId: 'swiss-alpine-lakes',
    departureId: departure!.id,
  });
  expect(booked.status).toBe(201);

  await signInThroughSite(page, email, password);
  const list = await firstHtml(page, `/admin/bookings?q=${booked.body.reference}`);
  expect(list).toContain(booked.body.reference);
  expect(list).not.toContain('Checking your access');
  // The console's first page, the overview, comes with its figures and drawings.
  const overview = await firstHtml(page, '/admin');
  expect(overview).toContain('Seats per departure');
  expect(overview).toContain('<svg');
  const record = await firstHtml(page, `/admin/bookings/${booked.body.id}`);
  expect(record).toContain(booked.body.reference);
  const departures = await firstHtml(page, '/admin/departures?packageId=swiss-alpine-lakes');
  expect(departures).toContain(`/admin/departures/${departure!.id}`);
  const manifest = await firstHtml(page, `/admin/departures/${departure!.id}`);
  expect(manifest).toContain(booked.body.reference);

  await page.goto(`/admin/bookings/${booked.body.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(booked.body.reference) })).toBeVisible();
});

test('without the cookie each private page answers 200 and, signed out, ends at /account with the path remembered', async ({
  page,
}) => {
  for (const path of [
    '/package/swiss-alpine-lakes',
    '/bookings',
    '/bookings/00000000-0000-4000-8000-000000000000/travellers',
    '/admin',
    '/admin/bookings',
    '/admin/departures',
  ]) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain('Checking your sign-in');
  }
  await page.goto('/bookings');
  await expect(page).toHaveURL('/account');
  const email = uniqueEmail('ssr-later');
  await createAccount(email, 'later-pass', 'Lou Later');
  await logIn(page, email, 'later-pass');
  await expect(page).toHaveURL('/bookings');
  await expect(page.getByRole('heading', { name: 'My bookings' })).toBeVisible();
});

// The server-rendered forms can be typed into, and submitted, before the page hydrates
// (server/src/pages/defer-hydration.ts holds the submit): what was typed is what React sends
// (src/lib/use-typed-before-hydration.ts), not the empty state of its first render.
test('a traveller books from the server-rendered form typed into before hydration', async ({ page }) => {
  const email = uniqueEmail('ssr-early');
  await createAccount(email, 'early-pass', 'Eve Early');
  await signInThroughSite(page, email, 'early-pass');

  const release = await holdScripts(page);
  // 'domcontentloaded': the fixtures' goto would otherwise wait for hydration.
  await page.goto('/package/swiss-alpine-lakes', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Book this trip' });
  await form.getByLabel('Address').fill('7 Early Lane, Bath');
  await form.getByLabel('Phone').fill('+44 7700 900456');
  await form.getByLabel('Phone').press('Enter');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  release();
  await expect(page).toHaveURL(/\/checkout\//, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
  await expect(page.getByText('7 Early Lane, Bath')).toBeVisible();
  await expect(page.getByText('+44 7700 900456')).toBeVisible();
});

test('an operator previews a message typed into the manifest before hydration', async ({ page, request }) => {
  const email = uniqueEmail('ssr-early-operator');
  const { localId } = await createAccount(email, 'early-desk', 'Oona Early');
  await grantOperator(localId);
  const traveller = uniqueEmail('ssr-early-guest');
  await createAccount(traveller, 'guest-pass', 'Gil Guest');
  // The first bookable date that still has a seat: parallel workers book the same package, and
  // one of them may fill a date between the read and this booking (409).
  const token = await idTokenFor(traveller, 'guest-pass');
  let departure: Departure | undefined;
  for (const candidate of (await departuresOf(request, 'swiss-alpine-lakes')).filter(isBookable)) {
    const booked = await bookViaApi(request, token, {
      packageId: 'swiss-alpine-lakes',
      departureId: candidate.id,
    });
    if (booked.status === 409) continue;
    expect(booked.status).toBe(201);
    departure = candidate;
    break;
  }
  expect(departure, 'a bookable date with a seat left').toBeDefined();
  await signInThroughSite(page, email, 'early-desk');

  const release = await holdScripts(page);
  await page.goto(`/admin/departures/${departure!.id}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Typed early');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Before the page hydrated.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  release();
  await expect(page.locator('.admin-message__letter')).toContainText('Before the page hydrated.', {
    timeout: 20_000,
  });
  await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('Typed early');
  await expect(page.getByText('Write a subject.')).toHaveCount(0);
});
