import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminDeparture } from '~/contracts/admin';
import { adminPaths, listDepartures } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';

export type DeparturesList =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; departures: AdminDeparture[] };

const byDate = (a: AdminDeparture, b: AdminDeparture) =>
  a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0;

// A package's schedule, past departures included, ascending by date. `put` adds or replaces a
// departure as the server answered it, keeping the order.
export function useAdminDepartures(packageId: string) {
  // A server-rendered page starts with what the server read (~/lib/page-data).
  const preloaded = usePreloaded<{ departures: AdminDeparture[] }>(
    packageId ? adminPaths.departures(packageId) : null,
  );
  const [list, setList] = useState<DeparturesList>(
    preloaded
      ? { status: 'ready', departures: [...preloaded.departures].sort(byDate) }
      : { status: packageId ? 'loading' : 'idle' },
  );
  const [attempt, setAttempt] = useState(0);
  const preloadedFor = useRef(preloaded ? packageId : null);

  useEffect(() => {
    if (attempt === 0 && preloadedFor.current === packageId) {
      preloadedFor.current = null;
      return;
    }
    preloadedFor.current = null;
    if (!packageId) {
      setList({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setList({ status: 'loading' });
    listDepartures(packageId, controller.signal).then(
      (departures) => {
        if (!controller.signal.aborted)
          setList({ status: 'ready', departures: [...departures].sort(byDate) });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setList({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [packageId, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  const put = useCallback(
    (departure: AdminDeparture) => {
      setList((prev) => {
        if (prev.status !== 'ready' || departure.packageId !== packageId) return prev;
        const others = prev.departures.filter((d) => d.id !== departure.id);
        return { status: 'ready', departures: [...others, departure].sort(byDate) };
      });
    },
    [packageId],
  );

  return { list, retry, put };
}
