// The operator console's API (/api/admin/*), shared by the console's screens and the server: its
// limits and what the console sends. The answers' types are inferred from their schemas in ./api.ts
// and imported from there (as types, erased from the bundles); ./api.ts reads this file, never the
// other way.
import type { BookingStatus } from './booking.js';
import type { PaymentState } from './payment.js';
import type { DepartureStatus } from './departure.js';
import type { CheckInState } from './check-in.js';

// GET /api/admin/bookings?status=&packageId=&departureId=&q=&limit=&cursor=
// Newest first; nextCursor is null on the last page.
export type AdminBookingFilters = {
  status?: BookingStatus;
  packageId?: string;
  departureId?: string;
  q?: string;
  // Contract v5: one payment state (contracts/payment.ts).
  payment?: PaymentState;
  limit?: number;
  cursor?: string;
};

export const adminPageSize = { default: 25, max: 100 } as const;
// GET /api/admin/departures: departures a page. The default is the most a page holds: a client
// written before the list had pages (it read every departure in one answer) still does until the
// brand has 500 dates; the console follows nextCursor, and may ask for smaller pages.
export const departurePageSize = { default: 500, max: 500 } as const;
// The console's search box: longer text is refused, not cut.
export const searchMaxLength = 100;

// What operators type: the reason sent with a cancellation (it goes into the traveller's email)
// and a departure's seats (the brand's largest group departure; a typo of 5000 opens none).
export const adminLimits = { cancelReason: 500, capacityMin: 1, capacityMax: 500 } as const;

// Who changed something: a traveller (their email), an operator (their email), or the system.
export const actorTypes = ['traveller', 'operator', 'system'] as const;
export type ActorType = (typeof actorTypes)[number];

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
// What a move answers (DepartureMoveResult) is inferred from its schema in ./api.ts.

export const meetingPointMax = 200;
export const meetingTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

// POST /api/admin/departures/{id}/messages {subject, body, dryRun?} -> 200 (dry run) or 202
// {recipients}: one email to the traveller of every active booking on the departure.
export const messageLimits = { subject: 150, body: 5000 } as const;

// GET and PUT /api/admin/last-seen: when this operator last looked at the bookings, and how many
// arrived since (counted up to newBookingsCap: the badge shows "99+").
export const newBookingsCap = 100;

// An operator's internal note on a booking: POST /api/admin/bookings/{id}/notes {text} -> 201 Note.
export const noteLimits = { min: 1, max: 2000 } as const;

// POST /api/admin/bookings/{id}/guests/{index}/check-in {state} -> 200 AdminBooking.
export type CheckInChange = { state: CheckInState | null };
