export type TravelPackage = {
  id: string;
  name: string;
  description: string;
  img: string;
  price: number;
};

function isTravelPackage(value: unknown): value is TravelPackage {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.id === 'string' &&
    typeof p.name === 'string' &&
    typeof p.description === 'string' &&
    typeof p.img === 'string' &&
    typeof p.price === 'number'
  );
}

// SPEC point 7: GET /packages.JSON. The file is served at /packages.json; the server answers
// the spec's spelling too. A hand check instead of zod keeps the home page's bundle small.
export const packagesPath = '/packages.json';

export async function getPackages(signal?: AbortSignal): Promise<TravelPackage[]> {
  const response = await fetch(packagesPath, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The packages could not be loaded (HTTP ${response.status}).`);
  const data: unknown = await response.json();
  if (!Array.isArray(data) || !data.every(isTravelPackage)) {
    throw new Error('The packages could not be read.');
  }
  return data;
}
