import { chromium } from '@playwright/test';
const base = 'http://localhost:4407';
const emu = 'http://127.0.0.1:9099';
async function account(email: string, name: string) {
  const r = await fetch(`${emu}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'shots-pass', displayName: name, returnSecureToken: true }) });
  return (await r.json()) as { localId: string; idToken: string };
}
const stamp = Date.now();
const op = await account(`shots-op-${stamp}@example.com`, 'Olga Operator');
await fetch(`${emu}/identitytoolkit.googleapis.com/v1/projects/demo-travel/accounts:update`, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
  body: JSON.stringify({ localId: op.localId, customAttributes: JSON.stringify({ role: 'admin' }) }) });
const tr = await account(`shots-tr-${stamp}@example.com`, 'Tess Traveller');
const deps = (await (await fetch(`${base}/api/packages/swiss-alpine-lakes/departures`)).json()) as { departures: { id: string }[] };
const bk = await (await fetch(`${base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tr.idToken}` },
  body: JSON.stringify({ packageId: 'swiss-alpine-lakes', departureId: deps.departures[0]!.id, travellers: 2, name: 'Tess Traveller', email: 'tess@example.com', address: '1 Lake Road', phone: '41791234567' }) })).json() as { id: string; reference: string };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [who, email] of [['traveller', `shots-tr-${stamp}@example.com`], ['operator', `shots-op-${stamp}@example.com`]] as const) {
  for (const width of [1280, 375]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    await page.goto(`${base}/account`);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.locator('form').getByLabel('Email').fill(email);
    await page.locator('form').getByLabel('Password', { exact: true }).fill('shots-pass');
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/`);
    for (let i = 0; i < 50 && !(await ctx.cookies()).some((c) => c.name === '__session'); i++) await page.waitForTimeout(100);
    const paths = who === 'traveller'
      ? ['/package/swiss-alpine-lakes', '/bookings', `/checkout/swiss-alpine-lakes?booking=${bk.id}`]
      : ['/admin', `/admin/bookings/${bk.id}`, '/admin/departures?packageId=swiss-alpine-lakes', `/admin/departures/${deps.departures[0]!.id}`];
    for (const p of paths) {
      // The server's HTML alone, no JavaScript: what the first paint shows.
      const js = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      await js.addCookies((await ctx.cookies()).filter((c) => c.name === '__session'));
      const nojs = await js.newPage();
      await nojs.goto(base + p);
      const name = p.replace(/[/?=&]/g, '_');
      await nojs.screenshot({ path: `/tmp/shots-ssr/${name}-${width}-html.png`, fullPage: false });
      await js.close();
      await page.goto(base + p);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots-ssr/${name}-${width}.png`, fullPage: false });
    }
    await ctx.close();
  }
}
const ctx = await browser.newContext({ viewport: { width: 375, height: 900 } });
const page = await ctx.newPage();
await page.route('**/packages.json', async (r) => { await new Promise((x) => setTimeout(x, 4000)); await r.continue(); });
await page.goto(base + '/', { waitUntil: 'domcontentloaded' });
await page.locator('.card--skeleton').first().scrollIntoViewIfNeeded();
await page.waitForTimeout(700);
await page.screenshot({ path: '/tmp/shots-ssr/home-skeleton-375.png' });
await browser.close();
console.log('ok', bk.reference);
