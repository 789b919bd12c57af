import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Overview } from '#contracts/overview';
import { formatTripDate } from '#contracts/format';
import { addDays, todayIso } from '#contracts/iso-dates';
import {
  createAccount,
  expect,
  grantOperator,
  idTokenFor,
  logIn,
  test as base,
  uniqueEmail,
} from './auth-fixtures';
import { expectAccessible } from './support/axe';

// The console opens on the season at a glance: its figures are the API's, on a desktop and on a
// phone, and the page is accessible.

// Each project works on its own package, so the two widths never touch the same schedule.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone'
    ? { id: 'kyoto-temples-and-tea', name: 'Kyoto Temples & Tea' }
    : { id: 'santorini-sunset-sail', name: 'Santorini Sunset Sail' };

type OperatorFixtures = { operator: { token: string; page: Page } };

const test = base.extend<OperatorFixtures>({
  operator: async ({ page }, use) => {
    const email = uniqueEmail('overview');
    const password = 'run-the-desk';
    const { localId } = await createAccount(email, password, 'Otto Overview');
    await grantOperator(localId);
    await page.goto('/account');
    await logIn(page, email, password);
    await expect(page).toHaveURL('/', { timeout: 15_000 });
    await use({ token: await idTokenFor(email, password), page });
  },
});

// Sign-ups, a sign-in, bookings, and axe over two open tables of every departure for six months:
// more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 180_000 });

async function travellerToken(tag: string) {
  const email = uniqueEmail(tag);
  await createAccount(email, 'wander-far', `Tess ${tag}`);
  return idTokenFor(email, 'wander-far');
}

// A date of its own 35 to 44 days ahead (its go/no-go date, 30 days before, within two weeks):
// at risk while its minimum of 6 is not reached.
async function riskyDeparture(request: APIRequestContext, token: string, packageId: string) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await request.post('/api/admin/departures', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        packageId,
        startsOn: addDays(todayIso('UTC'), 35 + Math.floor(Math.random() * 10)),
        capacity: 8,
        minTravellers: 6,
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; startsOn: string };
  }
  throw new Error('no free date for a departure');
}

async function book(
  request: APIRequestContext,
  token: string,
  packageId: string,
  departureId: string,
  travellers: number,
) {
  const res = await request.post('/api/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      packageId,
      departureId,
      travellers,
      name: 'Tess Traveller',
      email: 'tess@example.com',
      address: '1 Quay Street, Bergen',
      phone: '4755512345',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference: string };
}

test('the console opens on the overview, whose figures are the API’s', async ({
  operator,
  request,
}, info) => {
  const { page, token } = operator;
  const pkg = packageFor(info);
  const departure = await riskyDeparture(request, token, pkg.id);
  const confirmed = await book(request, await travellerToken('ov-a'), pkg.id, departure.id, 2);
  const confirm = await request.post(`/api/admin/bookings/${confirmed.id}/confirm`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(confirm.status()).toBe(200);
  await book(request, await travellerToken('ov-b'), pkg.id, departure.id, 1);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'The season at a glance' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Console' });
  await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  const api = await request.get('/api/admin/overview', { headers: { authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(200);
  const overview = (await api.json()) as Overview;
  const mine = overview.departures.find((d) => d.id === departure.id)!;
  expect(mine).toMatchObject({
    confirmed: 2,
    requested: 1,
    offered: 0,
    free: 5,
    toGuarantee: 3,
    atRisk: true,
  });

  // The date at risk, with the travellers it still needs and the days left to decide.
  const risk = page.getByRole('region', { name: 'Departures at risk' });
  const item = risk
    .getByRole('listitem')
    .filter({ hasText: `${pkg.name}, ${formatTripDate(departure.startsOn)}` });
  await expect(item).toContainText('Needs 3 more travellers (3 of 6 booked, 3 of 8 seats taken).');
  await expect(item).toContainText(`Decide by ${formatTripDate(mine.decideBy)}`);

  // Each chart: a figure with its summary, an SVG drawing, and its table behind a toggle.
  const seats = page.getByRole('figure', { name: 'Seats per departure' });
  await expect(seats.getByRole('img')).toBeVisible();
  await expect(seats).toContainText(
    `${overview.departures.length} departures from ${formatTripDate(overview.from)}`,
  );
  const toggle = seats.getByRole('button', { name: /the table$/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const row = seats
    .getByRole('row')
    .filter({ hasText: formatTripDate(departure.startsOn) })
    .filter({ hasText: pkg.name });
  await expect(row.getByRole('cell')).toHaveText([
    pkg.name,
    '2',
    '1',
    '0',
    '5',
    '8',
    '0',
    '6',
    'Yes: 3 travellers short',
  ]);

  const weeks = page.getByRole('figure', { name: 'Bookings received per week' });
  await expect(weeks.locator('svg circle')).toHaveCount(12);
  await weeks.getByRole('button', { name: 'Show the table' }).click();
  const weekRows = weeks.getByRole('row');
  await expect(weekRows).toHaveCount(13);
  // Earlier weeks are settled: exactly the API's. This week grows as other tests book.
  for (const [i, w] of overview.weeks.slice(0, -1).entries()) {
    await expect(weekRows.nth(i + 1).getByRole('cell')).toHaveText([
      w.bookings.toLocaleString('en'),
      w.travellers.toLocaleString('en'),
    ]);
  }
  const thisWeek = Number(
    (await weekRows.nth(12).getByRole('cell').first().textContent())!.replaceAll(',', ''),
  );
  expect(thisWeek).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('figure', { name: 'Waiting demand' })).toBeVisible();

  // Nothing runs off the side of a phone: the page never scrolls sideways.
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await page.screenshot({ path: info.outputPath('overview.png'), fullPage: true });
  await expectAccessible(page, '/admin, the overview with its tables open');

  // The bookings have a tab of their own; an old /admin?q= link opens them.
  await tabs.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await page.goto(`/admin?q=${confirmed.reference}`);
  await expect(page).toHaveURL(`/admin/bookings?q=${confirmed.reference}`);
  await expect(page.getByRole('table').getByRole('link', { name: confirmed.reference })).toBeVisible();
});
