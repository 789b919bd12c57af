import { useCallback, useEffect, useState } from 'react';
import { getPackages, type TravelPackage } from '~/features/packages/api/get-packages';

type PackagesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; packages: TravelPackage[] };

// Kept for the tab's lifetime so returning to the page shows the grid at once.
let cached: TravelPackage[] | undefined;

export function resetPackagesCache() {
  cached = undefined;
}

// `preloaded`: the list as the server read it for a server-rendered page (~/lib/page-data); the
// home page does not pass it, so it does not load that module.
export function usePackages(preloaded?: TravelPackage[]) {
  if (preloaded && typeof window !== 'undefined') cached ??= preloaded;
  const [state, setState] = useState<PackagesState>(() => {
    const packages = cached ?? preloaded;
    return packages ? { status: 'success', packages } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (cached) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getPackages(controller.signal).then(
      (packages) => {
        cached = packages;
        setState({ status: 'success', packages });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = typeof navigator !== 'undefined' && !navigator.onLine;
        setState({
          status: 'error',
          message: offline
            ? 'You appear to be offline, so the packages could not be loaded.'
            : error instanceof Error && !(error instanceof TypeError)
              ? error.message
              : 'The packages could not be loaded. Please check your connection.',
        });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
