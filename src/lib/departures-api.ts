import { apiRequest } from '~/lib/api-client';
import type { Departure } from '#contracts/api';
import { departuresPath } from '~/lib/departures-path';

// Public: seats left are no secret, and the dates can show before the ID token is ready. Shared by
// the booking form and the home page's package cards.
export async function getDepartures(packageId: string, signal?: AbortSignal): Promise<Departure[]> {
  const data = await apiRequest<{ departures: Departure[] }>(departuresPath(packageId), {
    signal,
    auth: false,
  });
  return data.departures;
}
