import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  createAccount,
  expect,
  grantOperator,
  idTokenFor,
  logIn,
  lookupAccount,
  test as base,
  uniqueEmail,
} from './auth-fixtures';
import { expectAccessible } from './support/axe';
import { expectEmail, subjectsFor } from './support/maildev';
import { addDays, todayIso } from '#contracts/iso-dates';

type ApiBooking = { id: string; reference: string; status: string; departureId: string | null };
type ApiDeparture = { id: string; startsOn: string; status: string; capacity: number; seatsTaken?: number };

// The console must have no serious or critical axe violation (WCAG 2.x A/AA and best practices).

async function traveller(tag: string) {
  // `contact` is the Email typed in the booking form: the booking's contact, shown to staff. The
  // site's emails go to the account's own `email`, never to a typed address.
  const person = {
    email: uniqueEmail(tag),
    contact: uniqueEmail(`${tag}-contact`),
    password: 'wander-far',
    name: `Bea ${tag}`,
  };
  await createAccount(person.email, person.password, person.name);
  return { ...person, token: await idTokenFor(person.email, person.password) };
}

async function book(
  request: APIRequestContext,
  who: { token: string; name: string; contact: string },
  body: { packageId: string; departureId?: string; travellers?: number },
) {
  const res = await request.post('/api/bookings', {
    headers: { authorization: `Bearer ${who.token}` },
    data: {
      ...body,
      name: who.name,
      email: who.contact,
      address: '1 Quay Street, Bergen',
      phone: '4755512345',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiBooking;
}

// A new departure, 400 to 999 days ahead, made by an operator of its own.
async function ownDeparture(request: APIRequestContext, packageId: string) {
  const email = uniqueEmail('desk');
  const { localId } = await createAccount(email, 'run-the-desk', 'Dora Desk');
  await grantOperator(localId);
  const token = await idTokenFor(email, 'run-the-desk');
  const res = await request.post('/api/admin/departures', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      packageId,
      startsOn: addDays(todayIso('UTC'), 400 + Math.floor(Math.random() * 600)),
      capacity: 12,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function bookingAsTraveller(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/bookings/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiBooking;
}

// The navbar's Admin link, in the toggle menu on a phone.
async function adminLink(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
}

async function closeMenu(page: Page) {
  const close = page.getByRole('button', { name: 'Close' });
  if (await close.isVisible()) await close.click();
}

// Each project works on its own package, so the two widths never touch the same schedule.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone'
    ? { id: 'amazon-rainforest-expedition', name: 'Amazon Rainforest Expedition' }
    : { id: 'sahara-desert-caravan', name: 'Sahara Desert Caravan' };

type OperatorFixtures = { operator: { email: string; password: string; page: Page } };

// A page signed in as an operator whose claim was granted before signing in.
const test = base.extend<OperatorFixtures>({
  operator: async ({ page }, use) => {
    const email = uniqueEmail('operator');
    const password = 'run-the-desk';
    const { localId } = await createAccount(email, password, 'Olga Operator');
    await grantOperator(localId);
    await page.goto('/account');
    await logIn(page, email, password);
    await expect(page).toHaveURL('/');
    await use({ email, password, page });
  },
});

test.describe('operator console', () => {
  test('an operator granted while signed in confirms one booking and cancels another, found by reference', async ({
    signedIn: page,
    account,
    request,
  }) => {
    test.setTimeout(120_000);
    const bea = await traveller('booker');
    // A departure of its own, far beyond the details reminder's 30 days (DETAILS_REMINDER_DAYS):
    // on the earliest seeded one the reminder scheduler could add a "reminder sent" line to the
    // histories checked below, and other tests sell out seeded dates.
    const departureId = await ownDeparture(request, 'santorini-sunset-sail');
    const first = await book(request, bea, {
      packageId: 'santorini-sunset-sail',
      departureId,
      travellers: 2,
    });
    const second = await book(request, bea, { packageId: 'santorini-sunset-sail', departureId });

    // A traveller so far: no Admin link. The grant needs no new sign-in: the console refreshes
    // the token on entry.
    await expect(await adminLink(page)).toHaveCount(0);
    await closeMenu(page);
    await grantOperator((await lookupAccount(account.email))!.localId);
    // The console opens on the overview; the bookings are a tab away.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'The season at a glance' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(await adminLink(page)).toBeVisible();
    await closeMenu(page);

    // Find the first booking by its reference and confirm it.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(first.reference);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${first.reference}`));
    const table = page.getByRole('table', { name: /1 booking shown/ });
    await expect(table.getByRole('link', { name: first.reference })).toBeVisible();
    await expectAccessible(page, '/admin/bookings with a booking');
    await table.getByRole('button', { name: `Confirm ${first.reference}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${first.reference} confirmed` })).toBeVisible();
    await expect(table.getByText('Confirmed', { exact: true })).toBeVisible();
    expect((await bookingAsTraveller(request, bea.token, first.id)).status).toBe('confirmed');

    // The traveller is told (MailDev, where `npm start` sends mail locally).
    await expectEmail(bea.email, first.reference, `Booking ${first.reference} confirmed`);
    expect(await subjectsFor(bea.contact, first.reference)).toEqual([]);

    // The second: the reason is required; Escape closes the dialog and focus comes back.
    await search.fill(second.reference);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${second.reference}`));
    const cancel = page.getByRole('button', { name: `Cancel ${second.reference}` });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${second.reference}?` });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByLabel('Reason for cancelling');
    await expect(reason).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(reason).toHaveAccessibleDescription(/Please give a reason/);
    await expectAccessible(page, '/admin cancel dialog with an error');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    await cancel.click();
    await reason.fill('The ferry to Santorini is not running that week.');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table').getByText('Cancelled', { exact: true })).toBeVisible();
    expect((await bookingAsTraveller(request, bea.token, second.id)).status).toBe('cancelled');

    // The search is in the URL: a reload keeps it.
    await page.reload();
    await expect(search).toHaveValue(second.reference);
    await expect(page.getByRole('table').getByRole('link', { name: second.reference })).toBeVisible();

    // CSV with the current filters, fetched with the token.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfarer-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text).toContain(second.reference);
    expect(text).not.toContain(first.reference);

    // The history: who did what, from -> to, and why.
    await page.getByRole('table').getByRole('link', { name: second.reference }).click();
    await expect(page).toHaveURL(`/admin/bookings/${second.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(second.reference) })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(0)).toContainText('Booking requested');
    await expect(history.getByRole('listitem').nth(1)).toContainText('Booking cancelled');
    await expect(history.getByRole('listitem').nth(1)).toContainText(account.email);
    await expect(history.getByRole('listitem').nth(1)).toContainText(/Requested →.*Cancelled/);
    await expect(history).toContainText('The ferry to Santorini is not running that week.');
    await expectAccessible(page, '/admin/bookings/:id');

    // The confirmed one can still be cancelled from its own page.
    await page.goto(`/admin/bookings/${first.id}`);
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByLabel('Reason for cancelling').fill('Double booking: the traveller has another one.');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled');
    expect((await bookingAsTraveller(request, bea.token, first.id)).status).toBe('cancelled');
  });

  test.describe('departures', () => {
    // The 400 and the 409 asked for below: Chromium logs every refused request.
    test.use({ allowConsoleErrors: ['status of 400', 'status of 409'] });

    test('departures: add one (errors beside the fields), see it on the package page, capacity 409, close and reopen, the printable manifest', async ({
      operator,
      request,
    }, testInfo) => {
      test.setTimeout(120_000);
      const { page } = operator;
      const pkg = packageFor(testInfo);
      const operatorToken = await idTokenFor(operator.email, operator.password);
      const adminDepartures = async () => {
        const res = await request.get(`/api/admin/departures?packageId=${pkg.id}`, {
          headers: { authorization: `Bearer ${operatorToken}` },
        });
        expect(res.status()).toBe(200);
        return ((await res.json()) as { departures: ApiDeparture[] }).departures;
      };

      // A free date about two years out: far beyond the seeded schedule and other tests' bookings.
      const taken = new Set((await adminDepartures()).map((d) => d.startsOn));
      let day = new Date(Date.now() + (600 + Math.floor(Math.random() * 300)) * 86_400_000);
      const iso = (d: Date) => d.toISOString().slice(0, 10);
      while (taken.has(iso(day))) day = new Date(day.getTime() + 86_400_000);
      const startsOn = iso(day);

      await page.goto(`/admin/departures?packageId=${pkg.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Departures' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: `Departures of ${pkg.name}, earliest first` }),
      ).toBeVisible();
      await expectAccessible(page, '/admin/departures');

      const form = page.getByRole('form', { name: 'Add a departure' });
      await form.getByLabel('Date').fill('2020-01-04');
      await form.getByLabel('Capacity (seats)').fill('0');
      await form.getByRole('button', { name: 'Add departure' }).click();
      await expect(form.getByLabel('Date')).toHaveAccessibleDescription('Choose a date after today.');
      await expect(form.getByLabel('Capacity (seats)')).toHaveAccessibleDescription(
        'A departure needs at least 1 seat.',
      );
      await expect(form.getByLabel('Date')).toBeFocused();
      await expectAccessible(page, '/admin/departures with field errors');

      await form.getByLabel('Date').fill(startsOn);
      await form.getByLabel('Capacity (seats)').fill('6');
      await form.getByRole('button', { name: 'Add departure' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'added with 6 seats' })).toBeVisible();
      const added = (await adminDepartures()).find((d) => d.startsOn === startsOn)!;
      expect(added).toMatchObject({ capacity: 6, status: 'open' });
      const row = page.locator('tr').filter({ has: page.locator(`a[href="/admin/departures/${added.id}"]`) });
      await expect(row).toContainText('Open');

      // Travellers see it on the package page (GET /api/packages/{id}/departures).
      await page.goto(`/package/${pkg.id}`);
      await expect(page.getByRole('radiogroup', { name: 'Departure' })).toBeVisible();
      const more = page.getByRole('button', { name: /^Show \d+ more dates?$/ });
      if (await more.isVisible()) await more.click();
      await expect(page.locator(`input[name="departure"][value="${added.id}"]`)).toBeEnabled();

      // Three seats taken: the capacity cannot go below them.
      const bea = await traveller('party');
      const party = await book(request, bea, { packageId: pkg.id, departureId: added.id, travellers: 3 });
      await page.goto(`/admin/departures?packageId=${pkg.id}`);
      await row.getByRole('button', { name: /^Change capacity/ }).click();
      const capacity = row.getByRole('spinbutton');
      await expect(capacity).toBeFocused();
      await capacity.fill('2');
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(capacity).toHaveAccessibleDescription(
        '3 seats are already taken on this departure: the capacity cannot be lower than 3.',
      );
      await expect(capacity).toHaveValue('2');
      await capacity.fill('8');
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(row.getByRole('spinbutton')).toHaveCount(0);
      await expect(row.getByRole('button', { name: /^Change capacity/ })).toBeFocused();
      expect((await adminDepartures()).find((d) => d.id === added.id)).toMatchObject({
        capacity: 8,
        seatsTaken: 3,
      });

      // Close, then reopen: the public list follows.
      const publicStatus = async () => {
        const res = await request.get(`/api/packages/${pkg.id}/departures`);
        return ((await res.json()) as { departures: ApiDeparture[] }).departures.find(
          (d) => d.id === added.id,
        )?.status;
      };
      await row.getByRole('button', { name: /^Close/ }).click();
      // Closing stops sales: the row asks first.
      await row.getByRole('button', { name: 'Yes, close' }).click();
      await expect(row.getByRole('button', { name: /^Reopen/ })).toBeVisible();
      await expect(row).toContainText('Closed');
      expect(await publicStatus()).toBe('closed');
      await row.getByRole('button', { name: /^Reopen/ }).click();
      await expect(row.getByRole('button', { name: /^Close/ })).toBeVisible();
      expect(await publicStatus()).toBe('open');

      // The manifest: who travels, with totals, and a print view without the site around it.
      await row.locator(`a[href="/admin/departures/${added.id}"]`).click();
      await expect(page).toHaveURL(`/admin/departures/${added.id}`);
      await expect(page.getByRole('heading', { level: 1, name: pkg.name })).toBeVisible();
      const manifest = page.getByRole('table', { name: /Who travels on/ });
      const line = manifest.getByRole('row').filter({ hasText: party.reference });
      await expect(line).toContainText(bea.name);
      // The contact typed in the form, for staff.
      await expect(line).toContainText(bea.contact);
      await expect(line).toContainText('4755512345');
      await expect(manifest.getByRole('row', { name: /Totals/ })).toContainText('3');
      await expectAccessible(page, '/admin/departures/:id');

      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.navbar')).toBeHidden();
      await expect(page.locator('.footer')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(manifest).toBeVisible();
      // A4 at 12 mm margins is about 700 CSS px wide: nothing on the sheet is wider than that.
      await page.setViewportSize({ width: 700, height: 990 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);
      expect((await manifest.boundingBox())!.width).toBeLessThanOrEqual(700);
      await page.emulateMedia({ media: 'screen' });
      await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    });
  });

  test('a traveller who types /admin is told it is for staff, and no console data is asked for', async ({
    signedIn: page,
  }) => {
    // A sign-in, an axe run and two console pages: past 30 s twice in CI with two workers.
    test.setTimeout(60_000);
    const adminCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) adminCalls.push(r.url());
    });
    await page.goto('/admin');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is for Wayfarer Tours staff' }),
    ).toBeVisible();
    await expectAccessible(page, '/admin not allowed');
    await page.goto('/admin/departures');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is for Wayfarer Tours staff' }),
    ).toBeVisible();
    expect(adminCalls).toEqual([]);
    await expect(await adminLink(page)).toHaveCount(0);
    await closeMenu(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a signed-out visitor is sent to log in and comes back to the console page', async ({ page }) => {
    const email = uniqueEmail('desk');
    const { localId } = await createAccount(email, 'run-the-desk', 'Dana Desk');
    await grantOperator(localId);
    await page.goto('/admin/departures');
    await expect(page).toHaveURL('/account');
    await logIn(page, email, 'run-the-desk');
    await expect(page).toHaveURL(/\/admin\/departures(\?packageId=[a-z-]+)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Departures' })).toBeVisible();
  });

  test('a traveller browsing the site downloads none of the console’s code or its stylesheet', async ({
    signedIn: page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    for (const path of ['/', '/package/swiss-alpine-lakes', '/bookings', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // The files only the /admin routes use, from React Router's own route manifest.
    const consoleOnly = await page.evaluate(() => {
      type Route = { module: string; imports?: string[]; css?: string[] };
      const m = (
        window as unknown as {
          __reactRouterManifest: {
            entry: { module: string; imports: string[] };
            routes: Record<string, Route>;
          };
        }
      ).__reactRouterManifest;
      const files = (r: Route) => [r.module, ...(r.imports ?? []), ...(r.css ?? [])];
      const ids = Object.keys(m.routes);
      const only = new Set(
        ids.filter((id) => id.startsWith('routes/admin')).flatMap((id) => files(m.routes[id]!)),
      );
      for (const id of ids.filter((id) => !id.startsWith('routes/admin')))
        for (const f of files(m.routes[id]!)) only.delete(f);
      for (const f of [m.entry.module, ...m.entry.imports]) only.delete(f);
      return [...only];
    });
    expect(consoleOnly.length).toBeGreaterThan(4);
    expect(requested.filter((p) => consoleOnly.includes(p))).toEqual([]);
    expect(requested.filter((p) => /\/assets\/admin-[^/]*\.css$/.test(p))).toEqual([]);
  });

  test('the manifest fits the screen: long emails in its bookings and waiting list wrap inside their cards', async ({
    operator,
    request,
  }, info) => {
    const pkg = packageFor(info);
    const departureId = await ownDeparture(request, pkg.id);
    // Addresses as long as people really have, with no hyphen or space to break at.
    const unbroken = async (name: string) => {
      const email = `${name}_${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
      await createAccount(email, 'wander-far', 'Bea Long');
      const token = await idTokenFor(email, 'wander-far');
      return { email, contact: `contact_${email}`, name: 'Bea Long', token };
    };
    const full = await unbroken('maximilianevonhohenzollernsigmaringen');
    await book(request, full, { packageId: pkg.id, departureId, travellers: 12 });
    const waiting = await unbroken('bartholomewfeatherstonehaughcholmondeley');
    const joined = await request.post(`/api/departures/${departureId}/waitlist`, {
      headers: { authorization: `Bearer ${waiting.token}` },
      data: { travellers: 2 },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    const page = operator.page;
    await page.goto(`/admin/departures/${departureId}`);
    const list = page.getByRole('region', { name: 'Waiting list' });
    await expect(list).toContainText(waiting.email);
    await expect(page.getByRole('table', { name: /Who travels on/ })).toContainText(full.contact);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.screen);
    await page.screenshot({ path: test.info().outputPath('departure-manifest.png'), fullPage: true });
  });

  test('the bookings and departures tables fit their panel at every width, as cards below 1,100 px (departures: always)', async ({
    operator,
    request,
  }, info) => {
    // Two console pages at four widths, after a sign-up and a booking.
    test.setTimeout(60_000);
    const pkg = packageFor(info);
    const departureId = await ownDeparture(request, pkg.id);
    await book(request, await traveller('wide-table'), { packageId: pkg.id, departureId, travellers: 2 });

    const page = operator.page;
    for (const path of ['/admin/bookings', `/admin/departures?packageId=${pkg.id}`]) {
      await page.goto(path);
      const table = page.locator('.admin-bookings, .admin-departures');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      // The layout is the stylesheet's alone: one load, then the window resized.
      // The departures table is wider than the panel (price, guides, travellers complete): always cards.
      const cardsBelow = path.startsWith('/admin/departures') ? Infinity : 1100;
      for (const width of [800, 1000, 1100, 1240, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const fit = await table.evaluate((t) => ({
          table: Math.ceil(t.getBoundingClientRect().width),
          panel: Math.ceil(t.parentElement!.getBoundingClientRect().width),
          cards: getComputedStyle(t.querySelector('thead')!).position === 'absolute',
        }));
        expect(fit.table, `${path} at ${width} px`).toBeLessThanOrEqual(fit.panel);
        expect(fit.cards, `${path} at ${width} px as cards`).toBe(width < cardsBelow);
      }
    }
  });
});
