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
};

// A departure can be chosen when it is open and has at least one seat left.
export const isBookable = (d: Departure) => d.status === 'open' && d.seatsLeft > 0;
