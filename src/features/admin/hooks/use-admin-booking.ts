import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminBooking, AuditEvent } from '~/contracts/admin';
import { adminPaths, bookingEvents, getAdminBooking } from '~/features/admin/api/admin-api';
import { usePreloaded } from '~/lib/page-data';

export type BookingRecord =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; booking: AdminBooking; events: AuditEvent[] };

// One booking and its history, loaded together; after a change both are read again, so the
// new event shows beside the new status.
export function useAdminBooking(bookingId: string) {
  // A server-rendered page starts with what the server read (~/lib/page-data).
  const booking = usePreloaded<AdminBooking>(adminPaths.booking(bookingId));
  const events = usePreloaded<{ events: AuditEvent[] }>(adminPaths.events(bookingId));
  const preloaded = booking && events ? booking : undefined;
  const [record, setRecord] = useState<BookingRecord>(
    preloaded && events
      ? { status: 'ready', booking: preloaded, events: events.events }
      : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const preloadedFor = useRef(preloaded ? bookingId : null);

  useEffect(() => {
    if (attempt === 0 && preloadedFor.current === bookingId) {
      preloadedFor.current = null;
      return;
    }
    preloadedFor.current = null;
    const controller = new AbortController();
    // A reload after a change keeps the page in view; another booking starts from a spinner.
    setRecord((prev) =>
      prev.status === 'ready' && prev.booking.id === bookingId ? prev : { status: 'loading' },
    );
    Promise.all([
      getAdminBooking(bookingId, controller.signal),
      bookingEvents(bookingId, controller.signal),
    ]).then(
      ([booking, events]) => {
        if (!controller.signal.aborted) setRecord({ status: 'ready', booking, events });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setRecord({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [bookingId, attempt]);

  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  // The booking as the server answered at once; the history follows with the reload.
  const changed = useCallback(
    (booking: AdminBooking) => {
      setRecord((prev) => (prev.status === 'ready' ? { ...prev, booking } : prev));
      reload();
    },
    [reload],
  );

  return { record, reload, changed };
}
