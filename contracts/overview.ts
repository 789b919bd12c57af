// The season at a glance (GET /api/admin/overview, owners and operators; server/src/overview):
// the seats of every departure of the next six months, and the bookings received week by week.
// Each shape is one zod schema with its type inferred from it. The browser imports only the types
// and the plain helpers below: the schemas run on the server.
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import { departureStatuses } from './departure.js';

// How far ahead the overview looks, and how many weeks of bookings it counts (this week included).
export const overviewMonthsAhead = 6;
export const overviewWeeks = 12;

const isoDate = z.string().check(z.iso.date());
const count = z.number().check(z.int(), z.nonnegative());

// One departure's seats. confirmed + requested + offered + free = capacity: every seat is in one
// of the four (the seats of confirmed bookings, of bookings awaiting confirmation, held by open
// offers, and still for sale).
export const overviewDepartureSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  startsOn: isoDate,
  status: z.enum(departureStatuses),
  capacity: count,
  confirmed: count,
  requested: count,
  offered: count,
  free: count,
  // Travellers on its waiting list who have no offer yet.
  waiting: count,
  // The operator's minimum (0: none), and the travellers still needed to reach it.
  minTravellers: count,
  toGuarantee: count,
  // The go/no-go date, and whether the departure is at risk: a minimum is set, it is not reached,
  // and the date is within 14 days or past.
  decideBy: isoDate,
  atRisk: z.boolean(),
});
export type OverviewDeparture = z.infer<typeof overviewDepartureSchema>;

// Bookings received in the week starting on weekStart (a Monday, UTC), whatever became of them
// since, and their travellers.
export const overviewWeekSchema = z.object({
  weekStart: isoDate,
  bookings: count,
  travellers: count,
});
export type OverviewWeek = z.infer<typeof overviewWeekSchema>;

// `from` (today) to `to` (six months later, excluded): the departures' window, soonest first.
// `weeks`: the last twelve, oldest first, this week last, a week without bookings included.
export const overviewSchema = z.object({
  from: isoDate,
  to: isoDate,
  departures: z.array(overviewDepartureSchema),
  weeks: z.array(overviewWeekSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
