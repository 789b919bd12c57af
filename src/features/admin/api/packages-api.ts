// The packages' ids and names for the console's selects, from the same public file the home page
// reads. Kept here because features do not import each other.
import { isTravelPackage } from '#contracts/package';

export type PackageOption = { id: string; name: string; price: number };

export async function getPackageOptions(signal?: AbortSignal): Promise<PackageOption[]> {
  const response = await fetch(packagesPath, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The packages could not be loaded (HTTP ${response.status}).`);
  return packageOptionsOf(await response.json());
}

export const packagesPath = '/packages.json';

export function packageOptionsOf(data: unknown): PackageOption[] {
  if (!Array.isArray(data)) throw new Error('The packages could not be read.');
  return data.filter(isTravelPackage).map(({ id, name, price }) => ({ id, name, price }));
}
