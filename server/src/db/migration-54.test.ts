// @vitest-environment node
// Migration 54 (docs/decisions/061-money-in-cents.md): packages' and departures' prices move from
// whole dollars to cents. Every stored price keeps its value ($1,450 reads 145000 cents), a
// departure without a price of its own still sells at its package's, and the API still answers
// whole dollars from the converted rows.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { listFutureDepartures } from '../departures/repository.js';
import { readCatalogue } from '../catalog/repository.js';

describeEach(storeCases())('migration 54 (prices in cents) on $name', { timeout: 180_000 }, (store) => {
  it('keeps every stored price, in cents, and the API reads the same dollars', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 53);
      const tag = randomUUID().slice(0, 8);
      const pkg = `m54-${tag}`;
      await db.query(
        `INSERT INTO packages (id, name, description, price, status) VALUES ($1, 'M54', 'Before', 1450, 'published')`,
        [pkg],
      );
      const own = randomUUID();
      const inherits = randomUUID();
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, price)
         VALUES ($1, $3, '2099-01-15', 12, 1390), ($2, $3, '2099-02-12', 12, NULL)`,
        [own, inherits, pkg],
      );
      expect(await migrate(db, 54)).toEqual([54]);

      const { rows: packages } = await db.query<{ price_cents: number }>(
        'SELECT price_cents FROM packages WHERE id = $1',
        [pkg],
      );
      expect(packages).toEqual([{ price_cents: 145_000 }]);
      const { rows: departures } = await db.query<{ id: string; price_cents: number | null }>(
        'SELECT id, price_cents FROM departures WHERE package_id = $1 ORDER BY starts_on',
        [pkg],
      );
      expect(departures).toEqual([
        { id: own, price_cents: 139_000 },
        { id: inherits, price_cents: null },
      ]);
      // The dollar columns are gone: nothing can read or write the old unit by mistake.
      await expect(db.query('SELECT price FROM packages')).rejects.toThrow();
      await expect(db.query('SELECT price FROM departures')).rejects.toThrow();

      // The answers keep their whole dollars (read by today's code: the later migrations first).
      await migrate(db);
      const catalogue = await readCatalogue(db);
      const stored = catalogue.packages.find((p) => p.id === pkg)!;
      expect(stored).toMatchObject({ price: 1450, priceCents: 145_000 });
      const listed = await listFutureDepartures(db, pkg, '2026-01-01', stored.priceCents);
      expect(listed.map((d) => d.price)).toEqual([1390, 1450]);

      // Cents that are not whole dollars, or outside the editor's bounds, are refused: the API's
      // whole-dollar prices are written from them without loss.
      for (const bad of [145_050, 0, 99, 10_000_100]) {
        await expect(
          db.query('UPDATE packages SET price_cents = $2 WHERE id = $1', [pkg, bad]),
        ).rejects.toThrow();
        await expect(
          db.query('UPDATE departures SET price_cents = $2 WHERE id = $1', [own, bad]),
        ).rejects.toThrow();
      }
    } finally {
      await db.close();
    }
  });
});
