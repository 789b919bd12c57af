import { apiRequest } from '~/lib/api-client';
import type { BookingChange, BookingInput } from '#contracts/booking';
import { bookingPath, bookingsPath } from '~/features/booking/api/booking-paths';
import type { Guest } from '#contracts/guests';
import type { Booking } from '#contracts/api';

// The same Idempotency-Key for every retry of one submit: the server stores one booking.
export function createBooking(input: BookingInput, idempotencyKey: string): Promise<Booking> {
  return apiRequest<Booking>('/api/bookings', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export async function getBookings(signal?: AbortSignal): Promise<Booking[]> {
  const data = await apiRequest<{ bookings: Booking[] }>(bookingsPath, { signal });
  return data.bookings;
}

export function getBooking(id: string, signal?: AbortSignal): Promise<Booking> {
  return apiRequest<Booking>(bookingPath(id), { signal });
}

// Repeating it answers the same cancelled booking, so a retry after a lost answer is safe.
export function cancelBooking(id: string): Promise<Booking> {
  return apiRequest<Booking>(`/api/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

// Another date of the same package, another party size, or both. The same values answer the
// booking unchanged, so a retry after a lost answer is safe.
export function changeBooking(id: string, change: BookingChange): Promise<Booking> {
  return apiRequest<Booking>(`/api/bookings/${encodeURIComponent(id)}/change`, {
    method: 'POST',
    body: change,
  });
}

// Every traveller's details at once (empty fields are "later"); answers the booking as stored.
export function saveTravellers(id: string, guests: Guest[]): Promise<Booking> {
  return apiRequest<Booking>(`/api/bookings/${encodeURIComponent(id)}/guests`, {
    method: 'PUT',
    body: { guests },
  });
}

// The brand's offer of another date (the booking's departure will not run): accept moves the
// booking there, decline cancels it. No offer (answered already, lapsed): 409 with a message.
export function answerMoveOffer(id: string, answer: 'accept' | 'decline'): Promise<Booking> {
  return apiRequest<Booking>(`/api/bookings/${encodeURIComponent(id)}/move/${answer}`, { method: 'POST' });
}
