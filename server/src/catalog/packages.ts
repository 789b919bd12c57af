// The catalogue: the travel packages of public/packages.json as the server knows them, read with
// the shared schema (contracts/package.ts).
import { readFileSync } from 'node:fs';
import { catalogueSchema, type TravelPackage } from '#contracts/package';

export type ServerPackage = Pick<TravelPackage, 'id' | 'name' | 'price'>;

// The server's own copy of the catalogue: a booking's package name and price come from here,
// never from the client.
export function loadPackages(file: string): Map<string, ServerPackage> {
  const parsed = catalogueSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid packages file ${file}: ${parsed.error.message}`);
  return new Map(parsed.data.map((p) => [p.id, { id: p.id, name: p.name, price: p.price }]));
}
