import { getPackages } from '~/features/packages/api/get-packages';
import type { TravelPackage } from '#contracts/package';
import { useAsyncData } from '~/lib/use-async-data';
import { shownText, translationIn, type ShownText } from '~/lib/catalogue-text';
import type { Language } from '#contracts/language';

type PackagesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; packages: TravelPackage[] };

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
  const shown: PackagesState =
    state.status === 'success'
      ? { status: 'success', packages: state.data }
      : state.status === 'error'
        ? { status: 'error', message: failure(state.error) }
        : state;
  return { state: shown, retry };
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

// A booked package's name as a page in `language` shows it: on an English page the name the
// booking stored, loading nothing; on another language's page the catalogue's translation of it
// (from the list the page's loader read, or the tab's cache, else fetched), and the stored English
// (lang="en") until then or when there is none.
export function usePackageNameIn(
  language: Language,
  id: string,
  english: string,
  preloaded?: TravelPackage[],
): ShownText {
  if (preloaded && typeof window !== 'undefined') cached ??= preloaded;
  const { state } = useAsyncData(language === 'en' ? null : 'packages', loadPackages, cached ?? preloaded);
  const pkg = state.status === 'success' ? state.data.find((p) => p.id === id) : undefined;
  return shownText(language, english, translationIn(pkg?.translations, language)?.name);
}
