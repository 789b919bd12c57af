// The packages table (migration 16): every read and write of the catalogue. Each write runs in one
// transaction with its audit row (who, which package, which fields; never the values) and bumps
// catalogue_state.version with a NOTIFY, so every process reloads its copy (./store.ts).
import { randomUUID } from 'node:crypto';
import type { CataloguePackage, NewPackage, PackageChange, PackageStatus } from '#contracts/catalogue';
import type { Database, Queryable } from '../db/database.js';
import type { Selectable } from 'kysely';
import type { PackagesTable, StoredImage } from '../db/schema.js';
import { publicImage, type ProcessedImage } from './images.js';
import { centsToDollars, dollarsToCents } from '#contracts/money';
import { todayIso } from '#contracts/iso-dates';
import { defaultPaymentTerms } from '#contracts/payment';

export const catalogueChannel = 'wayfarer_catalogue';

const packageFields = [
  'id',
  'name',
  'description',
  'price_cents',
  'status',
  'duration_days',
  'itinerary',
  'includes',
  'excludes',
  'questions',
  'images',
  'position',
  'updated_at',
  'deposit_percent',
  'balance_due_days',
  'cancellation_fees',
  'translations',
] as const;
type PackageRow = Pick<Selectable<PackagesTable>, (typeof packageFields)[number]>;
const packageColumns = packageFields.join(', ');

// With its price in cents as stored: what the server computes with (./packages.ts).
// Cents: the lowest and highest price of a package's upcoming open dates.
type UpcomingPrices = { low: number; high: number };

export type StoredPackage = CataloguePackage & { storedImages: StoredImage[]; priceCents: number };

export const toPackage = (row: PackageRow, upcoming?: UpcomingPrices): StoredPackage => {
  const images = row.images.map(publicImage);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    img: images[0]?.url ?? '',
    // The API's price is whole dollars (contracts/catalogue.ts); the table holds cents.
    price: centsToDollars(row.price_cents),
    ...(upcoming && upcoming.low !== upcoming.high ? { fromPrice: centsToDollars(upcoming.low) } : {}),
    status: row.status,
    durationDays: row.duration_days,
    itinerary: row.itinerary,
    includes: row.includes,
    excludes: row.excludes,
    images,
    questions: row.questions,
    position: row.position,
    updatedAt: new Date(row.updated_at).toISOString(),
    depositPercent: row.deposit_percent,
    balanceDueDays: row.balance_due_days,
    cancellationFees: row.cancellation_fees,
    translations: row.translations,
    storedImages: row.images,
    priceCents: row.price_cents,
  };
};

export async function catalogueVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: string | number }>(
    'SELECT version FROM catalogue_state WHERE id = 1',
  );
  return Number(rows[0]?.version ?? 0);
}

// The whole catalogue, every status, in position order, with the version it was read at (one
// transaction: the two agree).
// `today`: dates after it are upcoming (UTC, as the public departures list counts them).
export async function readCatalogue(
  db: Database,
  today = todayIso('UTC'),
): Promise<{ version: number; packages: StoredPackage[] }> {
  return db.transaction(async (tx) => {
    const version = await catalogueVersion(tx);
    const { rows } = await tx.query<PackageRow>(
      `SELECT ${packageColumns} FROM packages ORDER BY position, id`,
    );
    // The lowest and highest price of each package's upcoming open dates (its own, else the
    // package's). A change to a departure's price, status or date bumps the version this was read
    // at (migration 54's trigger), so every process reads these again.
    const { rows: prices } = await tx.query<UpcomingPrices & { package_id: string }>(
      `SELECT d.package_id, min(coalesce(d.price_cents, p.price_cents))::int AS low,
              max(coalesce(d.price_cents, p.price_cents))::int AS high
         FROM departures d JOIN packages p ON p.id = d.package_id
        WHERE d.status = 'open' AND d.starts_on > $1
        GROUP BY d.package_id`,
      [today],
    );
    const upcoming = new Map(prices.map((r) => [r.package_id, r]));
    return { version, packages: rows.map((row) => toPackage(row, upcoming.get(row.id))) };
  });
}

export type CatalogueActor = { type: 'operator' | 'system'; name: string };

type AuditAction =
  | 'package.seeded'
  | 'package.created'
  | 'package.changed'
  | 'package.deleted'
  | 'package.reordered'
  | 'package.image-added';

// The change's audit row and the version bump that tells every process (NOTIFY is delivered when
// the transaction commits, never for one rolled back).
async function recordChange(
  tx: Queryable,
  entries: { actor: CatalogueActor; action: AuditAction; packageId: string; fields?: string }[],
) {
  for (const e of entries) {
    await tx.query(
      `INSERT INTO audit_events (package_id, actor_type, actor, action, to_value) VALUES ($1, $2, $3, $4, $5)`,
      [e.packageId, e.actor.type, e.actor.name, e.action, e.fields ?? null],
    );
  }
  const { rows } = await tx.query<{ version: string }>(
    'UPDATE catalogue_state SET version = version + 1 WHERE id = 1 RETURNING version',
  );
  await tx.query('SELECT pg_notify($1, $2)', [catalogueChannel, String(rows[0]!.version)]);
}

const lockPackage = async (tx: Queryable, id: string) =>
  (await tx.query<PackageRow>(`SELECT ${packageColumns} FROM packages WHERE id = $1 FOR UPDATE`, [id]))
    .rows[0];

export type Outcome =
  | { kind: 'ok'; pkg: StoredPackage }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; fieldErrors: Record<string, string> };

// POST /api/admin/packages: a draft at the end of the order.
export async function createPackage(
  db: Database,
  input: NewPackage,
  actor: CatalogueActor,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<PackageRow>(
      `INSERT INTO packages (id, name, description, price_cents, duration_days, itinerary, includes, excludes, questions, position,
         deposit_percent, balance_due_days, cancellation_fees, translations)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb,
               (SELECT coalesce(max(position), -1) + 1 FROM packages), $10, $11, $12::jsonb, $13::jsonb)
       ON CONFLICT (id) DO NOTHING
       RETURNING ${packageColumns}`,
      [
        input.id,
        input.name,
        input.description,
        dollarsToCents(input.price),
        input.durationDays ?? null,
        JSON.stringify(input.itinerary ?? []),
        JSON.stringify(input.includes ?? []),
        JSON.stringify(input.excludes ?? []),
        JSON.stringify(input.questions ?? []),
        input.depositPercent ?? defaultPaymentTerms.depositPercent,
        input.balanceDueDays ?? defaultPaymentTerms.balanceDueDays,
        JSON.stringify(input.cancellationFees ?? defaultPaymentTerms.cancellationFees),
        JSON.stringify(input.translations ?? {}),
      ],
    );
    if (!rows[0]) return { kind: 'conflict', message: `The id "${input.id}" is taken: choose another.` };
    await recordChange(tx, [
      { actor, action: 'package.created', packageId: input.id, fields: Object.keys(input).join(', ') },
    ]);
    return { kind: 'ok', pkg: toPackage(rows[0]) };
  });
}

const allowedMoves: Record<PackageStatus, PackageStatus[]> = {
  draft: ['published'],
  published: ['archived'],
  archived: ['published'],
};

// Each field's column, whether it is jsonb, and how its value is stored (a price in cents).
const columnOf: Record<string, [string, boolean, ((value: never) => unknown)?]> = {
  name: ['name', false],
  description: ['description', false],
  price: ['price_cents', false, dollarsToCents],
  durationDays: ['duration_days', false],
  itinerary: ['itinerary', true],
  includes: ['includes', true],
  excludes: ['excludes', true],
  questions: ['questions', true],
  depositPercent: ['deposit_percent', false],
  balanceDueDays: ['balance_due_days', false],
  cancellationFees: ['cancellation_fees', true],
  // The whole set of translations, as the console's editor sends it with the English beside it.
  translations: ['translations', true],
};

// PATCH /api/admin/packages/{id}.
export async function changePackage(
  db: Database,
  id: string,
  change: PackageChange,
  actor: CatalogueActor,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, id);
    if (!current) return { kind: 'not-found' };
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown, json = false) => {
      params.push(json ? JSON.stringify(value) : value);
      sets.push(`${column} = $${params.length}${json ? '::jsonb' : ''}`);
    };
    const fields: string[] = [];
    for (const [key, [column, json, stored]] of Object.entries(columnOf)) {
      const value = (change as Record<string, unknown>)[key];
      if (value === undefined) continue;
      set(column, stored ? stored(value as never) : value, json);
      fields.push(key);
    }
    let images = current.images;
    if (change.images) {
      const byId = new Map(current.images.map((img) => [img.id, img]));
      const fieldErrors: Record<string, string> = {};
      const seen = new Set<string>();
      change.images.forEach((img, i) => {
        if (!byId.has(img.id)) fieldErrors[`images.${i}.id`] = 'This image is not one of the package.';
        else if (seen.has(img.id)) fieldErrors[`images.${i}.id`] = 'This image is listed twice.';
        seen.add(img.id);
      });
      if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
      images = change.images.map((img) => ({ ...byId.get(img.id)!, alt: img.alt }));
      set('images', images, true);
      fields.push('images');
    }
    if (change.status !== undefined && change.status !== current.status) {
      if (!allowedMoves[current.status].includes(change.status)) {
        return {
          kind: 'conflict',
          message:
            change.status === 'draft'
              ? 'A package that was published cannot go back to draft: archive it to take it off the site.'
              : 'A draft can only be published (archive it once it has been on the site).',
        };
      }
      if (change.status === 'published' && images.length === 0) {
        return {
          kind: 'conflict',
          message: 'Add a cover image before publishing: the first image is the cover.',
        };
      }
      set('status', change.status);
      fields.push('status');
    } else if (current.status === 'published' && change.images && images.length === 0) {
      return { kind: 'conflict', message: 'A published package keeps at least one image (its cover).' };
    }
    let newId = id;
    if (change.id !== undefined && change.id !== id) {
      if (current.status !== 'draft') {
        return {
          kind: 'conflict',
          message: 'The id can change only while the package is a draft: its links are out.',
        };
      }
      const taken = await tx.query('SELECT 1 FROM packages WHERE id = $1', [change.id]);
      if (taken.rows.length > 0)
        return { kind: 'conflict', message: `The id "${change.id}" is taken: choose another.` };
      set('id', change.id);
      fields.push('id');
      newId = change.id;
    }
    if (sets.length === 0) return { kind: 'ok', pkg: toPackage(current) };
    const { rows } = await tx.query<PackageRow>(
      `UPDATE packages SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${packageColumns}`,
      params,
    );
    if (newId !== id) {
      // A draft's departures follow it (it has no bookings: drafts cannot be booked).
      await tx.query('UPDATE departures SET package_id = $2 WHERE package_id = $1', [id, newId]);
      await tx.query('UPDATE audit_events SET package_id = $2 WHERE package_id = $1', [id, newId]);
    }
    await recordChange(tx, [
      { actor, action: 'package.changed', packageId: newId, fields: fields.join(', ') },
    ]);
    return { kind: 'ok', pkg: toPackage(rows[0]!) };
  });
}

// DELETE /api/admin/packages/{id}: a draft never booked, with its departures.
export async function deletePackage(
  db: Database,
  id: string,
  actor: CatalogueActor,
): Promise<{ kind: 'ok' } | { kind: 'not-found' } | { kind: 'conflict'; message: string }> {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, id);
    if (!current) return { kind: 'not-found' };
    if (current.status !== 'draft') {
      return {
        kind: 'conflict',
        message: 'Only a draft can be deleted: archive this package to take it off the site.',
      };
    }
    const booked = await tx.query('SELECT 1 FROM bookings WHERE package_id = $1 LIMIT 1', [id]);
    if (booked.rows.length > 0) {
      return { kind: 'conflict', message: 'This package has bookings: archive it instead.' };
    }
    await tx.query('DELETE FROM departures WHERE package_id = $1', [id]);
    await tx.query('DELETE FROM packages WHERE id = $1', [id]);
    await recordChange(tx, [{ actor, action: 'package.deleted', packageId: id }]);
    return { kind: 'ok' };
  });
}

// PUT /api/admin/packages/order: every id exactly once.
export async function reorderPackages(
  db: Database,
  ids: string[],
  actor: CatalogueActor,
): Promise<{ kind: 'ok' } | { kind: 'invalid'; message: string }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM packages ORDER BY id FOR UPDATE');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      return { kind: 'invalid', message: 'Send every package id exactly once, in the new order.' };
    }
    const moved = await tx.query<{ id: string }>(
      `UPDATE packages p SET position = o.ord - 1 FROM unnest($1::text[]) WITH ORDINALITY AS o(id, ord)
       WHERE p.id = o.id AND p.position <> o.ord - 1 RETURNING p.id`,
      [ids],
    );
    // One audit row per package that moved (the order the same as before: nothing to record).
    if (moved.rows.length === 0) return { kind: 'ok' };
    const order = new Map(ids.map((id, i) => [id, i]));
    await recordChange(
      tx,
      moved.rows
        .map((r) => r.id)
        .sort((a, b) => order.get(a)! - order.get(b)!)
        .map((packageId) => ({ actor, action: 'package.reordered' as const, packageId, fields: 'position' })),
    );
    return { kind: 'ok' };
  });
}

// Stores an image's variants (shared by content: the same bytes twice are stored once) and adds it
// at the end of the package's images.
export async function addImage(
  db: Database,
  id: string,
  processed: ProcessedImage,
  alt: string,
  actor: CatalogueActor | null,
): Promise<
  { kind: 'ok'; image: StoredImage } | { kind: 'not-found' } | { kind: 'conflict'; message: string }
> {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, id);
    if (!current) return { kind: 'not-found' };
    if (current.images.length >= 20)
      return { kind: 'conflict', message: 'A package has at most 20 images: remove one first.' };
    await storeVariants(tx, processed);
    const image: StoredImage = {
      id: randomUUID(),
      alt,
      hash: processed.hash,
      width: processed.width,
      height: processed.height,
      widths: processed.widths,
    };
    await tx.query(`UPDATE packages SET images = images || $2::jsonb, updated_at = now() WHERE id = $1`, [
      id,
      JSON.stringify([image]),
    ]);
    await recordChange(tx, [
      {
        actor: actor ?? { type: 'system', name: 'system' },
        action: 'package.image-added',
        packageId: id,
        fields: 'images',
      },
    ]);
    return { kind: 'ok', image };
  });
}

export async function storeVariants(tx: Queryable, processed: Pick<ProcessedImage, 'hash' | 'variants'>) {
  for (const v of processed.variants) {
    await tx.query(
      `INSERT INTO image_variants (hash, width, format, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [processed.hash, v.width, v.format, v.bytes],
    );
  }
}

export async function readVariant(db: Queryable, hash: string, width: number, format: string) {
  const { rows } = await db.query<{ bytes: Buffer | Uint8Array }>(
    'SELECT bytes FROM image_variants WHERE hash = $1 AND width = $2 AND format = $3',
    [hash, width, format],
  );
  return rows[0] ? Buffer.from(rows[0].bytes) : undefined;
}

// The console's counts: departures from today on and active bookings, per package.
export async function packageCounts(db: Queryable, today: string) {
  const { rows } = await db.query<{ id: string; departures: number; bookings: number }>(
    `SELECT p.id,
       (SELECT count(*)::int FROM departures d WHERE d.package_id = p.id AND d.starts_on >= $1) AS departures,
       (SELECT count(*)::int FROM bookings b WHERE b.package_id = p.id AND b.status IN ('requested', 'confirmed')) AS bookings
     FROM packages p`,
    [today],
  );
  return new Map(rows.map((r) => [r.id, { upcomingDepartures: r.departures, activeBookings: r.bookings }]));
}

export { recordChange as recordCatalogueChange, lockPackage };
