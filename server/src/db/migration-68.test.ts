// @vitest-environment node
// Migration 68 gives each package a place for its texts in other languages (contracts/catalogue.ts
// packageTranslationsSchema): it adds only, so every package stored before it reads exactly as it
// did, English texts, lists, questions, images, terms and all, with no text translated; and the
// column holds an object, never anything else.
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { readCatalogue } from '../catalog/repository.js';

describeEach(storeCases())(
  'migration 68 (catalogue translations) on $name',
  { timeout: 120_000 },
  (store) => {
    it('keeps every stored package as it was, none translated, and takes only an object', async () => {
      const db = await store.reopen();
      try {
        await migrate(db, 67);
        await db.query(
          `INSERT INTO packages (id, name, description, price_cents, duration_days, itinerary, includes, excludes,
           questions, images, position, status)
         VALUES ('m68-fjords', 'Fjords & Lights', 'Northern lights, "quoted".', 210000, 6,
           '[{"title":"Arrive","body":"Check in."},{"title":"Kayaks","body":""}]',
           '["Five nights"]', '["Flights"]',
           '[{"id":"size","label":"T-shirt size","kind":"choice","choices":["S","M"],"required":true,"sensitive":false}]',
           '[]', 99, 'draft')`,
        );
        // And one with every default, as the first seed left them.
        await db.query(
          `INSERT INTO packages (id, name, description, price_cents) VALUES ('m68-plain', 'Plain', '', 100)`,
        );
        const columns = `id, name, description, price_cents, duration_days, itinerary, includes, excludes, questions,
        images, position, status, created_at, updated_at, deposit_percent, balance_due_days, cancellation_fees`;
        const before = (await db.query(`SELECT ${columns} FROM packages ORDER BY id`)).rows;
        expect(before.length).toBe(2);

        expect(await migrate(db)).toContain(68);
        const after = (await db.query(`SELECT ${columns} FROM packages ORDER BY id`)).rows;
        expect(after).toEqual(before);
        const translations = await db.query<{ translations: unknown }>(
          'SELECT DISTINCT translations FROM packages',
        );
        expect(translations.rows).toEqual([{ translations: {} }]);
        // The catalogue as every process reads it: the English as stored, nothing translated.
        const fjords = (await readCatalogue(db)).packages.find((p) => p.id === 'm68-fjords')!;
        expect(fjords).toMatchObject({
          name: 'Fjords & Lights',
          description: 'Northern lights, "quoted".',
          itinerary: [
            { title: 'Arrive', body: 'Check in.' },
            { title: 'Kayaks', body: '' },
          ],
          includes: ['Five nights'],
          translations: {},
        });

        await db.query(
          `UPDATE packages SET translations = '{"es":{"name":"Fiordos y auroras"}}' WHERE id = 'm68-fjords'`,
        );
        for (const wrong of ['null', '[]', '"Fiordos"']) {
          await expect(
            db.query(`UPDATE packages SET translations = $1::jsonb WHERE id = 'm68-fjords'`, [wrong]),
          ).rejects.toThrow();
        }
        const kept = await db.query<{ translations: unknown }>(
          `SELECT translations FROM packages WHERE id = 'm68-fjords'`,
        );
        expect(kept.rows[0]!.translations).toEqual({ es: { name: 'Fiordos y auroras' } });
        // Applied once: a restart applies nothing again.
        expect(await migrate(db)).toEqual([]);
      } finally {
        await db.close();
      }
    });
  },
);
