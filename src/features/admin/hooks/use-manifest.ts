import { adminPaths, getManifest } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';
import type { Manifest } from '#contracts/api';

export function useManifest(departureId: string) {
  const preloaded = usePreloaded<Manifest>(adminPaths.manifest(departureId));
  return useAsyncData(`manifest-${departureId}`, (signal) => getManifest(departureId, signal), preloaded);
}
