// Departures: the dated trips of a package, with their seats. Shared by the browser and the API.
// Type only, erased from the build: ./api.ts reads this file's values, never the other way.
import type { Departure as DepartureAnswer } from './api.js';

export const departureStatuses = ['open', 'closed'] as const;
export type DepartureStatus = (typeof departureStatuses)[number];

// A package's dated departure as the API answers it: inferred from its schema in ./api.ts.
export type Departure = DepartureAnswer;

// A departure can be chosen when it is open and has at least one seat left.
export const isBookable = (d: Departure) => d.status === 'open' && d.seatsLeft > 0;
