import { bookingPath, bookingsPath } from '~/features/booking/api/booking-paths';
import { getBooking, getBookings } from '~/features/booking/api/bookings-api';
import { usePreloaded } from '~/lib/page-data';
import { useAsyncData } from '~/lib/use-async-data';
import type { Booking } from '#contracts/api';

export function useBookings() {
  const preloaded = usePreloaded<{ bookings: Booking[] }>(bookingsPath);
  return useAsyncData('bookings', getBookings, preloaded?.bookings);
}

// The booking just made arrives in history state; after a reload it is fetched by id.
export function useBooking(id: string | null, fromState?: Booking) {
  const preloaded = usePreloaded<Booking>(id === null ? null : bookingPath(id));
  return useAsyncData(id, (signal) => getBooking(id!, signal), fromState?.id === id ? fromState : preloaded);
}
