import { Link, useSearchParams } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { BookingFilters } from '~/features/admin/components/booking-filters';
import { BookingsTable } from '~/features/admin/components/bookings-table';
import { paths } from '~/config/paths';
import { CsvDownload } from '~/features/admin/components/csv-download';
import { Flash } from '~/features/admin/components/flash';
import { TableSkeleton } from '~/features/admin/components/table-skeleton';
import { useAdminBookings } from '~/features/admin/hooks/use-admin-bookings';
import { useFlash } from '~/features/admin/hooks/use-flash';
import { useLastSeen } from '~/features/admin/hooks/use-last-seen';
import { filtersFromQuery, hasFilters, toApiFilters } from '~/features/admin/utils/booking-filters';
import { plural } from '#contracts/format';
import { failureMessage } from '~/lib/api-client';

const messageOf = (error: unknown) =>
  failureMessage(error, 'The bookings could not be loaded. Please try again.');

// /admin: every booking, newest first, filtered by the URL query, a page at a time.
export function BookingsConsole() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery(params);
  const apiFilters = toApiFilters(filters);
  const { list, retry, loadMore, replace } = useAdminBookings(apiFilters);
  const flash = useFlash();
  const lastSeen = useLastSeen();
  const filtered = hasFilters(filters);

  return (
    <>
      <div className="admin-head">
        <div>
          <h1 className="admin-title">Bookings</h1>
          <p className="admin-lead">
            Confirm requests, cancel with a reason, and follow each booking’s history.
          </p>
        </div>
        <div className="admin-head__actions">
          <Link to={paths.adminNewBooking} className="button button--primary">
            New booking
          </Link>
          <CsvDownload filters={apiFilters} />
        </div>
      </div>
      <BookingFilters />
      <Flash message={flash.message} />
      <div className="admin-panel admin-panel--flush" aria-busy={list.status === 'loading'}>
        {list.status === 'loading' && <TableSkeleton label="Loading bookings…" />}
        {list.status === 'error' && (
          <div className="admin-panel__pad">
            <ErrorNotice message={messageOf(list.error)} onRetry={retry} />
          </div>
        )}
        {list.status === 'ready' && list.bookings.length === 0 && (
          <div className="admin-empty">
            <h2 className="admin-empty__title">
              {filtered ? 'No bookings match these filters' : 'No bookings yet'}
            </h2>
            <p>
              {filtered
                ? 'Try another status, package or search, or clear the filters to see every booking.'
                : 'Bookings appear here as soon as travellers make them.'}
            </p>
            {filtered && (
              <button
                type="button"
                className="button button--outline"
                onClick={() => setParams(new URLSearchParams(), { replace: true })}
              >
                Clear filters
              </button>
            )}
          </div>
        )}
        {list.status === 'ready' && list.bookings.length > 0 && (
          <>
            <BookingsTable
              bookings={list.bookings}
              newSince={lastSeen}
              caption={`${plural(list.bookings.length, 'booking')} shown, newest first${filtered ? ', filtered' : ''}`}
              onChanged={(booking, message) => {
                replace(booking);
                flash.show(message);
              }}
            />
            <div className="admin-more">
              {list.more.status === 'error' && (
                <p className="admin-actions__error" role="alert">
                  {messageOf(list.more.error)}
                </p>
              )}
              {list.nextCursor ? (
                <button
                  type="button"
                  className="button button--outline"
                  onClick={loadMore}
                  disabled={list.more.status === 'loading'}
                >
                  {list.more.status === 'loading'
                    ? 'Loading older bookings…'
                    : list.more.status === 'error'
                      ? 'Retry older bookings'
                      : 'Older bookings'}
                </button>
              ) : (
                <p className="admin-more__end">That is every booking{filtered ? ' that matches' : ''}.</p>
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}
