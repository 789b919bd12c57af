// The console's calls to /api/admin/* (types: ~/contracts/admin). The server checks the
// operator claim on every one of them.
import type { AdminBookingFilters, DepartureChange, DepartureMove, NewDeparture } from '#contracts/admin';
import type { Overview } from '#contracts/overview';
import type { StaffRole } from '#contracts/roles';
import type { GuideList, StaffBookingInput, StaffList, StaffMember } from '#contracts/staff';
import { apiFetch, apiRequest } from '~/lib/api-client';
import type {
  AdminBooking,
  AdminBookingsPage,
  AdminDeparture,
  AdminDeparturesPage,
  AdminWaitlistEntry,
  AuditEvent,
  DepartureMessage,
  DepartureMessageResult,
  DepartureMoveResult,
  LastSeen,
  LedgerEntryRequest,
  Manifest,
  MoneyScreen,
  Note,
} from '#contracts/api';
import type { CheckInState } from '#contracts/check-in';

const id = (value: string) => encodeURIComponent(value);

// Only the filters that are set, in a stable order: the same filters give the same URL.
export function filtersQuery(filters: AdminBookingFilters): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'payment', 'packageId', 'departureId', 'q', 'limit', 'cursor'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

// The reads' paths, also read by the console's loaders on the server (src/routes/admin-*.tsx).
export const adminPaths = {
  bookings: (filters: AdminBookingFilters) => `/api/admin/bookings${filtersQuery(filters)}`,
  booking: (bookingId: string) => `/api/admin/bookings/${id(bookingId)}`,
  events: (bookingId: string) => `/api/admin/bookings/${id(bookingId)}/events`,
  departures: (packageId: string) => `/api/admin/departures?packageId=${id(packageId)}`,
  manifest: (departureId: string) => `/api/admin/departures/${id(departureId)}/manifest`,
  overview: '/api/admin/overview',
};

export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return apiRequest<Overview>(adminPaths.overview, { signal });
}

export function listBookings(filters: AdminBookingFilters, signal?: AbortSignal): Promise<AdminBookingsPage> {
  return apiRequest<AdminBookingsPage>(adminPaths.bookings(filters), { signal });
}

export function getAdminBooking(bookingId: string, signal?: AbortSignal): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(adminPaths.booking(bookingId), { signal });
}

export function confirmBooking(bookingId: string): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/confirm`, { method: 'POST' });
}

// The party answered the brand's move by phone or email: staff give its answer.
export function answerMoveForParty(bookingId: string, answer: 'accept' | 'decline'): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/move/${answer}`, { method: 'POST' });
}

export function cancelBooking(bookingId: string, reason: string): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/cancel`, {
    method: 'POST',
    body: { reason },
  });
}

export async function bookingEvents(bookingId: string, signal?: AbortSignal): Promise<AuditEvent[]> {
  const data = await apiRequest<{ events: AuditEvent[] }>(adminPaths.events(bookingId), { signal });
  return data.events;
}

// A plain link would carry no Authorization header, so the file is fetched and handed over as a
// blob. The page size and cursor are left out: the export has every booking the filters match.
export async function downloadBookingsCsv(filters: AdminBookingFilters): Promise<Blob> {
  const { status, payment, packageId, departureId, q } = filters;
  const response = await apiFetch(
    `/api/admin/bookings.csv${filtersQuery({ status, payment, packageId, departureId, q })}`,
    { accept: 'text/csv' },
  );
  return response.blob();
}

// A package's whole schedule: the API answers it a page at a time (a few hundred dates a page;
// one page for most packages), followed here to the last.
export async function listDepartures(packageId: string, signal?: AbortSignal): Promise<AdminDeparture[]> {
  const departures: AdminDeparture[] = [];
  let path: string | null = adminPaths.departures(packageId);
  while (path) {
    const page: AdminDeparturesPage = await apiRequest<AdminDeparturesPage>(path, { signal });
    departures.push(...page.departures);
    path = page.nextCursor
      ? `${adminPaths.departures(packageId)}&cursor=${encodeURIComponent(page.nextCursor)}`
      : null;
  }
  return departures;
}

export function addDeparture(input: NewDeparture): Promise<AdminDeparture> {
  return apiRequest<AdminDeparture>('/api/admin/departures', { method: 'POST', body: input });
}

export function changeDeparture(departureId: string, change: DepartureChange): Promise<AdminDeparture> {
  return apiRequest<AdminDeparture>(`/api/admin/departures/${id(departureId)}`, {
    method: 'PATCH',
    body: change,
  });
}

// A departure that will not run, moved to another date of its package (dryRun: the preview).
export function moveDeparture(departureId: string, move: DepartureMove): Promise<DepartureMoveResult> {
  return apiRequest<DepartureMoveResult>(`/api/admin/departures/${id(departureId)}/move`, {
    method: 'POST',
    body: move,
  });
}

export function getManifest(departureId: string, signal?: AbortSignal): Promise<Manifest> {
  return apiRequest<Manifest>(adminPaths.manifest(departureId), { signal });
}

// The operator's change of date or party (no cutoff); the same values answer the booking as it is.
export function changeAdminBooking(
  bookingId: string,
  change: { departureId?: string; travellers?: number },
): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/change`, {
    method: 'POST',
    body: change,
  });
}

export async function getDepartureWaitlist(
  departureId: string,
  signal?: AbortSignal,
): Promise<AdminWaitlistEntry[]> {
  const data = await apiRequest<{ entries: AdminWaitlistEntry[] }>(
    `/api/admin/departures/${id(departureId)}/waitlist`,
    { signal },
  );
  return data.entries;
}

// With dryRun: how many travellers it would reach, nothing sent.
export function messageDeparture(
  departureId: string,
  message: DepartureMessage,
): Promise<DepartureMessageResult> {
  return apiRequest<DepartureMessageResult>(`/api/admin/departures/${id(departureId)}/messages`, {
    method: 'POST',
    body: message,
  });
}

export function getLastSeen(signal?: AbortSignal): Promise<LastSeen> {
  return apiRequest<LastSeen>('/api/admin/last-seen', { signal });
}

export function markSeen(): Promise<LastSeen> {
  return apiRequest<LastSeen>('/api/admin/last-seen', { method: 'PUT' });
}

// Every traveller of the departure, one row each, as the server writes it (a blob: see above).
export async function downloadManifestCsv(departureId: string): Promise<Blob> {
  const response = await apiFetch(`/api/admin/departures/${id(departureId)}/manifest.csv`, {
    accept: 'text/csv',
  });
  return response.blob();
}

// The guide's tick at the meeting point; null takes it back. Answers the booking with its guests.
export function checkInTraveller(
  bookingId: string,
  index: number,
  state: CheckInState | null,
): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/guests/${index}/check-in`, {
    method: 'POST',
    body: { state },
  });
}

// An internal note: operators only, never shown or sent to the traveller.
export function addNote(bookingId: string, text: string): Promise<Note> {
  return apiRequest<Note>(`/api/admin/bookings/${id(bookingId)}/notes`, { method: 'POST', body: { text } });
}

// The team (owners only) and the guides operators assign to departures.
export const staffPaths = { staff: '/api/admin/staff', guides: '/api/admin/guides' };

export const listStaff = (signal?: AbortSignal) => apiRequest<StaffList>(staffPaths.staff, { signal });

export const setStaffRole = (email: string, role: StaffRole) =>
  apiRequest<StaffMember>(staffPaths.staff, { method: 'PUT', body: { email, role } });

export const removeStaff = (uid: string) =>
  apiRequest<{ uid: string }>(`${staffPaths.staff}/${id(uid)}`, { method: 'DELETE' });

export const listGuides = (signal?: AbortSignal) => apiRequest<GuideList>(staffPaths.guides, { signal });

export const setDepartureGuides = (departureId: string, guides: string[]) =>
  apiRequest<AdminDeparture>(`/api/admin/departures/${id(departureId)}`, {
    method: 'PATCH',
    body: { guides },
  });

// A booking taken on the phone.
export const createStaffBooking = (input: StaffBookingInput) =>
  apiRequest<AdminBooking>('/api/admin/bookings', { method: 'POST', body: input });

// Contract v5: a payment or a refund staff record; the money screen; the ledger's CSV address.
export function recordLedgerEntry(bookingId: string, entry: LedgerEntryRequest): Promise<AdminBooking> {
  return apiRequest<AdminBooking>(`/api/admin/bookings/${id(bookingId)}/payments`, {
    method: 'POST',
    body: entry,
  });
}

export function getMoneyScreen(signal?: AbortSignal): Promise<MoneyScreen> {
  return apiRequest<MoneyScreen>('/api/admin/money', { signal });
}
