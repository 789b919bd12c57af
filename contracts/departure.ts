// Departures: the dated trips of a package, with their seats. Shared by the browser and the API.
export const departureStatuses = ['open', 'closed'] as const;
export type DepartureStatus = (typeof departureStatuses)[number];

// GET /api/packages/{packageId}/departures answers {departures: Departure[]}: the package's
// future departures, ascending by date. Dates are ISO YYYY-MM-DD.
export type Departure = {
  id: string;
  packageId: string;
  startsOn: string;
  capacity: number;
  seatsLeft: number;
  status: DepartureStatus;
  // The operator's minimum is met by the travellers of active bookings (never by waiting lists).
  guaranteed: boolean;
  // Travellers still needed to guarantee it; 0 when guaranteed or when it has no minimum.
  toGuarantee: number;
  // Per person, whole dollars: the departure's own price, or the package's when it has none.
  price: number;
};

// A departure can be chosen when it is open and has at least one seat left.
export const isBookable = (d: Departure) => d.status === 'open' && d.seatsLeft > 0;
