// @vitest-environment node
// The catalogue in the database, through the API as an operator with a real emulator token, on
// PGlite and (TEST_DATABASE_URL) PostgreSQL: the seed, the public reads, the console's writes with
// their audit rows, status rules, hostile input, image uploads, and departures' own prices.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AdminPackage, CataloguePackage, UploadedImage } from '#contracts/catalogue';
import { addDays, todayIso } from '#contracts/iso-dates';
import { bearer, readCsv, useAdminApp } from '../test/console-kit.js';
import { eraseExpiredGuestDetails } from '../guests/retention.js';
import { describeEach } from '../test/services.js';
import { packages as seedFile, storeCases } from '../test/fixtures.js';
import type { AdminDeparture, Departure, Booking, Manifest } from '#contracts/api';

let counter = 0;
const newId = () => `test-trip-${Date.now().toString(36)}-${counter++}`;
let dayOffset = 900;

// One multipart/form-data body: a file part and an alt field.
function multipart(file: Buffer, alt: string | undefined, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = `----wayfarer${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (alt !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\n${alt}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

// A PNG whose header claims 50,000 x 50,000 pixels: a few bytes, 2.5 gigapixels once decoded.
function bombPng() {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS 51.5,-0.12' } } })
    .jpeg()
    .toBuffer();

describeEach(storeCases())('the catalogue on $name', { timeout: 120_000 }, (store) => {
  const ctx = useAdminApp(store);

  const publicList = async () => {
    const res = await ctx.app.inject({ url: '/packages.json' });
    expect(res.statusCode).toBe(200);
    return res.json() as CataloguePackage[];
  };
  const create = (body: Record<string, unknown>) =>
    ctx.call(ctx.operator, 'POST', '/api/admin/packages', body);
  const patch = (id: string, body: unknown) =>
    ctx.call(ctx.operator, 'PATCH', `/api/admin/packages/${id}`, body);
  const upload = (id: string, file: Buffer, alt: string | undefined = 'A lake at dawn', name?: string) => {
    const { payload, contentType } = multipart(file, alt, name);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/packages/${id}/images`,
      headers: { ...bearer(ctx.operator), 'content-type': contentType },
      payload,
    });
  };
  const draft = async (extra: Record<string, unknown> = {}) => {
    const id = newId();
    const res = await create({
      id,
      name: 'Lofoten Lights',
      description: 'Northern lights.',
      price: 2100,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminPackage;
  };
  const published = async () => {
    const pkg = await draft();
    expect((await upload(pkg.id, await photo())).statusCode).toBe(201);
    expect((await patch(pkg.id, { status: 'published' })).statusCode).toBe(200);
    return pkg.id;
  };
  const catalogueAudit = async (packageId: string) =>
    (
      await ctx.db.query<{ actor: string; action: string; to_value: string | null }>(
        'SELECT actor, action, to_value FROM audit_events WHERE package_id = $1 ORDER BY id',
        [packageId],
      )
    ).rows;

  describe('the seed and the public reads', () => {
    it('fills the table once from packages.json with the ids kept, published, in file order', async () => {
      const list = await publicList();
      const ids = [...seedFile.keys()];
      expect(list.slice(0, ids.length).map((p) => p.id)).toEqual(ids);
      expect(list[0]).toMatchObject({
        id: ids[0],
        name: seedFile.get(ids[0]!)!.name,
        // Whole dollars in the answer, cents in the table (migration 54).
        price: seedFile.get(ids[0]!)!.priceCents / 100,
      });
      expect(Object.keys(list[0]!)).toEqual(
        expect.arrayContaining(['id', 'name', 'description', 'img', 'price']),
      );
      const state = await ctx.db.query<{ seeded_at: unknown }>('SELECT seeded_at FROM catalogue_state');
      expect(state.rows[0]!.seeded_at).not.toBeNull();
    });

    it('answers /packages.JSON as /packages.json, and a published package with every field', async () => {
      const [lower, upper] = await Promise.all(
        ['/packages.json', '/packages.JSON'].map((url) => ctx.app.inject({ url })),
      );
      expect(upper!.statusCode).toBe(200);
      expect(upper!.body).toBe(lower!.body);
      const res = await ctx.app.inject({ url: '/api/packages/swiss-alpine-lakes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: 'swiss-alpine-lakes',
        status: 'published',
        itinerary: expect.any(Array),
      });
      expect((await ctx.app.inject({ url: '/api/packages/no-such-trip' })).statusCode).toBe(404);
    });

    // What crawlers read has one source, the server (server/src/catalog/seo.ts); the build writes
    // none of it, so robots.txt, the sitemap and the home page's structured data cannot disagree.
    it('robots.txt names the sitemap, which lists each published package, as the JSON-LD does', async () => {
      const robots = await ctx.app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body).toContain('Disallow: /api/');
      expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      const sitemap = (await ctx.app.inject({ url: '/sitemap.xml' })).body;
      const home = (await ctx.app.inject({ url: '/' })).body;
      const list = await publicList();
      expect(list.length).toBeGreaterThan(0);
      for (const p of list) {
        expect(sitemap).toContain(`<loc>http://localhost:3000/package/${p.id}</loc>`);
        expect(home).toContain(`"url":"http://localhost:3000/package/${p.id}"`);
      }
    });

    // docs/decisions/071-translation-layer.md: one sitemap a language, each page naming its twins.
    it('lists the Spanish pages in a sitemap of their own, which robots.txt names; the English one lists no /es page', async () => {
      const robots = (await ctx.app.inject({ url: '/robots.txt' })).body;
      expect(robots).toContain('Sitemap: http://localhost:3000/sitemap-es.xml');
      const english = (await ctx.app.inject({ url: '/sitemap.xml' })).body;
      const spanish = await ctx.app.inject({ url: '/sitemap-es.xml' });
      expect(spanish.statusCode).toBe(200);
      expect(spanish.headers['content-type']).toMatch(/xml/);
      const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs(english).some((loc) => loc!.startsWith('http://localhost:3000/es'))).toBe(false);
      const list = await publicList();
      expect(locs(spanish.body)).toEqual([
        'http://localhost:3000/es',
        'http://localhost:3000/es/blogs',
        'http://localhost:3000/es/about',
        ...list.map((p) => `http://localhost:3000/es/package/${p.id}`),
      ]);
      const twins = `<xhtml:link rel="alternate" hreflang="en" href="http://localhost:3000/blogs"/><xhtml:link rel="alternate" hreflang="es" href="http://localhost:3000/es/blogs"/>`;
      expect(english).toContain(twins);
      expect(spanish.body).toContain(twins);
    });
  });

  describe('operators', () => {
    it('create a draft (201) that the public cannot see; a taken id is 409', async () => {
      const pkg = await draft({ durationDays: 5, itinerary: [{ title: 'Arrive', body: 'Check in.' }] });
      expect(pkg).toMatchObject({
        status: 'draft',
        durationDays: 5,
        upcomingDepartures: 0,
        activeBookings: 0,
      });
      expect((await publicList()).map((p) => p.id)).not.toContain(pkg.id);
      expect((await ctx.app.inject({ url: `/api/packages/${pkg.id}` })).statusCode).toBe(404);
      const again = await create({ id: pkg.id, name: 'Other', description: 'x', price: 10 });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/taken/);
      const list = await ctx.call(ctx.operator, 'GET', '/api/admin/packages');
      expect(list.statusCode).toBe(200);
      const row = (list.json() as { packages: AdminPackage[] }).packages.find((p) => p.id === pkg.id);
      expect(row).toMatchObject({ status: 'draft' });
      expect(await catalogueAudit(pkg.id)).toEqual([
        expect.objectContaining({ actor: ctx.operator.email, action: 'package.created' }),
      ]);
    });

    it('refuse hostile input with a message', async () => {
      const base = { id: newId(), name: 'Trip', description: 'Nice.', price: 100 };
      for (const [body, field] of [
        [{ ...base, name: 'Bad\u0000name' }, 'name'],
        [{ ...base, name: 'x'.repeat(81) }, 'name'],
        [{ ...base, description: 'y'.repeat(2001) }, 'description'],
        [{ ...base, id: '../etc' }, 'id'],
        [{ ...base, id: 'a/b-c' }, 'id'],
        [{ ...base, price: 1e9 }, 'price'],
        [{ ...base, price: 10.5 }, 'price'],
        [
          { ...base, questions: [{ id: 'q', label: 'Pick', kind: 'choice', choices: ['one'] }] },
          'questions.0.choices',
        ],
      ] as const) {
        const res = await create(body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().message).toBeTruthy();
        expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
      }
      expect((await ctx.call(ctx.traveller, 'POST', '/api/admin/packages', base)).statusCode).toBe(403);
      expect((await ctx.call(null, 'GET', '/api/admin/packages')).statusCode).toBe(401);
    });

    it('publish only with a cover image, archive, publish again, never back to draft', async () => {
      const pkg = await draft();
      const early = await patch(pkg.id, { status: 'published' });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(/cover image/);
      const up = await upload(pkg.id, await photo());
      expect(up.statusCode, up.body).toBe(201);
      const published = await patch(pkg.id, { status: 'published', name: 'Lofoten Lights & Fjords' });
      expect(published.statusCode, published.body).toBe(200);
      const seen = (await publicList()).find((p) => p.id === pkg.id)!;
      expect(seen).toMatchObject({ name: 'Lofoten Lights & Fjords', img: (up.json() as UploadedImage).url });
      expect(await catalogueAudit(pkg.id)).toContainEqual(
        expect.objectContaining({ action: 'package.changed', to_value: 'name, status' }),
      );
      expect((await patch(pkg.id, { id: newId() })).statusCode).toBe(409);
      expect((await patch(pkg.id, { status: 'archived' })).statusCode).toBe(200);
      expect((await publicList()).map((p) => p.id)).not.toContain(pkg.id);
      expect((await ctx.app.inject({ url: `/api/packages/${pkg.id}` })).statusCode).toBe(404);
      expect((await patch(pkg.id, { status: 'draft' })).statusCode).toBe(409);
      expect((await patch(pkg.id, { status: 'published' })).statusCode).toBe(200);
    });

    it('rename a draft, reorder and drop its images with new alt texts', async () => {
      const pkg = await draft();
      const first = (await upload(pkg.id, await photo(), 'First')).json() as UploadedImage;
      const second = (await upload(pkg.id, await photo(), 'Second')).json() as UploadedImage;
      const renamed = newId();
      const res = await patch(pkg.id, { id: renamed, images: [{ id: second.id, alt: 'Now the cover' }] });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as AdminPackage;
      expect(after.id).toBe(renamed);
      expect(after.images.map((i) => [i.id, i.alt])).toEqual([[second.id, 'Now the cover']]);
      expect(after.img).toBe(after.images[0]!.url);
      expect(first.id).not.toBe(second.id);
      const unknown = await patch(renamed, { images: [{ id: 'nope', alt: 'x' }] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors).toHaveProperty(['images.0.id']);
    });

    it('delete only a draft never booked; put the packages in a new order', async () => {
      const pkg = await draft();
      expect((await ctx.call(ctx.operator, 'DELETE', `/api/admin/packages/${pkg.id}`)).statusCode).toBe(204);
      expect((await ctx.call(ctx.operator, 'DELETE', `/api/admin/packages/${pkg.id}`)).statusCode).toBe(404);
      expect(
        (await ctx.call(ctx.operator, 'DELETE', '/api/admin/packages/swiss-alpine-lakes')).statusCode,
      ).toBe(409);

      const all = (
        (await ctx.call(ctx.operator, 'GET', '/api/admin/packages')).json() as { packages: AdminPackage[] }
      ).packages.map((p) => p.id);
      const reversed = [...all].reverse();
      const res = await ctx.call(ctx.operator, 'PUT', '/api/admin/packages/order', { ids: reversed });
      expect(res.statusCode, res.body).toBe(200);
      const shown = (await publicList()).map((p) => p.id);
      expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
      // Every change audited: who, which package, which fields. A new order: one row per package
      // that moved, not one for the list.
      expect(await catalogueAudit(pkg.id)).toContainEqual(
        expect.objectContaining({ actor: ctx.operator.email, action: 'package.deleted' }),
      );
      for (const id of [reversed[0]!, reversed.at(-1)!]) {
        expect(await catalogueAudit(id)).toContainEqual({
          actor: ctx.operator.email,
          action: 'package.reordered',
          to_value: 'position',
        });
      }
      expect(
        (await ctx.call(ctx.operator, 'PUT', '/api/admin/packages/order', { ids: all.slice(1) })).statusCode,
      ).toBe(400);
      await ctx.call(ctx.operator, 'PUT', '/api/admin/packages/order', { ids: all });
    });
  });

  describe('images', () => {
    it('re-encodes an upload to AVIF and WebP without its metadata, served immutable', async () => {
      const pkg = await draft();
      const res = await upload(pkg.id, await photo());
      expect(res.statusCode, res.body).toBe(201);
      const image = res.json() as UploadedImage;
      expect(image).toMatchObject({ alt: 'A lake at dawn', width: 1200, height: 800 });
      const served = await ctx.app.inject({ url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      const avif = await ctx.app.inject({ url: image.url.replace(/\.webp$/, '.avif') });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      expect((await ctx.app.inject({ url: '/images/../../etc/passwd' })).statusCode).toBe(404);
    });

    it('refuses what is not an image, a decompression bomb, and more than 10 MB, with a message', async () => {
      const pkg = await draft();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const html = Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>');
      for (const file of [
        svg,
        html,
        bombPng(),
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(50)]),
      ]) {
        const res = await upload(pkg.id, file, 'Alt');
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toMatch(/image|megapixels/i);
      }
      const big = await upload(pkg.id, Buffer.concat([await photo(), Buffer.alloc(11 * 1024 * 1024)]));
      expect(big.statusCode).toBe(413);
      const noAlt = await upload(pkg.id, await photo(), '');
      expect(noAlt.statusCode).toBe(400);
      expect(noAlt.json().fieldErrors).toHaveProperty('alt');
      // The server is still fine.
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('prices per departure', () => {
    it('a booking takes its date price; later price changes never touch it; a new date takes its own', async () => {
      const id = await published();
      const startsOn = addDays(todayIso('UTC'), dayOffset++);
      const made = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
        packageId: id,
        startsOn,
        capacity: 10,
        price: 2500,
      });
      expect(made.statusCode, made.body).toBe(201);
      const dep = made.json() as AdminDeparture;
      expect(dep).toMatchObject({ price: 2500, ownPrice: 2500 });
      const plain = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
        packageId: id,
        startsOn: addDays(todayIso('UTC'), dayOffset++),
        capacity: 10,
      });
      const other = plain.json() as AdminDeparture;
      expect(other).toMatchObject({ price: 2100, ownPrice: null });
      const listed = await ctx.app.inject({ url: `/api/packages/${id}/departures` });
      const prices = (listed.json() as { departures: Departure[] }).departures.map((d) => [d.id, d.price]);
      expect(prices).toEqual(
        expect.arrayContaining([
          [dep.id, 2500],
          [other.id, 2100],
        ]),
      );

      const booking = await ctx.book(ctx.traveller, { packageId: id, departureId: dep.id, travellers: 2 });
      expect(booking).toMatchObject({ price: 2500, total: 5000 });
      expect(
        (await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${dep.id}`, { price: 3000 }))
          .statusCode,
      ).toBe(200);
      expect((await patch(id, { price: 9999 })).statusCode).toBe(200);
      const kept = await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}`);
      expect(kept.json()).toMatchObject({ price: 2500, total: 5000 });

      const party = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/change`, {
        travellers: 3,
      });
      expect(party.statusCode, party.body).toBe(200);
      expect(party.json()).toMatchObject({ price: 2500, total: 7500 });
      const moved = await ctx.call(ctx.traveller, 'POST', `/api/bookings/${booking.id}/change`, {
        departureId: other.id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ price: 9999, total: 3 * 9999 });
      expect(
        (await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${dep.id}`, { price: 1e9 })).statusCode,
      ).toBe(400);
    });

    it('a package whose upcoming dates differ in price reads "from" the lowest; one price stays one price', async () => {
      const id = await published();
      const listed = async () => (await publicList()).find((p) => p.id === id)!;
      const page = async () =>
        (await ctx.app.inject({ url: `/api/packages/${id}` })).json() as CataloguePackage;
      const addDate = async (body: Record<string, unknown>) => {
        const res = await ctx.call(ctx.operator, 'POST', '/api/admin/departures', {
          packageId: id,
          startsOn: addDays(todayIso('UTC'), dayOffset++),
          capacity: 10,
          ...body,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as AdminDeparture;
      };
      // Every process reloads the catalogue when a departure changes (a NOTIFY, else its poll).
      const fromPrice = async () => (await listed()).fromPrice;
      const poll = { timeout: 15_000, interval: 100 };

      await addDate({});
      expect(await listed()).toMatchObject({ price: 2100 });
      expect(await fromPrice()).toBeUndefined();
      const cheaper = await addDate({ price: 1800 });
      await addDate({ price: 2600 });
      await expect.poll(fromPrice, poll).toBe(1800);
      expect(await listed()).toMatchObject({ price: 2100, fromPrice: 1800 });
      expect(await page()).toMatchObject({ price: 2100, fromPrice: 1800 });

      // The cheaper date sells at the package's price again: from the next lowest, 2100.
      const reset = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${cheaper.id}`, {
        price: null,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await expect.poll(fromPrice, poll).toBe(2100);
      // A closed date does not count: the rest sell at one price, so the package shows that one.
      const pricey = await ctx.db.query<{ id: string }>(
        'SELECT id FROM departures WHERE package_id = $1 AND price_cents = 260000',
        [id],
      );
      const closed = await ctx.call(ctx.operator, 'PATCH', `/api/admin/departures/${pricey.rows[0]!.id}`, {
        status: 'closed',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      await expect.poll(fromPrice, poll).toBeUndefined();
      expect(Object.keys(await page())).not.toContain('fromPrice');
    });

    it('an archived package cannot be booked, and its bookings keep working', async () => {
      const id = await published();
      const dep = await ctx.addDeparture({ packageId: id });
      const booking = await ctx.book(ctx.traveller, { packageId: id, departureId: dep });
      expect((await patch(id, { status: 'archived' })).statusCode).toBe(200);
      const refused = await ctx.call(ctx.traveller, 'POST', '/api/bookings', {
        packageId: id,
        departureId: dep,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        address: '12 St James Square, London',
        phone: '442079460000',
      });
      expect(refused.statusCode).toBe(400);
      const kept = await ctx.call(ctx.traveller, 'GET', `/api/bookings/${booking.id}`);
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ packageName: 'Lofoten Lights' });
    });
  });

  describe('questions per package', () => {
    it('checks answers per traveller, counts required ones, shows them on the manifest, erases sensitive ones', async () => {
      const id = await published();
      const questions = [
        { id: 'passport', label: 'Passport number', kind: 'text', required: true, sensitive: true },
        { id: 'vegetarian', label: 'Vegetarian?', kind: 'yesno' },
        { id: 'room', label: 'Room', kind: 'choice', choices: ['Single', 'Shared'], required: true },
      ];
      const set = await patch(id, { questions });
      expect(set.statusCode, set.body).toBe(200);
      const dep = await ctx.addDeparture({ packageId: id });
      const booking = await ctx.book(ctx.traveller, { packageId: id, departureId: dep });
      const details = {
        fullName: 'Ada Lovelace',
        dateOfBirth: '1990-12-10',
        emergencyName: 'Charles Babbage',
        emergencyPhone: '+44 20 7946 0000',
      };
      const put = (answers: unknown) =>
        ctx.call(ctx.traveller, 'PUT', `/api/bookings/${booking.id}/guests`, {
          guests: [{ ...details, answers }],
        });

      const bad = await put({ passport: 'X\u0000', vegetarian: 'yes', room: 'Suite', unknown: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fieldErrors).sort()).toEqual([
        'guests.0.answers.passport',
        'guests.0.answers.room',
        'guests.0.answers.unknown',
        'guests.0.answers.vegetarian',
      ]);
      const partial = await put({ vegetarian: false });
      expect(partial.statusCode, partial.body).toBe(200);
      expect((partial.json() as Booking).detailsComplete).toBe(false);
      const full = await put({ passport: 'P1234567', vegetarian: true, room: 'Shared' });
      expect((full.json() as Booking).detailsComplete).toBe(true);
      expect((full.json() as Booking).guests[0]!.answers).toEqual({
        passport: 'P1234567',
        vegetarian: true,
        room: 'Shared',
      });

      const manifest = (
        await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${dep}/manifest`)
      ).json() as Manifest;
      expect(manifest.questions.map((q) => q.label)).toEqual(['Passport number', 'Vegetarian?', 'Room']);
      const csv = readCsv(
        (await ctx.call(ctx.operator, 'GET', `/api/admin/departures/${dep}/manifest.csv`)).body,
      );
      expect(csv[0]!.slice(-3)).toEqual(['Passport number', 'Vegetarian?', 'Room']);
      expect(csv[1]!.slice(-3)).toEqual(['P1234567', 'Yes', 'Shared']);

      // Long after the trip: the sensitive answer goes, the others stay.
      const startsOn = (
        await ctx.db.query<{ d: string }>(
          `SELECT to_char(starts_on, 'YYYY-MM-DD') AS d FROM departures WHERE id = $1`,
          [dep],
        )
      ).rows[0]!.d;
      await eraseExpiredGuestDetails(ctx.db, {
        retentionDays: 30,
        now: new Date(`${addDays(startsOn, 31)}T12:00:00Z`),
      });
      const after = await ctx.db.query<{ answers: Record<string, unknown> }>(
        'SELECT answers FROM booking_guests WHERE booking_id = $1',
        [booking.id],
      );
      expect(after.rows[0]!.answers).toEqual({ vegetarian: true, room: 'Shared' });
    });
  });
});
