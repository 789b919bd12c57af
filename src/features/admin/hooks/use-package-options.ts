import { getPackageOptions } from '~/features/admin/api/packages-api';
import { useAsyncData } from '~/lib/use-async-data';

export function usePackageOptions() {
  return useAsyncData('admin-packages', getPackageOptions);
}
