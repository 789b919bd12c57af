import { getManifest } from '~/features/admin/api/admin-api';
import { useAsyncData } from '~/lib/use-async-data';

export function useManifest(departureId: string) {
  return useAsyncData(`manifest-${departureId}`, (signal) => getManifest(departureId, signal));
}
