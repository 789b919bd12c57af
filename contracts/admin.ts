// The operator console's API (/api/admin/*), shared by the console's screens and the server.
import type { Booking, BookingStatus } from './booking.js';
import type { Departure, DepartureStatus } from './departure.js';
import type { CheckInState, OperatorGuest } from './guests.js';

// A booking as operators see it: the traveller's account and the cancellation, if any.
// GET /api/admin/bookings/{id} answers one; confirm and cancel answer the changed one.
export type AdminBooking = Omit<Booking, 'guests'> & {
  // With each traveller's check-in at the meeting point.
  guests: OperatorGuest[];
  userId: string;
  updatedAt: string;
  cancelReason: string | null;
};

// GET /api/admin/bookings?status=&packageId=&departureId=&q=&limit=&cursor=
// Newest first; nextCursor is null on the last page.
export type AdminBookingFilters = {
  status?: BookingStatus;
  packageId?: string;
  departureId?: string;
  q?: string;
  limit?: number;
  cursor?: string;
};
export type AdminBookingsPage = { bookings: AdminBooking[]; nextCursor: string | null };

export const adminPageSize = { default: 25, max: 100 } as const;
// The console's search box: longer text is refused, not cut.
export const searchMaxLength = 100;

// What operators type: the reason sent with a cancellation (it goes into the traveller's email)
// and a departure's seats (the brand's largest group departure; a typo of 5000 opens none).
export const adminLimits = { cancelReason: 500, capacityMin: 1, capacityMax: 500 } as const;

// Who changed something: a traveller (their email), an operator (their email), or the system.
export type ActorType = 'traveller' | 'operator' | 'system';

// GET /api/admin/bookings/{id}/events -> {events: AuditEvent[]}, oldest first.
export type AuditEvent = {
  at: string;
  actor: string;
  actorType: ActorType;
  action: string;
  from: string | null;
  to: string | null;
  reason?: string;
  // An operator's internal note (action "note.added"): never shown or sent to the traveller.
  note?: string;
};

// GET /api/admin/departures?packageId= -> {departures: AdminDeparture[]}, ascending by date,
// past ones included.
export type AdminDeparture = Departure & {
  packageName: string;
  seatsTaken: number;
  // Active (not cancelled) bookings and the travellers they carry.
  bookingCount: number;
  // Travellers needed for the departure to run; 0 = no minimum.
  minTravellers: number;
  // Travellers waiting on its waiting list, and seats held by open offers (part of seatsTaken).
  waiting: number;
  offered: number;
  // "N of M travellers complete": the travellers of its active bookings whose details are complete
  // (contracts/guests.ts), and all of them. Always sent by the server.
  travellersComplete?: number;
  travellersTotal?: number;
  // Shown to travellers (checkout, My bookings, the trip reminder); null until set.
  meetingPoint?: string | null;
  // HH:MM.
  meetingTime?: string | null;
  // The uids of the guides assigned to it (they see its manifest and check travellers in).
  guides?: string[];
  // The departure's own price, or null when it sells at the package's (`price` is the effective one).
  ownPrice: number | null;
  // The go/no-go date (ISO): by then the brand decides whether it runs (contracts/departure-risk.ts).
  decideBy: string;
  // A minimum is set, it is not guaranteed, and decideBy is within 14 days or past (isAtRisk).
  atRisk: boolean;
};

// POST /api/admin/departures -> 201 AdminDeparture
export type NewDeparture = {
  packageId: string;
  startsOn: string;
  capacity: number;
  minTravellers?: number;
  meetingPoint?: string | null;
  meetingTime?: string | null;
  // Whole dollars per person; null or absent = the package's price.
  price?: number | null;
  // The go/no-go date; absent = startsOn - DECISION_DAYS. Not after startsOn.
  decideBy?: string;
};
// PATCH /api/admin/departures/{id} -> 200 AdminDeparture; capacity below the seats taken: 409.
// meetingPoint or meetingTime null (or '') clears it.
export type DepartureChange = {
  capacity?: number;
  status?: DepartureStatus;
  minTravellers?: number;
  meetingPoint?: string | null;
  meetingTime?: string | null;
  // Replaces the departure's guides: uids of accounts with the guide role (else 400).
  guides?: string[];
  // Whole dollars per person; null = the package's price (existing bookings keep theirs).
  price?: number | null;
  // The go/no-go date: a real date, not after the departure.
  decideBy?: string;
};

// POST /api/admin/departures/{id}/move {toDepartureId, message?, dryRun?}: the departure closes and
// every active booking is offered the target date, its seats held there until the offer's
// deadline. dryRun answers what would be sent (and the first party's email) and writes nothing.
export type DepartureMove = { toDepartureId: string; message?: string; dryRun?: boolean };
export const moveMessageMax = 2000;
export type DepartureMoveResult = {
  // Active bookings offered the new date, and their travellers (the seats held on the target).
  parties: number;
  travellers: number;
  // When the offers lapse (ISO timestamp); null on a dry run.
  expiresAt: string | null;
  // Waiting-list entries told the date will not run.
  waitingTold: number;
  // The email each party gets, as the first party would read it (a dry run only).
  preview?: { subject: string; text: string } | null;
  departure?: AdminDeparture;
  target?: AdminDeparture;
};

export const meetingPointMax = 200;
export const meetingTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

// POST /api/admin/departures/{id}/messages {subject, body, dryRun?} -> 200 (dry run) or 202
// {recipients}: one email to the traveller of every active booking on the departure.
export type DepartureMessage = { subject: string; body: string; dryRun?: boolean };
export type DepartureMessageResult = { recipients: number };
export const messageLimits = { subject: 150, body: 5000 } as const;

// GET and PUT /api/admin/last-seen: when this operator last looked at the bookings, and how many
// arrived since (counted up to newBookingsCap: the badge shows "99+").
export type LastSeen = { lastSeenAt: string | null; newBookings: number };
export const newBookingsCap = 100;

// An operator's internal note on a booking. POST /api/admin/bookings/{id}/notes {text} -> 201 Note.
export type Note = { id: string; at: string; author: string; text: string };
export const noteLimits = { min: 1, max: 2000 } as const;

// POST /api/admin/bookings/{id}/guests/{index}/check-in {state} -> 200 AdminBooking.
export type CheckInChange = { state: CheckInState | null };

// GET /api/admin/departures/{id}/manifest -> {departure, bookings}: who travels, every traveller
// of every active booking, with the booking's internal notes (oldest first).
export type ManifestBooking = AdminBooking & { notes: Note[] };
// The package's questions, one column each (every guest's `answers` keyed by their id).
export type ManifestQuestion = { id: string; label: string; kind: 'text' | 'yesno' | 'choice' };
export type Manifest = {
  departure: AdminDeparture;
  bookings: ManifestBooking[];
  questions: ManifestQuestion[];
};
