import { useCallback, useEffect, useState } from 'react';
import type { AdminDeparture } from '~/contracts/admin';
import { listDepartures } from '~/features/admin/api/admin-api';

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
  const [list, setList] = useState<DeparturesList>({ status: packageId ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
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
