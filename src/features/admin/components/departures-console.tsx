import { SelectField } from '~/components/field';
import { useCallback, useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { AddDepartureForm } from '~/features/admin/components/add-departure-form';
import { DeparturesTable } from '~/features/admin/components/departures-table';
import { Flash } from '~/features/admin/components/flash';
import { TableSkeleton } from '~/features/admin/components/table-skeleton';
import { useAdminDepartures } from '~/features/admin/hooks/use-admin-departures';
import { useFlash } from '~/features/admin/hooks/use-flash';
import { usePackageOptions } from '~/features/admin/hooks/use-package-options';
import { formatTripDate, plural } from '#contracts/format';
import { failureMessage } from '~/lib/api-client';
import { todayIso } from '#contracts/iso-dates';
import { useHydrated } from '~/lib/use-hydrated';
import type { AdminDeparture } from '#contracts/api';
import { NamedOptions } from '~/components/options';

// /admin/departures?packageId=: one package's schedule, a form to add a date, capacity and
// closing per date. The package is in the URL so a reload or a link opens the same schedule.
export function DeparturesConsole() {
  const [params, setParams] = useSearchParams();
  const packages = usePackageOptions();
  const packageList = packages.state.status === 'success' ? packages.state.data : [];
  const requested = params.get('packageId') ?? '';
  const packageId = requested || packageList[0]?.id || '';
  const chosen = packageList.find((p) => p.id === packageId);
  const { list, retry, put } = useAdminDepartures(packageId);
  const flash = useFlash();
  const { show } = flash;
  // One function for the table's whole life, so that the memoised table skips the render that
  // follows hydration.
  const changed = useCallback(
    (departure: AdminDeparture, message: string) => {
      put(departure);
      show(message);
    },
    [put, show],
  );
  const selectId = useId();
  // The reader's calendar day once in the browser; the server's (UTC) while the page is rendered
  // there and hydrated, so that both renders match (src/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const today = hydrated ? todayIso('local') : todayIso('UTC');

  // The first package is chosen for you; the URL says so, so the link can be shared as it is.
  useEffect(() => {
    if (!requested && packageId) setParams({ packageId }, { replace: true, preventScrollReset: true });
  }, [requested, packageId, setParams]);

  return (
    <>
      <div className="admin-head">
        <div>
          <h1 className="admin-title">Departures</h1>
          <p className="admin-lead">
            Dates on sale per package: add one, change its seats, close or reopen it.
          </p>
        </div>
        <SelectField
          label="Package"
          className="admin-head__actions admin-package-pick"
          id={selectId}
          value={packageId}
          disabled={packageList.length === 0}
          onChange={(e) =>
            setParams({ packageId: e.target.value }, { replace: true, preventScrollReset: true })
          }
        >
          {packageList.length === 0 && (
            <option value={packageId}>
              {packages.state.status === 'loading' ? 'Loading packages…' : packageId}
            </option>
          )}
          <NamedOptions items={packageList} />
        </SelectField>
      </div>
      {packages.state.status === 'error' && (
        <ErrorNotice message="The packages could not be loaded. Please try again." onRetry={packages.retry} />
      )}
      <Flash message={flash.message} />
      {packageId && (
        <div className="admin-departures-layout">
          <AddDepartureForm
            key={packageId}
            packageId={packageId}
            packageName={chosen?.name ?? packageId}
            packagePrice={chosen?.price}
            onAdded={(departure) => {
              put(departure);
              flash.show(
                `${formatTripDate(departure.startsOn)} added with ${plural(departure.capacity, 'seat')}, open for booking.`,
              );
            }}
          />
          <div className="admin-panel admin-panel--flush" aria-busy={list.status === 'loading'}>
            {(list.status === 'loading' || list.status === 'idle') && (
              <TableSkeleton label="Loading departures…" />
            )}
            {list.status === 'error' && (
              <div className="admin-panel__pad">
                <ErrorNotice
                  message={failureMessage(
                    list.error,
                    'The departures could not be loaded. Please try again.',
                  )}
                  onRetry={retry}
                />
              </div>
            )}
            {list.status === 'ready' && list.departures.length === 0 && (
              <div className="admin-empty">
                <h2 className="admin-empty__title">No departures yet</h2>
                <p>Add the first date with the form above: travellers can book it as soon as it is open.</p>
              </div>
            )}
            {list.status === 'ready' && list.departures.length > 0 && (
              <DeparturesTable
                packageName={chosen?.name ?? packageId}
                departures={list.departures}
                today={today}
                onChanged={changed}
              />
            )}
          </div>
        </div>
      )}
    </>
  );
}
