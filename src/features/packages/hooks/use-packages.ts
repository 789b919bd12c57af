import { getPackages } from '~/features/packages/api/get-packages';
import type { TravelPackage } from '#contracts/package';
import { shownAs, useAsyncData } from '~/lib/use-async-data';
import { useMemo } from 'react';
import { translationIn } from '~/lib/catalogue-text';
import type { TranslatedNames } from '~/lib/package-names';
import type { Language } from '#contracts/language';
import { msg } from '#contracts/i18n';

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
  if (offline) return msg('You appear to be offline, so the packages could not be loaded.');
  return error instanceof Error && !(error instanceof TypeError)
    ? error.message
    : msg('The packages could not be loaded. Please check your connection.');
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

// The catalogue's names in `language`, for a route that shows bookings (src/lib/package-names.ts):
// on an English page none, loading nothing (a booking shows its name as booked); on another
// language's page from the list the page's loader read, or the tab's cache, else fetched.
export function useTranslatedNames(language: Language, preloaded?: TravelPackage[]): TranslatedNames {
  if (preloaded && typeof window !== 'undefined') cached ??= preloaded;
  const { state } = useAsyncData(language === 'en' ? null : 'packages', loadPackages, cached ?? preloaded);
  const list = state.status === 'success' ? state.data : undefined;
  return useMemo(() => {
    const names = new Map(list?.map((p) => [p.id, translationIn(p.translations, language)?.name]));
    return (id: string) => names.get(id);
  }, [list, language]);
}
