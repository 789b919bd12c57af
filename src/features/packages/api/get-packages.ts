import { isTravelPackage, type TravelPackage } from '#contracts/package';

// The catalogue is the file served at /packages.json (the server answers /packages.JSON too).
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
