// @vitest-environment node
// An image no package uses any more is purged after the grace period, and its URLs answer 404;
// one a package uses stays, as does one taken back into use before the period ended.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { useAdminApp } from '../test/console-kit.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';
import { defaultImageGraceDays, purgeUnusedImages } from './image-purge.js';

const day = 86_400_000;

describeEach(storeCases())('image purge on $name', { timeout: 60_000 }, (store) => {
  const ctx = useAdminApp(store);

  const addVariants = async (hash: string) => {
    for (const width of [400, 800]) {
      await ctx.db.query(
        `INSERT INTO image_variants (hash, width, format, bytes) VALUES ($1, $2, 'webp', $3)`,
        [hash, width, randomBytes(64)],
      );
    }
  };
  const useIn = async (packageId: string, hash: string) =>
    ctx.db.query(
      `UPDATE packages SET images = images || jsonb_build_array(jsonb_build_object(
         'id', $2::text, 'alt', 'A view', 'hash', $2::text, 'width', 800, 'height', 600, 'widths', jsonb_build_array(400, 800)))
       WHERE id = $1`,
      [packageId, hash],
    );
  const dropFrom = async (packageId: string, hash: string) =>
    ctx.db.query(
      `UPDATE packages SET images = coalesce((SELECT jsonb_agg(i) FROM jsonb_array_elements(images) i
         WHERE i->>'hash' <> $2), '[]'::jsonb) WHERE id = $1`,
      [packageId, hash],
    );
  const get = (hash: string, width: number) => ctx.app.inject({ url: `/images/${hash}.${width}.webp` });

  it('purges an image removed from its package after the grace period; keeps used and re-used ones', async () => {
    const { rows } = await ctx.db.query<{ id: string }>('SELECT id FROM packages ORDER BY id LIMIT 1');
    const packageId = rows[0]!.id;
    const hex = () => randomBytes(16).toString('hex');
    const [removed, used, back] = [hex(), hex(), hex()];
    for (const hash of [removed, used, back]) {
      await addVariants(hash);
      await useIn(packageId, hash);
    }
    expect((await get(removed, 400)).statusCode).toBe(200);
    const start = new Date();
    // The operator removes two of them.
    await dropFrom(packageId, removed);
    await dropFrom(packageId, back);
    expect(await purgeUnusedImages(ctx.db, { now: start })).toBe(0);
    // One is put back within the grace period.
    await useIn(packageId, back);
    await purgeUnusedImages(ctx.db, { now: new Date(start.getTime() + day) });
    const later = new Date(start.getTime() + (defaultImageGraceDays + 1) * day);
    expect(await purgeUnusedImages(ctx.db, { now: later })).toBe(2);
    expect((await get(removed, 800)).statusCode).toBe(404);
    expect((await ctx.db.query('SELECT 1 FROM image_variants WHERE hash = $1', [removed])).rows).toEqual([]);
    expect((await get(used, 800)).statusCode).toBe(200);
    expect((await get(back, 800)).statusCode).toBe(200);
  });
});
