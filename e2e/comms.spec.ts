import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  createAccount,
  expect,
  grantOperator,
  idTokenFor,
  logIn,
  test as base,
  uniqueEmail,
} from './auth-fixtures';
import { mailDev } from './support/maildev';

type ApiBooking = { id: string; reference: string; status: string };
type MailDevEmail = {
  id: string;
  subject: string;
  to: { address: string }[];
  text?: string;
  attachments?: { contentType: string; generatedFileName?: string; fileName?: string }[];
};

// Emails MailDev holds for `address` (every test uses addresses of its own).
async function inbox(address: string): Promise<MailDevEmail[]> {
  const res = await fetch(`${mailDev}/api/email`).catch(() => null);
  if (!res?.ok) return [];
  return ((await res.json()) as MailDevEmail[]).filter((e) => e.to.some((t) => t.address === address));
}

async function traveller(tag: string) {
  const person = { email: uniqueEmail(tag), password: 'wander-far', name: `Bea ${tag}` };
  await createAccount(person.email, person.password, person.name);
  return { ...person, token: await idTokenFor(person.email, person.password) };
}

async function book(
  request: APIRequestContext,
  who: { token: string; name: string; email: string },
  departureId: string,
  packageId: string,
) {
  const res = await request.post('/api/bookings', {
    headers: { authorization: `Bearer ${who.token}` },
    data: {
      packageId,
      departureId,
      name: who.name,
      email: who.email,
      address: '1 Quay Street, Bergen',
      phone: '4755512345',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiBooking;
}

// Each width on a package of its own, on a date of its own far ahead.
const packageFor = (info: TestInfo) =>
  info.project.name === 'phone' ? 'kyoto-temples-and-tea' : 'tromso-northern-lights';

const farDate = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 400 + Math.floor(Math.random() * 600));
  return d.toISOString().slice(0, 10);
};

type OperatorFixtures = { operator: { email: string; token: string; page: Page } };

const test = base.extend<OperatorFixtures>({
  operator: async ({ page }, use) => {
    const email = uniqueEmail('operator');
    const password = 'run-the-desk';
    const { localId } = await createAccount(email, password, 'Olga Operator');
    await grantOperator(localId);
    await page.goto('/account');
    await logIn(page, email, password);
    await expect(page).toHaveURL('/');
    await use({ email, token: await idTokenFor(email, password), page });
  },
});

test.describe('the brand talks to its travellers', () => {
  test('an operator writes to everyone on a departure from the manifest; the travellers’ inboxes show it', async ({
    operator,
    request,
  }, info) => {
    test.setTimeout(120_000);
    const page = operator.page;
    const packageId = packageFor(info);
    const auth = { authorization: `Bearer ${operator.token}` };
    const made = await request.post('/api/admin/departures', {
      headers: auth,
      data: {
        packageId,
        startsOn: farDate(),
        capacity: 12,
        meetingPoint: 'Harbour gate 2',
        meetingTime: '07:45',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const departure = (await made.json()) as { id: string };

    const [ann, ben, cal] = await Promise.all([traveller('ann'), traveller('ben'), traveller('cal')]);
    const annBooking = await book(request, ann, departure.id, packageId);
    await book(request, ben, departure.id, packageId);
    const calBooking = await book(request, cal, departure.id, packageId);
    const cancel = await request.post(`/api/bookings/${calBooking.id}/cancel`, {
      headers: { authorization: `Bearer ${cal.token}` },
    });
    expect(cancel.status()).toBe(200);

    await page.goto(`/admin/departures/${departure.id}`);
    await expect(page.getByText('Meeting at 07:45: Harbour gate 2')).toBeVisible();
    const subject = `Ferry times ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('The ferry leaves at 08:15 <sharp>.\nBring your passport.\n\nSee you there!');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('This message will go to the contacts of 2 bookings.')).toBeVisible();
    await expect(page.locator('.admin-message__letter')).toContainText('The ferry leaves at 08:15 <sharp>.');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.getByRole('button', { name: 'Send to 2 bookings' }).click();
    await expect(page.getByText(/Sent to 2 bookings\./)).toBeVisible();

    // Ann's and Ben's inboxes show it; Cal cancelled and gets nothing.
    for (const who of [ann, ben]) {
      await expect
        .poll(async () => (await inbox(who.email)).map((e) => e.subject), { timeout: 20_000 })
        .toContainEqual(expect.stringContaining(subject));
    }
    const [letter] = (await inbox(ann.email)).filter((e) => e.subject.includes(subject));
    expect(letter!.text).toContain('The ferry leaves at 08:15 <sharp>.\nBring your passport.');
    const html = await (await fetch(`${mailDev}/api/email/${letter!.id}/html`)).text();
    expect(html).toContain('The ferry leaves at 08:15 &lt;sharp&gt;.<br>Bring your passport.');
    expect((await inbox(cal.email)).map((e) => e.subject)).not.toContainEqual(
      expect.stringContaining(subject),
    );

    // The booking's history shows that the message went out, with its subject.
    await page.goto(`/admin/bookings/${annBooking.id}`);
    await expect(page.getByText('Message sent to the traveller')).toBeVisible();
    await expect(page.getByText(subject)).toBeVisible();
  });

  test('the confirmation carries the trip as a calendar file, and the operations inbox hears of the request', async ({
    operator,
    request,
  }, info) => {
    test.setTimeout(90_000);
    const packageId = packageFor(info);
    const auth = { authorization: `Bearer ${operator.token}` };
    const made = await request.post('/api/admin/departures', {
      headers: auth,
      data: {
        packageId,
        startsOn: farDate(),
        capacity: 12,
        meetingPoint: 'Old town fountain',
        meetingTime: '09:00',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const departure = (await made.json()) as { id: string };
    const dee = await traveller('dee');
    const booking = await book(request, dee, departure.id, packageId);
    const confirm = await request.post(`/api/admin/bookings/${booking.id}/confirm`, { headers: auth });
    expect(confirm.status()).toBe(200);

    await expect
      .poll(async () => (await inbox(dee.email)).map((e) => e.subject), { timeout: 20_000 })
      .toContainEqual(expect.stringContaining(`Booking ${booking.reference} confirmed`));
    const confirmation = (await inbox(dee.email)).find((e) => e.subject.includes('confirmed'))!;
    expect(confirmation.attachments?.map((a) => a.contentType)).toEqual([
      expect.stringMatching(/^text\/calendar/),
    ]);

    // The brand's operations inbox heard of the request.
    const ops = await fetch(`${mailDev}/api/email`).then((r) => r.json() as Promise<MailDevEmail[]>);
    expect(ops.some((e) => e.subject.startsWith(`New booking request: ${booking.reference}`))).toBe(true);
  });
});
