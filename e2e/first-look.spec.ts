// What a new traveller and a new operator tripped over on a first look (phones, terms, the login
// page's reason, the home page's dates, the thank-you page, the CSV, the console's confirmations,
// the phone menu, a half-filled form), each at both widths.
import type { Page, TestInfo } from '@playwright/test';
import {
  createAccount,
  expect,
  grantOperator,
  logIn,
  lookupAccount,
  test,
  uniqueEmail,
} from './auth-fixtures';
import { holdScripts, hydrated } from './support/hold-scripts';
import { mailDev } from './support/maildev';

// Each width books its own package, so the two projects never share a schedule.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone'
    ? { id: 'tromso-northern-lights', name: 'Tromsø Northern Lights' }
    : { id: 'kyoto-temples-and-tea', name: 'Kyoto Temples & Tea' };

const form = (page: Page) => page.getByRole('form', { name: 'Book this trip' });

// The menu toggle exists on narrow screens only: the desktop project narrows its window for the
// menu's tests, so both projects run them.
const narrow = async (page: Page, info: TestInfo) => {
  if (info.project.name !== 'phone') await page.setViewportSize({ width: 390, height: 844 });
};

// RFC 4180, as a spreadsheet reads it: quoted cells, doubled quotes, CRLF rows.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

// What a spreadsheet shows for a cell: ="…" is a formula whose value is the text inside.
const shown = (cell: string) => /^="(.*)"$/.exec(cell)?.[1] ?? cell;

async function bookThroughForm(page: Page, pkg: { id: string }, phone: string) {
  await page.goto(`/package/${pkg.id}`);
  await form(page).getByLabel('Address').fill('4 Canal Walk, Leeds');
  await form(page).getByLabel('Phone').fill(phone);
  await form(page).getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toBeVisible();
  const reference = (await page.locator('.summary__ref').textContent())!.trim();
  return reference;
}

test.describe('first look', () => {
  test('phones as people write them, booked through the form, come back out of the CSV as typed', async ({
    signedIn: page,
    account,
  }, info) => {
    test.setTimeout(120_000);
    const pkg = packageFor(info);
    // A telephone field: the keypad on phones, nothing a wheel or an arrow key can change.
    await page.goto(`/package/${pkg.id}`);
    const phoneField = form(page).getByLabel('Phone');
    await expect(phoneField).toHaveAttribute('type', 'tel');
    await expect(phoneField).toHaveAttribute('inputmode', 'tel');
    await phoneField.fill('+44 7700 9001');
    await phoneField.press('ArrowUp');
    await expect(phoneField).toHaveValue('+44 7700 9001');

    // A clear message for what is not a phone number.
    await phoneField.fill('call me maybe');
    await form(page).getByRole('button', { name: 'Book Now' }).click();
    await expect(phoneField).toHaveAccessibleDescription(/Use digits, spaces and \+ \( \) - \. only/);

    const uk = await bookThroughForm(page, pkg, '+44 7700 900123');
    await expect(page.locator('.summary')).toContainText('+44 7700 900123');
    const us = await bookThroughForm(page, pkg, '(415) 555-0142');
    await expect(page.locator('.summary')).toContainText('(415) 555-0142');

    // The operator's CSV (the console refreshes the token on entry, so the grant needs no new login).
    await grantOperator((await lookupAccount(account.email))!.localId);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(account.email)}`);
    await expect(page.getByRole('table').getByRole('link', { name: uk })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    const bytes = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]);
    // UTF-8 with a byte-order mark.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    const col = (name: string) => header!.indexOf(name);
    const byReference = new Map(rows.map((r) => [shown(r[col('Reference')]!), r]));
    expect(shown(byReference.get(uk)![col('Phone')]!)).toBe('+44 7700 900123');
    expect(shown(byReference.get(us)![col('Phone')]!)).toBe('(415) 555-0142');
    // Dates as ISO, the moment as a spreadsheet's date and time.
    expect(byReference.get(uk)![col('Departure')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byReference.get(uk)![col('Booked at (UTC)')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  test('the terms beside Book Now, on the thank-you page and in the received email', async ({
    signedIn: page,
    account,
  }, info) => {
    test.setTimeout(60_000);
    const pkg = packageFor(info);
    await page.goto(`/package/${pkg.id}`);
    const terms = form(page).getByRole('region', { name: 'Booking terms' });
    // Contract v5: the package's payment terms before Purchase.
    await expect(terms).toContainText('Deposit: 20% of the total, due within 7 days of booking.');
    await expect(terms).toContainText('Balance: due 60 days before the departure');
    await expect(terms).toContainText(
      'If you cancel, we keep the larger of the deposit and 50% of the total fewer than 60 days before',
    );
    await expect(terms).toContainText('Cancel online, from My bookings, until 14 days before the departure');
    await expect(terms.getByRole('link', { name: '+1 (415) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+14155550142',
    );

    const reference = await bookThroughForm(page, pkg, '020 7946 0000');
    await expect(page.getByRole('region', { name: 'Booking terms' })).toContainText(
      'until 14 days before the departure',
    );
    // What is due, by when, and how to pay with the reference.
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Deposit due');
    await expect(payment).toContainText(`Your reference: ${reference}`);

    // The "received" email says the same.
    await expect
      .poll(
        async () => {
          const emails = (await (await fetch(`${mailDev}/api/email`)).json()) as {
            subject: string;
            text?: string;
            to: { address: string }[];
          }[];
          const mine = emails.find(
            (e) =>
              e.to.some((t) => t.address === account.email) && e.subject.includes(`${reference} received`),
          );
          return mine?.text?.replace(/\s+/g, ' ') ?? '';
        },
        { timeout: 20_000 },
      )
      .toMatch(
        /Deposit due.*How to pay: .*Your reference: WT-[0-9A-Z]{8}\..*until 14 days before the departure\. After that, call us on \+1 \(415\) 555-0142/,
      );
  });

  test('a visitor sent to log in from a package is told what they were booking', async ({ page }, info) => {
    const pkg = packageFor(info);
    await page.goto(`/package/${pkg.id}`);
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('status').filter({ hasText: 'Log in or sign up to book' })).toHaveText(
      `Log in or sign up to book ${pkg.name}`,
    );
    // Straight to /account, there is no such note.
    await page.goto('/');
    await page.goto('/account');
    await expect(page.getByText('Log in or sign up to book')).toHaveCount(0);
  });

  test('each package card on the home page names its next open dates, without moving anything', async ({
    page,
  }) => {
    await page.goto('/');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Swiss Alpine Lakes' }) });
    await expect(card.getByText('Next departures')).toBeVisible();
    const before = await card.boundingBox();
    const dates = card.getByRole('listitem');
    await expect(dates.first()).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(dates).toHaveCount(2);
    // The space was kept: the card is as tall as before the dates came.
    expect((await card.boundingBox())!.height).toBeCloseTo(before!.height, 0);
  });

  test('the console says what it did, in a status message', async ({ page }, info) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('desk');
    const { localId } = await createAccount(email, 'run-the-desk', 'Dora Desk');
    await grantOperator(localId);
    await page.goto('/account');
    await logIn(page, email, 'run-the-desk');
    await expect(page).toHaveURL('/');
    const pkg = info.project.name === 'phone' ? 'santorini-sunset-sail' : 'swiss-alpine-lakes';
    await page.goto(`/admin/departures?packageId=${pkg}`);
    // A date of its own, far enough out not to collide with the seeded schedule.
    const day = new Date(Date.now() + (400 + Math.floor(Math.random() * 300)) * 86_400_000);
    const iso = day.toISOString().slice(0, 10);
    await page.getByLabel('Date').fill(iso);
    await page.getByLabel('Capacity (seats)').fill('9');
    await page.getByRole('button', { name: 'Add departure' }).click();
    const status = page.getByRole('status').filter({ hasText: 'added with 9 seats' });
    await expect(status).toBeVisible();
    await expect(status).toBeInViewport();
  });

  test('the phone menu keeps focus inside while open; Escape closes it and returns focus', async ({
    page,
  }, info) => {
    await narrow(page, info);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    const inside = async () =>
      page.evaluate(() => {
        const nav = document.querySelector('nav[aria-label="Main"]');
        return Boolean(nav && document.activeElement && nav.contains(document.activeElement));
      });
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('button', { name: 'Menu' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Blogs' })).toBeHidden();
  });

  // A visitor's page runs the menu without React (src/components/layout/menu-island.ts); a press
  // made before that script has arrived is held and replayed to it.
  test('a press on Menu before its script runs opens the menu once it does', async ({ page }, info) => {
    await narrow(page, info);
    const release = await holdScripts(page);
    // 'domcontentloaded': the fixtures' goto would otherwise wait for the page's script.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('html[data-islands]')).toHaveCount(0);

    release();
    await expect(page.locator('html[data-islands]')).toBeAttached();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Blogs' })).toBeVisible();
    // Pressed once, opened once: the replay did not also toggle it shut again.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(menu.getByRole('link', { name: 'Blogs' })).toBeHidden();
  });

  test('a half-filled booking form survives a reload and a sign-out elsewhere', async ({
    signedIn: page,
    account,
    context,
  }, info) => {
    test.setTimeout(60_000);
    const pkg = packageFor(info);
    await page.goto(`/package/${pkg.id}`);
    await form(page).getByLabel('Address').fill('9 Rope Walk, Bristol');
    await form(page).getByLabel('Phone').fill('+44 117 496 0000');
    await page.reload();
    await expect(form(page).getByLabel('Address')).toHaveValue('9 Rope Walk, Bristol');
    await expect(form(page).getByLabel('Phone')).toHaveValue('+44 117 496 0000');

    // Signed out in another tab: this one goes to the login page, and back after logging in.
    const other = await context.newPage();
    await other.goto('/');
    // A new page is not the fixture's: wait for React here, or the Menu press can land before it.
    await hydrated(other);
    const toggle = other.getByRole('button', { name: 'Menu' });
    if (await toggle.isVisible()) await toggle.click();
    await other.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/account');
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(`/package/${pkg.id}`);
    await expect(form(page).getByLabel('Address')).toHaveValue('9 Rope Walk, Bristol');
    await expect(form(page).getByLabel('Phone')).toHaveValue('+44 117 496 0000');
    await other.close();
  });

  test.describe('the thank-you page', () => {
    // The API's 404 for the unknown booking is logged by the browser as a failed resource.
    test.use({ allowConsoleErrors: ['status of 404'] });

    test('an unknown or foreign booking on the thank-you page says so plainly', async ({
      signedIn: page,
    }) => {
      await page.goto('/checkout/kyoto-temples-and-tea?booking=00000000-0000-4000-8000-000000000000');
      await expect(
        page.getByRole('heading', { level: 1, name: 'We could not find this booking' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Thanks For Purchasing' })).toHaveCount(0);
      await expect(page.locator('.checkout__badge')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await page.getByRole('link', { name: 'My bookings' }).first().click();
      await expect(page).toHaveURL('/bookings');
    });
  });
});
