import { getBooking, getBookings } from '~/features/booking/api/bookings-api';
import type { Booking } from '~/contracts/booking';
import { useAsyncData } from '~/lib/use-async-data';

export function useBookings() {
  return useAsyncData('bookings', getBookings);
}

// The booking just made arrives in history state; after a reload it is fetched by id.
export function useBooking(id: string | null, fromState?: Booking) {
  return useAsyncData(id, (signal) => getBooking(id!, signal), fromState?.id === id ? fromState : undefined);
}
