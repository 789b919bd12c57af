import type { TravelPackage } from '#contracts/package';
import { apiRequest } from '~/lib/api-client';
import { readPackageContent, type PackageContent } from '~/lib/catalogue';
import { useAsyncData } from '~/lib/use-async-data';

// GET /api/packages/{id}: a published package with every field (the itinerary, the gallery, the
// questions); also read by the package page's loader on the server (src/routes/package.tsx).
export const packagePath = (id: string) => `/api/packages/${encodeURIComponent(id)}`;

export async function getPackageContent(id: string, signal?: AbortSignal): Promise<PackageContent> {
  const data = await apiRequest<unknown>(packagePath(id), { signal, auth: false });
  const pkg = readPackageContent(data);
  if (!pkg) throw new Error('The package could not be read.');
  return pkg;
}

// The package with every field once it is there; until then, or when it cannot be loaded, the
// catalogue's entry (whatever fields it carries), so the page never waits on it to show.
export function usePackageContent(card: TravelPackage, preloaded?: unknown): PackageContent {
  const initial = readPackageContent(preloaded) ?? undefined;
  const { state } = useAsyncData(
    `package:${card.id}`,
    (signal) => getPackageContent(card.id, signal),
    initial,
  );
  if (state.status === 'success' && state.data.id === card.id) return state.data;
  return readPackageContent(card)!;
}
