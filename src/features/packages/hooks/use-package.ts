import type { TravelPackage } from '#contracts/package';
import { usePackages } from '~/features/packages/hooks/use-packages';

// The package page picks the package whose id equals the route id.
export function usePackage(id: string | undefined, preloaded?: TravelPackage[]) {
  const { state, retry } = usePackages(preloaded);
  if (state.status !== 'success') return { state, retry };
  const pkg = state.packages.find((p) => p.id === id);
  return { state: pkg ? ({ status: 'found', pkg } as const) : ({ status: 'not-found' } as const), retry };
}
