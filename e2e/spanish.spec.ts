import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createAccount, expect, grantOperator, idTokenFor, test, uniqueEmail } from './auth-fixtures';
import { emailFor } from './support/maildev';

// The Spanish site (docs/decisions/071-translation-layer.md): its pages under /es with lang="es"
// and hreflang alternates both ways, the language switch beside the navbar's links (never among
// them: they stay Home, Blogs, About, then Account in either language), and a booking made in
// Spanish whose emails (the request's, and a change's later) are written in Spanish, read whole in
// MailDev and laid out on the screen's width.

const spanishPages = [
  { path: '/es', english: '/' },
  { path: '/es/blogs', english: '/blogs' },
  { path: '/es/about', english: '/about' },
  { path: '/es/account', english: '/account' },
];

// The Main navigation's links, hidden ones too (a phone keeps them behind Menu).
const navLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { includeHidden: true })
    .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? a.textContent?.trim()));

// Spanish runs about a fifth longer than English: nothing may push the page wider than the screen.
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// The bar keeps its one row with the language switch in it, at 375 px too: the brand's name stays
// on one line (35 px; two lines are 69).
const brandNameHeight = async (page: Page) =>
  (await page.getByRole('banner').locator('.logo__text').boundingBox())!.height;

test.describe('the Spanish pages', () => {
  for (const { path, english } of spanishPages) {
    test(`${path}: lang="es", its twins named both ways, the navbar's links in order, nothing wider than the screen`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
        'href',
        new RegExp(`${english === '/' ? '/' : english}$`),
      );
      await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
        'href',
        new RegExp(`${path}$`),
      );
      expect(await navLinks(page)).toEqual([
        'Inicio de Wayfarer Tours',
        'Inicio',
        'Blogs',
        'Nosotros',
        'Cuenta',
      ]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await brandNameHeight(page)).toBeLessThan(50);
      // axe as e2e/quality.spec.ts runs it on the English pages: no violation at all.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(
        axe.violations.map(
          (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
        `axe violations on ${path}`,
      ).toEqual([]);
      // Kept in test-results to be looked at for text that overflows its box.
      const shot = testInfo.outputPath(`${path.slice(1).replaceAll('/', '-')}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`${path} at ${page.viewportSize()!.width} px`, {
        path: shot,
        contentType: 'image/png',
      });

      // The switch keeps the page; its English twin names this one back.
      const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English' });
      await expect(toEnglish).toBeVisible();
      await expect(toEnglish).toHaveAttribute('hreflang', 'en');
      await toEnglish.click();
      await expect(page).toHaveURL(`${baseURL}${english}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
        'href',
        new RegExp(`${path}$`),
      );
      expect(await navLinks(page)).toEqual(['Wayfarer Tours home', 'Home', 'Blogs', 'About', 'Account']);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await brandNameHeight(page)).toBeLessThan(50);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Español' })).toHaveAttribute(
        'href',
        path,
      );
    });
  }
});

test('a booking made on the Spanish site is stored in Spanish and its email is written in Spanish', async ({
  signedIn: page,
  account,
  request,
}) => {
  // Two emails read whole and an operator's change besides: more than the default 30 s on a busy
  // machine.
  test.setTimeout(60_000);
  await page.goto('/es/package/swiss-alpine-lakes');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The page's words in Spanish; the catalogue's texts, English only for now, marked so.
  const details = page.locator('.package-details');
  await expect(details.getByRole('heading', { level: 1, name: 'Swiss Alpine Lakes' })).toHaveAttribute(
    'lang',
    'en',
  );
  await expect(details).toContainText('Paquete');
  await expect(details).toContainText('2450 US$ por persona');
  const form = page.getByRole('form', { name: 'Reserve este viaje' });
  await expect(form.getByLabel('Nombre')).toHaveValue(account.name);
  // The form's dates, seats and total in Spanish too, none of them wider than the screen.
  await expect(form.getByRole('radiogroup', { name: 'Salida' })).toContainText(
    /plazas? libres?|Última plaza/,
  );
  await expect(form.getByRole('status', { name: 'Total' })).toHaveText(
    /^1 viajero × [\d.]+\sUS\$ = [\d.]+\sUS\$$/,
  );
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await form.getByLabel('Dirección').fill('Calle Mayor 7, Madrid');
  await form.getByLabel('Teléfono').fill('34911234567');
  await form.getByRole('button', { name: 'Reservar ahora' }).click();

  await expect(page).toHaveURL(/\/es\/checkout\/swiss-alpine-lakes\?booking=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Gracias por su reserva' })).toBeVisible();
  const reference = (await page.locator('.summary__ref').first().textContent())!;
  expect(reference).toMatch(/^WT-[0-9A-Z]{8}$/);
  // What is due and how to pay, in Spanish too (money in the Spanish format: "2450,00 US$").
  const payment = page.getByRole('region', { name: 'Pago' });
  await expect(payment).toContainText('Cómo pagar:');
  // The brand's default instructions (server/src/money/settings.ts) have their Spanish.
  await expect(payment).toContainText('Pague por transferencia bancaria a Wayfarer Tours');
  await expect(payment).toContainText(`Su referencia: ${reference}`);
  await expect(payment).toContainText('pagados de 2450,00 US$');
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  const token = await idTokenFor(account.email, account.password);
  const res = await request.get('/api/bookings', { headers: { authorization: `Bearer ${token}` } });
  const { bookings } = (await res.json()) as {
    bookings: { id: string; reference: string; language?: string }[];
  };
  expect(bookings.find((b) => b.reference === reference)).toMatchObject({ language: 'es' });

  // The email itself, both parts: Spanish throughout, none of the English one's sentences.
  const received = await emailFor(account.email, `Reserva ${reference} recibida – Swiss Alpine Lakes`);
  const text = received.text ?? '';
  expect(text).toContain('Hemos recibido su solicitud de reserva');
  expect(text).toContain(`Hola, ${account.name}:`);
  expect(text).toContain('Gracias por reservar Swiss Alpine Lakes con Wayfarer Tours.');
  expect(text).toMatch(new RegExp(`Referencia de la reserva:\\s+${reference}`));
  expect(text).toMatch(/Viajeros:\s+1 viajero\n/);
  expect(text).toMatch(/Estado:\s+Solicitada/);
  expect(text).toContain('¿Alguna pregunta? Responda a este correo');
  expect(text).toContain('Cómo pagar: Pague por transferencia bancaria a Wayfarer Tours');
  expect(text).toMatch(/\/es\/bookings/);
  for (const english of [
    'Thank you',
    'Booking reference',
    'Questions?',
    'Hi ',
    'Status:',
    'View my bookings',
  ]) {
    expect(text).not.toContain(english);
  }
  expect(received.html).toContain('<html lang="es">');
  await expectLaidOut(page, received.html!, 'Hemos recibido su solicitud de reserva');

  // A change made later, by the brand on the phone (no cutoff, whatever the date), is written by
  // the server in the booking's language too.
  const desk = uniqueEmail('desk');
  await grantOperator((await createAccount(desk, 'run-the-desk', 'Dora Desk')).localId);
  const bookingId = bookings.find((b) => b.reference === reference)!.id;
  const change = await request.post(`/api/admin/bookings/${bookingId}/change`, {
    headers: { authorization: `Bearer ${await idTokenFor(desk, 'run-the-desk')}` },
    data: { travellers: 2 },
  });
  expect(change.status(), await change.text()).toBe(200);
  const changed = await emailFor(account.email, `Su reserva ha cambiado – ${reference} – Swiss Alpine Lakes`);
  expect(changed.text).toContain(
    'Su reserva ha cambiado. Esta es su reserva de Swiss Alpine Lakes tal como queda ahora',
  );
  expect(changed.text).toMatch(/Número de viajeros anterior:\s+1 viajero\n/);
  expect(changed.text).toMatch(/Viajeros:\s+2 viajeros\n/);
  expect(changed.text).toMatch(/Total anterior:\s+2450\sUS\$/);
  expect(changed.text).not.toMatch(/Your booking|before:|Travellers/);
  await expectLaidOut(page, changed.html!, 'Su reserva ha cambiado');

  // My bookings under /es: the booking, its dialogs and Your data in Spanish, nothing wider than
  // the screen.
  await page.goto('/es/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis reservas' })).toBeVisible();
  const card = page.getByRole('article', { name: `Reserva ${reference}` });
  await expect(card).toContainText('Estado: Solicitada');
  await expect(card).toContainText('2 viajeros × 2450 US$');
  await expect(page.getByRole('region', { name: 'Sus datos personales' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await card.getByRole('button', { name: 'Cancelar la reserva' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar esta reserva?' });
  await expect(dialog).toContainText('Gasto de cancelación');
  await dialog.getByRole('button', { name: 'Mantener la reserva' }).click();
  await expect(dialog).toBeHidden();
});

// An email's HTML part as a mail client shows it, at this project's width: its heading there and
// nothing wider than the screen (Spanish runs longer than English).
async function expectLaidOut(page: Page, html: string, heading: string) {
  await page.setContent(html);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
}
