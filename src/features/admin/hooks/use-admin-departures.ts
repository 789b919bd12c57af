import { useCallback } from 'react';
import { adminPaths, listDepartures } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';
import type { AdminDeparture, AdminDeparturesPage } from '#contracts/api';

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
  // A server-rendered page starts with what the server read (~/lib/page-data), when that was the
  // whole schedule (its first page the last one).
  const preloaded = usePreloaded<AdminDeparturesPage>(packageId ? adminPaths.departures(packageId) : null);
  const { state, retry, update } = useAsyncData(
    packageId || null,
    async (signal) => [...(await listDepartures(packageId, signal))].sort(byDate),
    preloaded && !preloaded.nextCursor ? [...preloaded.departures].sort(byDate) : undefined,
  );

  const put = useCallback(
    (departure: AdminDeparture) => {
      if (departure.packageId !== packageId) return;
      update((departures) => [...departures.filter((d) => d.id !== departure.id), departure].sort(byDate));
    },
    [packageId, update],
  );

  const list: DeparturesList = !packageId
    ? { status: 'idle' }
    : state.status === 'success'
      ? { status: 'ready', departures: state.data }
      : state;
  return { list, retry, put };
}
