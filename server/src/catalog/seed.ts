// The first start of contract v4 fills the packages table from public/packages.json, once (ids
// kept, so bookings, links and departures still work), whichever process gets there first. From
// then on the console owns the catalogue: deleting every package does not bring the file back.
// Each package's drawn art (public/img/<img>-<width>.avif|webp, scripts/build-images.ts) becomes
// its first image, imported as it was built.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import * as z from 'zod/mini';
import {
  durationDaysSchema,
  excludesSchema,
  includesSchema,
  itinerarySchema,
  questionsSchema,
} from '#contracts/catalogue';
import type { Database } from '../db/database.js';
import type { StoredImage } from '../db/schema.js';
import { dollarsToCents } from '#contracts/money';
import { imageFormats, type Variant } from './images.js';
import { readSeedFile, type SeedPackage } from './packages.js';
import { recordCatalogueChange, storeVariants } from './repository.js';

const seedLock = 7_260_417;
// The widths scripts/build-images.ts draws the cards at (src/lib/images.ts imageWidths.card).
const drawnWidths = [400, 800];

// The drawn art of one package, or none when the files are not there (a minimal test site).
async function drawnImage(imgDir: string, pkg: SeedPackage) {
  if (!pkg.img || !/^[a-z0-9-]+$/.test(pkg.img)) return undefined;
  const variants: Variant[] = [];
  for (const width of drawnWidths) {
    for (const format of imageFormats) {
      const file = join(imgDir, `${pkg.img}-${width}.${format}`);
      if (!existsSync(file)) return undefined;
      variants.push({ width, format, bytes: readFileSync(file) });
    }
  }
  const largest = variants.find((v) => v.width === drawnWidths.at(-1) && v.format === 'webp')!;
  const meta = await sharp(largest.bytes).metadata();
  const hash = createHash('sha256')
    .update(Buffer.concat(variants.map((v) => v.bytes)))
    .digest('hex')
    .slice(0, 32);
  const image: StoredImage = {
    id: createHash('sha256').update(`seed:${pkg.id}`).digest('hex').slice(0, 32),
    alt: pkg.name,
    hash,
    width: meta.width ?? drawnWidths.at(-1)!,
    height: meta.height ?? Math.round((drawnWidths.at(-1)! * 2) / 3),
    widths: drawnWidths,
  };
  return { image, variants: { hash, variants } };
}

// An optional field of the file, kept only when it passes the contract's rules.
const valid = <T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined => {
  if (value === undefined) return undefined;
  const result = z.safeParse(schema, value);
  return result.success ? result.data : undefined;
};

export async function seedCatalogue(db: Database, file: string, imgDir: string): Promise<number> {
  // Read and decoded before the transaction: it holds a lock other processes wait on.
  if (!existsSync(file)) return 0;
  const seeds = readSeedFile(file);
  const drawn = new Map<string, Awaited<ReturnType<typeof drawnImage>>>();
  for (const pkg of seeds) drawn.set(pkg.id, await drawnImage(imgDir, pkg));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [seedLock]);
    const { rows } = await tx.query<{ seeded_at: unknown }>(
      'SELECT seeded_at FROM catalogue_state WHERE id = 1',
    );
    if (rows[0]?.seeded_at) return 0;
    let position = 0;
    for (const pkg of seeds) {
      const art = drawn.get(pkg.id);
      if (art) await storeVariants(tx, art.variants);
      await tx.query(
        `INSERT INTO packages (id, name, description, price_cents, status, duration_days, itinerary, includes,
           excludes, questions, images, position)
         VALUES ($1, $2, $3, $4, 'published', $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, $11)
         ON CONFLICT (id) DO NOTHING`,
        [
          pkg.id,
          pkg.name,
          pkg.description,
          // Whole dollars, at least one, as cents (migration 54).
          dollarsToCents(Math.max(1, Math.round(pkg.price))),
          valid(durationDaysSchema, pkg.durationDays) ?? null,
          JSON.stringify(valid(itinerarySchema, pkg.itinerary) ?? []),
          JSON.stringify(valid(includesSchema, pkg.includes) ?? []),
          JSON.stringify(valid(excludesSchema, pkg.excludes) ?? []),
          JSON.stringify(valid(questionsSchema, pkg.questions) ?? []),
          JSON.stringify(art ? [art.image] : []),
          position++,
        ],
      );
    }
    await tx.query('UPDATE catalogue_state SET seeded_at = now() WHERE id = 1');
    await recordCatalogueChange(
      tx,
      seeds.map((p) => ({
        actor: { type: 'system' as const, name: 'system' },
        action: 'package.seeded' as const,
        packageId: p.id,
      })),
    );
    return seeds.length;
  });
}
