// @vitest-environment node
// The catalogue's Spanish texts (migration 68, contracts/catalogue.ts packageTranslationsSchema)
// through the console's API as an operator, on PGlite and (TEST_DATABASE_URL) PostgreSQL: saved
// with the English in one change and its audit row, read back by the console and the public, held
// to the English fields' limits, and hostile input refused with a 400 that names the field and
// leaves the package as it was.
import { describe, expect, it } from 'vitest';
import type { AdminPackage, CataloguePackage } from '#contracts/catalogue';
import { useAdminApp } from '../test/console-kit.js';
import { describeEach } from '../test/services.js';
import { storeCases } from '../test/fixtures.js';
import { catalogueJsonLd } from './seo.js';

let counter = 0;
const newId = () => `es-trip-${Date.now().toString(36)}-${counter++}`;

describeEach(storeCases())('the catalogue in Spanish on $name', { timeout: 120_000 }, (store) => {
  const ctx = useAdminApp(store);

  const patch = (id: string, body: unknown) =>
    ctx.call(ctx.operator, 'PATCH', `/api/admin/packages/${id}`, body);
  const draft = async (extra: Record<string, unknown> = {}) => {
    const res = await ctx.call(ctx.operator, 'POST', '/api/admin/packages', {
      id: newId(),
      name: 'Lofoten Lights',
      description: 'Northern lights.',
      price: 2100,
      itinerary: [
        { title: 'Arrive', body: 'Check in.' },
        { title: 'Kayaks', body: '' },
      ],
      includes: ['Five nights', 'Breakfast'],
      questions: [{ id: 'size', label: 'T-shirt size', kind: 'choice', choices: ['S', 'M'] }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AdminPackage;
  };
  const stored = async (id: string) =>
    (await ctx.db.query<{ translations: unknown }>('SELECT translations FROM packages WHERE id = $1', [id]))
      .rows[0]!.translations;

  const spanish = {
    name: 'Luces de Lofoten',
    description: 'Auroras boreales.',
    itinerary: [{ title: 'Llegada', body: 'Registro en el hotel.' }],
    includes: ['Cinco noches', ''],
    excludes: [],
    questions: [{ id: 'size', label: 'Talla de camiseta', choices: ['P', 'M'] }],
  };

  it('a new package starts with none; the editor saves them with the English, audited, and both reads show them', async () => {
    const pkg = await draft();
    expect(pkg.translations).toEqual({});
    expect(await stored(pkg.id)).toEqual({});

    const res = await patch(pkg.id, { name: 'Lofoten Lights & Fjords', translations: { es: spanish } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as AdminPackage;
    expect(saved.name).toBe('Lofoten Lights & Fjords');
    expect(saved.translations).toEqual({ es: spanish });
    expect(await stored(pkg.id)).toEqual({ es: spanish });
    const audit = await ctx.db.query<{ action: string; to_value: string }>(
      `SELECT action, to_value FROM audit_events WHERE package_id = $1 AND action = 'package.changed'`,
      [pkg.id],
    );
    expect(audit.rows).toEqual([{ action: 'package.changed', to_value: 'name, translations' }]);

    const list = await ctx.call(ctx.operator, 'GET', '/api/admin/packages');
    const row = (list.json() as { packages: AdminPackage[] }).packages.find((p) => p.id === pkg.id);
    expect(row?.translations).toEqual({ es: spanish });

    // Trimmed like the English; an English-only change keeps the Spanish.
    const trimmed = await patch(pkg.id, { translations: { es: { name: '  Luces  ' } } });
    expect((trimmed.json() as AdminPackage).translations).toEqual({ es: { name: 'Luces' } });
    const english = await patch(pkg.id, { description: 'Northern lights and fjords.' });
    expect((english.json() as AdminPackage).translations).toEqual({ es: { name: 'Luces' } });
  });

  it('the public reads carry a package’s translations, and the English catalogue stays as it was', async () => {
    const before = (await ctx.app.inject({ url: '/packages.json' })).json() as CataloguePackage[];
    // No seeded package is translated: the list carries no translations at all.
    expect(before.some((p) => 'translations' in p)).toBe(false);

    const id = 'swiss-alpine-lakes';
    const res = await patch(id, { translations: { es: { name: 'Lagos alpinos suizos', description: '' } } });
    expect(res.statusCode, res.body).toBe(200);
    try {
      const after = (await ctx.app.inject({ url: '/packages.json' })).json() as CataloguePackage[];
      const alps = after.find((p) => p.id === id)!;
      expect(alps.name).toBe(before.find((p) => p.id === id)!.name);
      expect(alps.translations).toEqual({ es: { name: 'Lagos alpinos suizos', description: '' } });
      const one = await ctx.app.inject({ url: `/api/packages/${id}` });
      expect((one.json() as CataloguePackage).translations.es?.name).toBe('Lagos alpinos suizos');
      // The home pages' structured data: the Spanish name on /es, the English description (none
      // translated); the English page's all English.
      const ld = (home: string) =>
        JSON.parse(
          catalogueJsonLd('https://example.test', [one.json()], home).replace(
            /^<script[^>]*>|<\/script>$/g,
            '',
          ),
        ).itemListElement[0].item as { name: string; description: string };
      expect(ld('/es')).toMatchObject({ name: 'Lagos alpinos suizos', description: alps.description });
      expect(ld('/')).toMatchObject({ name: alps.name, description: alps.description });
      // Every text empty again: the list is as it was before.
      await patch(id, { translations: { es: { name: '', description: '' } } });
      const emptied = (await ctx.app.inject({ url: '/packages.json' })).json() as CataloguePackage[];
      const apart = ({ updatedAt: _at, ...p }: CataloguePackage) => p;
      expect(emptied.map(apart)).toEqual(before.map(apart));
    } finally {
      await patch(id, { translations: {} });
    }
  });

  it('hold each Spanish text to its English field’s limit, and refuse hostile input with a 400 that changes nothing', async () => {
    const pkg = await draft();
    await patch(pkg.id, { translations: { es: { name: 'Luces de Lofoten' } } });
    const es = (texts: Record<string, unknown>) => ({ translations: { es: texts } });
    for (const [body, field] of [
      [es({ name: 'x'.repeat(81) }), 'translations.es.name'],
      [es({ name: 'Bad\u0000name' }), 'translations.es.name'],
      [es({ name: 'Line\nbreak' }), 'translations.es.name'],
      [es({ name: 'Ana\u202egnp.exe' }), 'translations.es.name'],
      [es({ name: 42 }), 'translations.es.name'],
      [es({ description: 'y'.repeat(2001) }), 'translations.es.description'],
      [es({ itinerary: [{ title: 't'.repeat(101), body: '' }] }), 'translations.es.itinerary.0.title'],
      [es({ itinerary: [{ title: 'Día', body: 'b'.repeat(2001) }] }), 'translations.es.itinerary.0.body'],
      [
        es({ itinerary: Array.from({ length: 61 }, () => ({ title: 'Día', body: '' })) }),
        'translations.es.itinerary',
      ],
      [es({ includes: ['i'.repeat(201)] }), 'translations.es.includes.0'],
      [es({ excludes: Array.from({ length: 31 }, () => 'Vuelos') }), 'translations.es.excludes'],
      [
        es({ questions: [{ id: 'size', label: 'q'.repeat(101), choices: [] }] }),
        'translations.es.questions.0.label',
      ],
      [
        es({ questions: [{ id: 'size', label: 'Talla', choices: ['c'.repeat(101)] }] }),
        'translations.es.questions.0.choices.0',
      ],
      [es({ questions: [{ id: '../x', label: 'Talla', choices: [] }] }), 'translations.es.questions.0.id'],
      [
        es({ questions: [{ id: 'size', label: 'Talla', choices: [], required: true }] }),
        'translations.es.questions.0',
      ],
      [es({ name: 'Luces', script: '<script>' }), 'translations.es'],
      [{ translations: { fr: { name: 'Lumières' } } }, 'translations'],
      [{ translations: 'Luces' }, 'translations'],
      [{ translations: { es: ['Luces'] } }, 'translations.es'],
    ] as const) {
      const res = await patch(pkg.id, { name: 'Changed', ...body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toBeTruthy();
      expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    // The English limit is the Spanish one: exactly at it is saved.
    const atLimit = await patch(pkg.id, es({ name: 'x'.repeat(80), includes: ['i'.repeat(200)] }));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const after = (await ctx.call(ctx.operator, 'GET', '/api/admin/packages')).json() as {
      packages: AdminPackage[];
    };
    const row = after.packages.find((p) => p.id === pkg.id)!;
    expect(row.name).toBe('Lofoten Lights');
    expect(row.translations).toEqual({ es: { name: 'x'.repeat(80), includes: ['i'.repeat(200)] } });
  });

  describe('who may', () => {
    it('only an operator changes them', async () => {
      const pkg = await draft();
      const body = { translations: { es: { name: 'Luces' } } };
      expect((await ctx.call(ctx.traveller, 'PATCH', `/api/admin/packages/${pkg.id}`, body)).statusCode).toBe(
        403,
      );
      expect((await ctx.call(null, 'PATCH', `/api/admin/packages/${pkg.id}`, body)).statusCode).toBe(401);
      expect(await stored(pkg.id)).toEqual({});
    });
  });
});
