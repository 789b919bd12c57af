import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { InputField, SelectField } from '~/components/field';
import { bookingStatusLabels, bookingStatuses } from '#contracts/booking';
import { paymentStateLabels, paymentStates } from '#contracts/payment';
import { useAdminDepartures } from '~/features/admin/hooks/use-admin-departures';
import { usePackageOptions } from '~/features/admin/hooks/use-package-options';
import {
  filtersFromQuery,
  hasFilters,
  withFilter,
  type FilterKey,
} from '~/features/admin/utils/booking-filters';
import { formatTripDate } from '#contracts/format';
import { NamedOptions, Options } from '~/components/options';

export const searchDelayMs = 350;

// Status, package, departure and a search over reference, name and email. Every filter lives in
// the URL query (replaced, not pushed: typing does not fill the history), so a reload or a shared
// link opens the same list.
export function BookingFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery(params);
  const packages = usePackageOptions();
  const departures = useAdminDepartures(filters.packageId);
  const ids = { q: useId(), status: useId(), payment: useId(), packageId: useId(), departureId: useId() };

  // What is typed shows at once; the URL (and the request) follow once typing pauses.
  const [text, setText] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const paramsRef = useRef(params);
  useEffect(() => {
    paramsRef.current = params;
  }, [params]);

  const set = (key: FilterKey, value: string) =>
    setParams(withFilter(paramsRef.current, key, value), { replace: true, preventScrollReset: true });

  // Each select is named as the URL names its filter, and shows it: one handler sets any of them.
  const selectFor = (key: Exclude<FilterKey, 'q'>) => ({ id: ids[key], name: key, value: filters[key] });
  const selected = (e: ChangeEvent<HTMLSelectElement>) => set(e.target.name as FilterKey, e.target.value);

  // A query changed from outside (Clear filters, Back) shows in the field, unless it is still
  // waiting to be applied.
  useEffect(() => {
    if (timer.current === undefined) setText((prev) => (prev.trim() === filters.q ? prev : filters.q));
  }, [filters.q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function typed(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      set('q', value);
    }, searchDelayMs);
  }

  function applyNow() {
    clearTimeout(timer.current);
    timer.current = undefined;
    set('q', text);
  }

  function clear() {
    clearTimeout(timer.current);
    timer.current = undefined;
    setText('');
    const next = new URLSearchParams(paramsRef.current);
    for (const key of ['status', 'payment', 'packageId', 'departureId', 'q']) next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  }

  const packageList = packages.state.status === 'success' ? packages.state.data : [];
  const departureList = departures.list.status === 'ready' ? departures.list.departures : [];
  let departurePrompt = 'All departures';
  if (!filters.packageId) departurePrompt = 'Choose a package first';
  else if (departures.list.status === 'loading') departurePrompt = 'Loading departures…';
  else if (departures.list.status === 'error') departurePrompt = 'Departures could not be loaded';

  return (
    <form
      className="admin-filters"
      role="search"
      aria-label="Filter bookings"
      onSubmit={(e) => {
        e.preventDefault();
        applyNow();
      }}
    >
      <InputField
        label="Search"
        className="admin-filters__search"
        id={ids.q}
        type="search"
        name="q"
        value={text}
        placeholder="Reference, name or email"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => typed(e.target.value)}
      />
      <SelectField label="Status" {...selectFor('status')} onChange={selected}>
        <option value="">All statuses</option>
        <Options values={bookingStatuses} labels={bookingStatusLabels} />
      </SelectField>
      <SelectField label="Payment" {...selectFor('payment')} onChange={selected}>
        <option value="">Any payment</option>
        <Options values={paymentStates} labels={paymentStateLabels} />
      </SelectField>
      <SelectField label="Package" {...selectFor('packageId')} onChange={selected}>
        <option value="">All packages</option>
        {/* A package from a shared link shows even before (or without) the list. */}
        {filters.packageId && !packageList.some((p) => p.id === filters.packageId) && (
          <option value={filters.packageId}>{filters.packageId}</option>
        )}
        <NamedOptions items={packageList} />
      </SelectField>
      <SelectField
        label="Departure"
        {...selectFor('departureId')}
        onChange={selected}
        disabled={!filters.packageId}
      >
        <option value="">{departurePrompt}</option>
        {filters.departureId && !departureList.some((d) => d.id === filters.departureId) && (
          <option value={filters.departureId}>Selected departure</option>
        )}
        {departureList.map((d) => (
          <option key={d.id} value={d.id}>
            {formatTripDate(d.startsOn)}
            {d.status === 'closed' ? ' (closed)' : ''}
          </option>
        ))}
      </SelectField>
      <div className="admin-filters__end">
        {hasFilters({ ...filters, q: text.trim() }) && (
          <button type="button" className="button--link" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
