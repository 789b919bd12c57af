// The catalogue: the travel packages of public/packages.json as the server knows them.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const packageSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  price: z.number().nonnegative(),
});

export type ServerPackage = z.infer<typeof packageSchema>;

// The server's own copy of the catalogue: a booking's package name and price come from here,
// never from the client.
export function loadPackages(file: string): Map<string, ServerPackage> {
  const parsed = z.array(packageSchema.loose()).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid packages file ${file}: ${parsed.error.message}`);
  return new Map(parsed.data.map((p) => [p.id, { id: p.id, name: p.name, price: p.price }]));
}
