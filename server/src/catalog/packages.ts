// The catalogue as the server knows it: what a booking needs of a package (its name, price and
// status), read by every route through one live Map that server/src/catalog/store.ts keeps equal
// to the packages table. public/packages.json is only the first seed (./seed.ts).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CataloguePackage } from '#contracts/catalogue';
import { dollarsToCents } from '#contracts/money';

// Its price is per person, in cents (contracts/money.ts): the price of departures without one of
// their own. Its payment terms are copied onto each booking (contracts/payment.ts); a package built
// without them (tests' seed Map) books on the defaults.
export type ServerPackage = Pick<CataloguePackage, 'id' | 'name' | 'status'> & { priceCents: number } &
  Partial<Pick<CataloguePackage, 'depositPercent' | 'balanceDueDays' | 'cancellationFees'>>;

// A package as public/packages.json gives it: the four fields of the spec, and the optional
// content of contract v4 (checked again against contracts/catalogue.ts when seeded).
const seedSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(''),
  img: z.string().default(''),
  price: z.number().nonnegative(),
  durationDays: z.number().int().optional(),
  itinerary: z.array(z.object({ title: z.string(), body: z.string().default('') })).optional(),
  includes: z.array(z.string()).optional(),
  excludes: z.array(z.string()).optional(),
  questions: z.array(z.unknown()).optional(),
});
export type SeedPackage = z.infer<typeof seedSchema>;

export function readSeedFile(file: string): SeedPackage[] {
  const parsed = z.array(seedSchema).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid packages file ${file}: ${parsed.error.message}`);
  return parsed.data;
}

// The seed file's packages as a Map, all published: tests use it to know the seeded ids and
// prices before any database is open.
export function loadPackages(file: string): Map<string, ServerPackage> {
  return new Map(
    readSeedFile(file).map((p) => [
      p.id,
      {
        id: p.id,
        name: p.name,
        priceCents: dollarsToCents(Math.max(1, Math.round(p.price))),
        status: 'published' as const,
      },
    ]),
  );
}
