import type { Overview } from '#contracts/overview';
import { adminPaths, getOverview } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';

// The season at a glance (GET /api/admin/overview): what the server rendered the page with, else
// fetched once.
export function useOverview() {
  const preloaded = usePreloaded<Overview>(adminPaths.overview);
  return useAsyncData('overview', getOverview, preloaded);
}
