import type { BookingInput } from '#contracts/booking';
import { apiRequest } from '~/lib/api-client';
import type { Booking, WaitlistEntry } from '#contracts/api';
import type { Language } from '#contracts/language';

// Joining again answers the live entry, so a double click waits once. From a page in another
// language than English the entry is in it: the waiting list's emails, and the booking an
// accepted offer makes, are written in it (docs/decisions/071-translation-layer.md).
export function joinWaitlist(
  departureId: string,
  travellers: number,
  language: Language = 'en',
): Promise<WaitlistEntry> {
  return apiRequest<WaitlistEntry>(`/api/departures/${encodeURIComponent(departureId)}/waitlist`, {
    method: 'POST',
    body: { travellers, ...(language === 'en' ? {} : { language }) },
  });
}

export async function getWaitlist(signal?: AbortSignal): Promise<WaitlistEntry[]> {
  const data = await apiRequest<{ entries: WaitlistEntry[] }>('/api/waitlist', { signal });
  return data.entries;
}

export function leaveWaitlist(id: string): Promise<WaitlistEntry> {
  return apiRequest<WaitlistEntry>(`/api/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

// Accepting again answers the same booking.
export function acceptOffer(
  id: string,
  details: Pick<BookingInput, 'name' | 'email' | 'address' | 'phone'>,
): Promise<Booking> {
  return apiRequest<Booking>(`/api/waitlist/${encodeURIComponent(id)}/accept`, {
    method: 'POST',
    body: details,
  });
}
