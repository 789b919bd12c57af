import type { Page } from '@playwright/test';
import { createAccount, emulator, expect, idTokenFor, logIn, test, uniqueEmail } from './auth-fixtures';
import { auth, bookViaApi, departuresOf } from './support/booking-api';
import { personalLinkFor as linkFor } from './support/maildev';

// Each traveller fills in their own details: the lead invites a traveller from the details page,
// the traveller opens the link from their email (MailDev) with no account and fills in their
// details, and the lead sees them complete. Nothing of the lead's own details reaches the
// traveller's page or its API answers.

const traveller = (page: Page, n: number) =>
  page.getByRole('group', { name: new RegExp(`^Traveller ${n}\\b`) });

// The emulator's admin call: the account's address is confirmed (invitations need it).
async function confirmEmail(localId: string) {
  const res = await fetch(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-travel/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, emailVerified: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update failed: ${res.status}`);
}

test('a lead invites a traveller, who fills in their own details without an account; the lead sees them complete', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const lead = { email: uniqueEmail('lead-l36'), password: 'wander-far', name: 'Lena Lead' };
  const { localId } = await createAccount(lead.email, lead.password, lead.name);
  await confirmEmail(localId);
  const token = await idTokenFor(lead.email, lead.password);
  const packageId = info.project.name === 'phone' ? 'kyoto-temples-and-tea' : 'tromso-northern-lights';
  const departure = (await departuresOf(request, packageId)).find(
    (d) => d.seatsLeft >= 2 && d.status === 'open',
  );
  expect(departure, 'an open departure with two seats').toBeTruthy();
  const booked = await bookViaApi(request, token, { packageId, departureId: departure!.id, travellers: 2 });
  expect(booked.status).toBe(201);
  const bookingId = booked.body.id;
  // The lead's own details: none of them may reach the other traveller.
  const leadSecrets = {
    dateOfBirth: '1977-07-17',
    medical: 'Leadonly medical note',
    emergencyName: 'Leadonly Contact',
  };
  const saved = await request.put(`/api/bookings/${bookingId}/guests`, {
    headers: auth(token),
    data: {
      guests: [{ fullName: 'Otto Other', emergencyPhone: '+47 555 00 111', ...leadSecrets }, {}],
    },
  });
  expect(saved.status()).toBe(200);

  // The lead invites traveller 2 from the details page.
  await page.goto('/account');
  await logIn(page, lead.email, lead.password);
  await expect(page).toHaveURL('/', { timeout: 20_000 });
  await page.goto(`/bookings/${bookingId}/travellers`);
  const second = traveller(page, 2);
  await expect(second.getByText('Not invited')).toBeVisible({ timeout: 20_000 });
  const guestAddress = uniqueEmail('guest-l36');
  await second.getByLabel('Email for traveller 2').fill(guestAddress);
  await second.getByRole('button', { name: 'Invite' }).click();
  await expect(second.getByText(`We emailed ${guestAddress} a link`)).toBeVisible();
  await expect(second.getByText('Invited', { exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Resend' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots-l36/lead-invited-${info.project.name}.png`, fullPage: true });

  // The traveller opens the link from their email, in a browser with no account.
  let path: string | undefined;
  await expect.poll(async () => (path = await linkFor(guestAddress)), { timeout: 30_000 }).toBeTruthy();
  const guestContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await guestContext.newPage();
  const apiAnswers: string[] = [];
  guest.on('response', async (res) => {
    if (res.url().includes('/api/guest-links/')) apiAnswers.push(await res.text().catch(() => ''));
  });
  await guest.goto(path!);
  // The details are read once the page hydrates (after its first paint), on a busy machine later.
  await expect(guest.getByRole('heading', { level: 1, name: 'Your details for the trip' })).toBeVisible({
    timeout: 20_000,
  });
  // The invitation names the account's display name from sign-up, never the free text typed as
  // traveller 1's name (server/src/guest-links/lead-name.ts).
  await expect(guest.getByText('Lena Lead booked this trip for you')).toBeVisible();
  await expect(guest.getByText('Otto Other')).toHaveCount(0);
  const form = traveller(guest, 2);
  await form.getByLabel('Full name', { exact: true }).fill('Greta Guest');
  await form.getByLabel('Date of birth', { exact: true }).fill('1990-05-06');
  await form.getByLabel('Emergency contact name', { exact: true }).fill('Gustav Guest');
  await form.getByLabel('Emergency contact phone', { exact: true }).fill('+47 555 99 888');
  for (const width of [375, 1280]) {
    await guest.setViewportSize({ width, height: 900 });
    await guest.screenshot({
      path: `/tmp/shots-l36/guest-form-${width}-${info.project.name}.png`,
      fullPage: true,
    });
  }
  await guest.getByRole('button', { name: 'Save my details' }).click();
  await expect(guest.getByText('Saved. Your details are complete: thank you.')).toBeVisible();
  await expect(guest.getByText('Your details are complete', { exact: true })).toBeVisible();
  await guest.screenshot({ path: `/tmp/shots-l36/guest-saved-${info.project.name}.png`, fullPage: true });

  // Nothing of the lead's own details in the page, its HTML or its API answers.
  const html = await guest.content();
  const raw = await (await guest.request.get(path!)).text();
  for (const text of [html, raw, ...apiAnswers]) {
    for (const value of Object.values(leadSecrets)) expect(text).not.toContain(value);
    expect(text).not.toContain('555 00 111');
  }
  expect(apiAnswers.length).toBeGreaterThan(0);
  await guestContext.close();

  // The lead sees traveller 2 complete.
  await page.reload();
  await expect(traveller(page, 2).getByText('Complete', { exact: true }).first()).toBeVisible();
  await expect(traveller(page, 2).getByLabel('Full name')).toHaveValue('Greta Guest');
  await expect(page.getByText('2 of 2 travellers complete')).toBeVisible();

  // The lead invites traveller 2 again, then types someone else's name in: the link belonged to
  // Greta, so it ends (the server's side), and the form says so at once, ready to invite again,
  // with no "We emailed" or "Invited" left over from before.
  await traveller(page, 2).getByLabel('Date of birth', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(traveller(page, 2).getByText('Invited', { exact: true })).toBeVisible();
  await traveller(page, 2).getByLabel('Email for traveller 2').fill(guestAddress);
  await traveller(page, 2).getByRole('button', { name: 'Resend' }).click();
  await expect(traveller(page, 2).getByText(`We emailed ${guestAddress} a link`)).toBeVisible();
  await traveller(page, 2).getByLabel('Full name', { exact: true }).fill('Someone Else');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(/The personal link of traveller 2 has ended/)).toBeVisible();
  await expect(traveller(page, 2).getByText('Not invited', { exact: true })).toBeVisible();
  await expect(traveller(page, 2).getByText(/We emailed/)).toHaveCount(0);
  await expect(traveller(page, 2).getByRole('button', { name: 'Invite' })).toBeVisible();
  const ended = await request.get(`/api/guest-links/${path!.split('/').at(-1)}`);
  expect(ended.status()).toBe(404);
  await page.reload();
  await expect(traveller(page, 2).getByText('Not invited', { exact: true })).toBeVisible();
});

// The Spanish twin (docs/decisions/071-translation-layer.md): a companion's personal link opened
// under /es reads in Spanish, its checks and its save too, with nothing wider than the screen, and
// the lead's details page under /es says so in Spanish.
test('under /es, a companion’s personal link and the lead’s details page read in Spanish', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const lead = { email: uniqueEmail('lead-es'), password: 'wander-far', name: 'Lucía Lead' };
  const { localId } = await createAccount(lead.email, lead.password, lead.name);
  await confirmEmail(localId);
  const token = await idTokenFor(lead.email, lead.password);
  const packageId = info.project.name === 'phone' ? 'kyoto-temples-and-tea' : 'tromso-northern-lights';
  // The furthest open date: the booking forms of other tests on this package take the nearest,
  // and with this party as well the nearest has too few seats left for them.
  const departure = (await departuresOf(request, packageId))
    .filter((d) => d.seatsLeft >= 2 && d.status === 'open')
    .at(-1);
  expect(departure, 'an open departure with two seats').toBeTruthy();
  const booked = await bookViaApi(request, token, { packageId, departureId: departure!.id, travellers: 2 });
  expect(booked.status).toBe(201);
  const bookingId = booked.body.id;
  const guestAddress = uniqueEmail('guest-es');
  const invited = await request.post(`/api/bookings/${bookingId}/guests/1/invite`, {
    headers: auth(token),
    data: { email: guestAddress },
  });
  expect(invited.status(), await invited.text()).toBe(202);
  let path: string | undefined;
  await expect.poll(async () => (path = await linkFor(guestAddress)), { timeout: 30_000 }).toBeTruthy();

  const guestContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guest = await guestContext.newPage();
  await guest.goto(`/es${path!}`);
  await expect(guest.locator('html')).toHaveAttribute('lang', 'es');
  await expect(guest).toHaveTitle('Sus datos de viaje | Wayfarer Tours');
  await expect(guest.getByRole('heading', { level: 1, name: 'Sus datos para el viaje' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(guest.getByText('Lucía Lead ha reservado este viaje para usted')).toBeVisible();
  await expect(guest.getByText('Sus datos todavía no están completos')).toBeVisible();
  const form = guest.getByRole('group', { name: 'Viajero 2' });
  await form.getByLabel('Nombre completo').fill('Greta Guest');
  await form.getByLabel('Fecha de nacimiento').fill('2999-05-06');
  await guest.getByRole('button', { name: 'Guardar mis datos' }).click();
  await expect(guest.getByText('La fecha de nacimiento debe ser pasada y posterior a 1900.')).toBeVisible();
  await form.getByLabel('Fecha de nacimiento').fill('1990-05-06');
  await form.getByLabel('Nombre del contacto de emergencia').fill('Gustav Guest');
  await form.getByLabel('Teléfono del contacto de emergencia').fill('+47 555 99 888');
  await guest.getByRole('button', { name: 'Guardar mis datos' }).click();
  await expect(guest.getByText('Guardado. Sus datos están completos: gracias.')).toBeVisible();
  await expect(guest.getByText('Sus datos están completos', { exact: true })).toBeVisible();
  expect(
    await guest.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await guestContext.close();

  await page.goto('/account');
  await logIn(page, lead.email, lead.password);
  await expect(page).toHaveURL('/', { timeout: 20_000 });
  await page.goto(`/es/bookings/${bookingId}/travellers`);
  await expect(page).toHaveTitle('Datos de los viajeros | Wayfarer Tours');
  await expect(page.getByRole('heading', { level: 1, name: 'Datos de los viajeros' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('1 de 2 viajeros completos')).toBeVisible();
  const second = page.getByRole('group', { name: /^Viajero 2/ });
  await expect(second.getByText('Completo', { exact: true }).first()).toBeVisible();
  await expect(second.getByLabel('Nombre completo')).toHaveValue('Greta Guest');
  await expect(page.getByRole('button', { name: 'Guardar los datos' })).toBeVisible();
});
