// A guide's calls: their departures, and for each the manifest and check-in through the same
// /api/admin routes operators use (the server lets a guide reach only their own departures).
import type { GuideDepartures } from '#contracts/staff';
import { apiRequest } from '~/lib/api-client';
import type { AdminBooking, Manifest } from '#contracts/api';
import type { CheckInState } from '#contracts/check-in';

export const guidePaths = {
  departures: '/api/guide/departures',
  manifest: (departureId: string) => `/api/admin/departures/${encodeURIComponent(departureId)}/manifest`,
};

export const getGuideDepartures = (signal?: AbortSignal) =>
  apiRequest<GuideDepartures>(guidePaths.departures, { signal });

export const getGuideManifest = (departureId: string, signal?: AbortSignal) =>
  apiRequest<Manifest>(guidePaths.manifest(departureId), { signal });

export const checkIn = (bookingId: string, index: number, state: CheckInState | null) =>
  apiRequest<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/guests/${index}/check-in`, {
    method: 'POST',
    body: { state },
  });
