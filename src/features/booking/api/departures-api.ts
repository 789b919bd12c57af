import type { Departure } from '~/contracts/departure';
import { departuresPath } from '~/features/booking/api/booking-paths';
import { apiRequest } from '~/lib/api-client';

// Public: seats left are no secret, and the dates can show before the ID token is ready.
export async function getDepartures(packageId: string, signal?: AbortSignal): Promise<Departure[]> {
  const data = await apiRequest<{ departures: Departure[] }>(departuresPath(packageId), {
    signal,
    auth: false,
  });
  return data.departures;
}
