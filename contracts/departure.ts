// Departures: the dated trips of a package, with their seats. Shared by the browser and the API.
// A departure as the API answers it (Departure) is inferred from its schema in ./api.ts, which
// reads this file, never the other way.

export const departureStatuses = ['open', 'closed'] as const;
export type DepartureStatus = (typeof departureStatuses)[number];

// A departure can be chosen when it is open and has at least one seat left.
export const isBookable = (d: { status: DepartureStatus; seatsLeft: number }) =>
  d.status === 'open' && d.seatsLeft > 0;
