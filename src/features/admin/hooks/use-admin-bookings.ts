import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminBookingFilters } from '#contracts/admin';
import { adminPaths, filtersQuery, listBookings } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';
import type { AdminBooking, AdminBookingsPage } from '#contracts/api';

type More = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: unknown };

export type BookingsList =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready';
      bookings: AdminBooking[];
      nextCursor: string | null;
      // Loading the next (older) page: the rows already shown stay.
      more: More;
    };

// The bookings that match the filters, newest first, a page at a time ("Older bookings" appends
// the next page). New filters start again from the first page; an older answer never overwrites
// a newer one.
export function useAdminBookings(filters: AdminBookingFilters) {
  const key = filtersQuery(filters);
  // A server-rendered page starts with the first page the server read (~/lib/page-data).
  const preloaded = usePreloaded<AdminBookingsPage>(adminPaths.bookings(filters));
  const { state, retry, update } = useAsyncData<AdminBookingsPage>(
    key,
    (signal) => listBookings(filters, signal),
    preloaded,
  );
  const [more, setMore] = useState<{ key: string; state: More }>({ key, state: { status: 'idle' } });
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);
  const moreState = more.key === key ? more.state : ({ status: 'idle' } as const);

  const loadMore = useCallback(() => {
    if (state.status !== 'success' || !state.data.nextCursor || moreState.status === 'loading') return;
    const mine = key;
    setMore({ key: mine, state: { status: 'loading' } });
    listBookings({ ...filters, cursor: state.data.nextCursor }).then(
      (page) => {
        if (mine !== currentKey.current) return;
        // A booking made between two pages can shift one row onto the next page.
        update((shown) => ({
          bookings: [
            ...shown.bookings,
            ...page.bookings.filter((b) => !shown.bookings.some((s) => s.id === b.id)),
          ],
          nextCursor: page.nextCursor,
        }));
        setMore({ key: mine, state: { status: 'idle' } });
      },
      (error: unknown) => {
        if (mine === currentKey.current) setMore({ key: mine, state: { status: 'error', error } });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the filters, serialised
  }, [state, moreState.status, key, update]);

  // After a confirm or cancel: the row shows the booking as the server answered it.
  const replace = useCallback(
    (booking: AdminBooking) =>
      update((shown) => ({
        ...shown,
        bookings: shown.bookings.map((b) => (b.id === booking.id ? booking : b)),
      })),
    [update],
  );

  const list: BookingsList =
    state.status === 'success' ? { status: 'ready', ...state.data, more: moreState } : state;
  return { list, retry, loadMore, replace };
}
