import { getPackages } from '~/features/packages/api/get-packages';
import type { TravelPackage } from '#contracts/package';
import { shownAs, useAsyncData } from '~/lib/use-async-data';

// Kept for the tab's lifetime so returning to the page shows the grid at once.
let cached: TravelPackage[] | undefined;

export function resetPackagesCache() {
  cached = undefined;
}

const loadPackages = async (signal: AbortSignal) => {
  const packages = await getPackages(signal);
  cached = packages;
  return packages;
};

function failure(error: unknown) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (offline) return 'You appear to be offline, so the packages could not be loaded.';
  return error instanceof Error && !(error instanceof TypeError)
    ? error.message
    : 'The packages could not be loaded. Please check your connection.';
}

// `preloaded`: the list as the server read it for a server-rendered page (~/lib/page-data), or
// as the server's live catalogue held it when it rendered the home page (its route's loader).
export function usePackages(preloaded?: TravelPackage[]) {
  if (preloaded && typeof window !== 'undefined') cached ??= preloaded;
  const { state, retry } = useAsyncData('packages', loadPackages, cached ?? preloaded);
  return { state: shownAs(state, 'packages', failure), retry };
}

// A package's name by id, loading the catalogue only when there is an id: "" while it loads,
// null when the catalogue has no such package or could not be read.
export function usePackageName(id: string | null): string | null {
  const { state } = useAsyncData(id === null ? null : 'packages', loadPackages, cached);
  if (id === null) return null;
  if (state.status === 'loading') return '';
  if (state.status === 'error') return null;
  return state.data.find((p) => p.id === id)?.name ?? null;
}
