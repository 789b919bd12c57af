import { getPackageOptions, packageOptionsOf, packagesPath } from '~/features/admin/api/packages-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';

export function usePackageOptions() {
  const preloaded = usePreloaded<unknown>(packagesPath);
  return useAsyncData(
    'admin-packages',
    getPackageOptions,
    preloaded === undefined ? undefined : packageOptionsOf(preloaded),
  );
}
