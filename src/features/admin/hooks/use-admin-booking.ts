import { useCallback } from 'react';
import { adminPaths, bookingEvents, getAdminBooking } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';
import type { AdminBooking, AuditEvent } from '#contracts/api';

export type BookingRecord =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; booking: AdminBooking; events: AuditEvent[] };

// One booking and its history, loaded together; after a change both are read again, so the
// new event shows beside the new status. A reload keeps the page in view; another booking
// starts from a spinner.
export function useAdminBooking(bookingId: string) {
  // A server-rendered page starts with what the server read (~/lib/page-data).
  const booking = usePreloaded<AdminBooking>(adminPaths.booking(bookingId));
  const history = usePreloaded<{ events: AuditEvent[] }>(adminPaths.events(bookingId));
  const { state, retry, refresh, update } = useAsyncData(
    bookingId,
    async (signal) => {
      const [booking, events] = await Promise.all([
        getAdminBooking(bookingId, signal),
        bookingEvents(bookingId, signal),
      ]);
      return { booking, events };
    },
    booking && history ? { booking, events: history.events } : undefined,
  );

  // The booking as the server answered at once; the history follows with the reload.
  const changed = useCallback(
    (booking: AdminBooking) => {
      update((record) => ({ ...record, booking }));
      refresh();
    },
    [refresh, update],
  );

  const record: BookingRecord = state.status === 'success' ? { status: 'ready', ...state.data } : state;
  return { record, retry, changed };
}
