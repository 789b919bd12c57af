import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminBooking, AdminBookingFilters, AdminBookingsPage } from '~/contracts/admin';
import { adminPaths, filtersQuery, listBookings } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';

export type BookingsList =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready';
      bookings: AdminBooking[];
      nextCursor: string | null;
      // Loading the next (older) page: the rows already shown stay.
      more: { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: unknown };
    };

// The bookings that match the filters, newest first, a page at a time ("Older bookings" appends
// the next page). New filters start again from the first page; an older answer never overwrites
// a newer one.
export function useAdminBookings(filters: AdminBookingFilters) {
  const key = filtersQuery(filters);
  // A server-rendered page starts with the first page the server read (~/lib/page-data).
  const preloaded = usePreloaded<AdminBookingsPage>(adminPaths.bookings(filters));
  const [list, setList] = useState<BookingsList>(
    preloaded
      ? {
          status: 'ready',
          bookings: preloaded.bookings,
          nextCursor: preloaded.nextCursor,
          more: { status: 'idle' },
        }
      : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  const preloadedKey = useRef(preloaded ? key : null);

  useEffect(() => {
    if (attempt === 0 && preloadedKey.current === key) {
      preloadedKey.current = null;
      return;
    }
    preloadedKey.current = null;
    const controller = new AbortController();
    const mine = ++generation.current;
    setList({ status: 'loading' });
    listBookings(filters, controller.signal).then(
      (page) => {
        if (mine === generation.current)
          setList({
            status: 'ready',
            bookings: page.bookings,
            nextCursor: page.nextCursor,
            more: { status: 'idle' },
          });
      },
      (error: unknown) => {
        if (mine === generation.current && !controller.signal.aborted) setList({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the filters, serialised
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  const loadMore = useCallback(() => {
    if (list.status !== 'ready' || !list.nextCursor || list.more.status === 'loading') return;
    const mine = generation.current;
    const cursor = list.nextCursor;
    setList({ ...list, more: { status: 'loading' } });
    listBookings({ ...filters, cursor }).then(
      (page) => {
        if (mine !== generation.current) return;
        setList((prev) =>
          prev.status === 'ready'
            ? {
                status: 'ready',
                // A booking made between two pages can shift one row onto the next page.
                bookings: [
                  ...prev.bookings,
                  ...page.bookings.filter((b) => !prev.bookings.some((p) => p.id === b.id)),
                ],
                nextCursor: page.nextCursor,
                more: { status: 'idle' },
              }
            : prev,
        );
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        setList((prev) => (prev.status === 'ready' ? { ...prev, more: { status: 'error', error } } : prev));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the filters, serialised
  }, [list, key]);

  // After a confirm or cancel: the row shows the booking as the server answered it.
  const replace = useCallback((booking: AdminBooking) => {
    setList((prev) =>
      prev.status === 'ready'
        ? { ...prev, bookings: prev.bookings.map((b) => (b.id === booking.id ? booking : b)) }
        : prev,
    );
  }, []);

  return { list, retry, loadMore, replace };
}
