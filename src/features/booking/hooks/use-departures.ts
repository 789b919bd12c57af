import { getDepartures } from '~/lib/departures-api';
import { departuresPath } from '~/lib/departures-path';
import { failureMessage } from '~/lib/api-client';
import { usePreloaded } from '~/lib/page-data';
import { shownAs, useAsyncData, type Shown } from '~/lib/use-async-data';
import type { Departure } from '#contracts/api';
import { msg } from '#contracts/i18n';

export type DeparturesState = Shown<'departures', Departure[]>;

const failure = (error: unknown) => failureMessage(error, msg('The departure dates could not be loaded.'));

// The package's dates and seats. `refresh` reloads them quietly (after a 409 the seats changed):
// the dates stay on screen meanwhile, so the traveller's choice does not flicker away, and a
// refresh that fails keeps them (the server checks the seats anyway).
export function useDepartures(packageId: string) {
  // A server-rendered page starts with what the server read (~/lib/page-data).
  const preloaded = usePreloaded<{ departures: Departure[] }>(departuresPath(packageId));
  const { state, retry, refresh } = useAsyncData(
    packageId,
    (signal) => getDepartures(packageId, signal),
    preloaded?.departures,
  );
  return { state: shownAs(state, 'departures', failure), retry, refresh };
}
