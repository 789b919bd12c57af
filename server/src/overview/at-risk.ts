// Whether a departure of the overview is at risk, and its go/no-go date. One function on purpose:
// the rule of the departures' own `decideBy` (a date per departure, editable by operators) and
// their at-risk helper can replace this body when they exist, and nothing else in the overview
// has to change.
import { addDays, daysBetween } from '#contracts/iso-dates';

// Until departures carry their own go/no-go date: this many days before the departure.
export const defaultDecisionDays = 30;
// A departure is at risk from this many days before its go/no-go date.
export const atRiskWithinDays = 14;

export type GoNoGo = { decideBy: string; atRisk: boolean };

// At risk: a minimum is set, the travellers of its active bookings have not reached it, and the
// go/no-go date is within 14 days of `today` or past.
export function overviewGoNoGo(
  departure: { startsOn: string; minTravellers: number; booked: number },
  today: string,
): GoNoGo {
  const decideBy = addDays(departure.startsOn, -defaultDecisionDays);
  const guaranteed = departure.booked >= departure.minTravellers;
  const atRisk =
    departure.minTravellers > 0 && !guaranteed && daysBetween(today, decideBy) <= atRiskWithinDays;
  return { decideBy, atRisk };
}
