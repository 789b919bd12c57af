import { useCallback } from 'react';
import type { AdminPackage, AdminPackages } from '#contracts/catalogue';
import { cataloguePaths, listAdminPackages } from '~/features/admin/api/catalogue-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';

// Every package of the catalogue in its order, drafts and archived ones included. `put` replaces
// one as the server answered a change (or adds it at the end); `replaceAll` takes a new order.
export function useAdminPackages() {
  // A server-rendered page starts with what the server read (~/lib/page-data).
  const preloaded = usePreloaded<AdminPackages>(cataloguePaths.packages);
  const { state, retry, update } = useAsyncData('admin-catalogue', listAdminPackages, preloaded?.packages);
  const put = useCallback(
    (pkg: AdminPackage, previousId = pkg.id) =>
      update((all) =>
        all.some((p) => p.id === previousId)
          ? all.map((p) => (p.id === previousId ? pkg : p))
          : [...all, pkg],
      ),
    [update],
  );
  const remove = useCallback((id: string) => update((all) => all.filter((p) => p.id !== id)), [update]);
  const replaceAll = useCallback((packages: AdminPackage[]) => update(() => packages), [update]);
  return { state, retry, put, remove, replaceAll };
}
