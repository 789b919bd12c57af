import { useCallback, useEffect, useRef, useState } from 'react';
import type { Departure } from '~/contracts/departure';
import { departuresPath } from '~/features/booking/api/booking-paths';
import { getDepartures } from '~/features/booking/api/departures-api';
import { ApiError } from '~/lib/api-client';
import { usePreloaded } from '~/lib/page-data';

export type DeparturesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; departures: Departure[] };

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The departure dates could not be loaded.';

// The package's dates and seats. `refresh` reloads them quietly (after a 409 the seats changed):
// the dates stay on screen meanwhile, so the traveller's choice does not flicker away.
export function useDepartures(packageId: string) {
  const preloaded = usePreloaded<{ departures: Departure[] }>(departuresPath(packageId));
  const [state, setState] = useState<DeparturesState>(
    preloaded ? { status: 'success', departures: preloaded.departures } : { status: 'loading' },
  );
  // The server's answer stands for the first load of this package.
  const preloadedFor = useRef(preloaded ? packageId : null);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    async (quiet: boolean) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      if (!quiet) setState({ status: 'loading' });
      try {
        const departures = await getDepartures(packageId, current.signal);
        if (!current.signal.aborted) setState({ status: 'success', departures });
      } catch (error) {
        if (current.signal.aborted) return;
        // A quiet refresh that fails keeps the dates already shown; the server checks seats anyway.
        setState((previous) =>
          quiet && previous.status === 'success' ? previous : { status: 'error', message: failure(error) },
        );
      }
    },
    [packageId],
  );

  useEffect(() => {
    if (preloadedFor.current === packageId) {
      preloadedFor.current = null;
      return;
    }
    void load(false);
    return () => controller.current?.abort();
  }, [load, packageId]);

  const retry = useCallback(() => void load(false), [load]);
  const refresh = useCallback(() => load(true), [load]);
  return { state, retry, refresh };
}
