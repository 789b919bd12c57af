// Will a departure run? The go/no-go date (`decideBy`) and whether a date is at risk: one rule for
// the departures list (server/src/admin/departures-routes.ts), the console's marks and the overview.
// No path alias here: the server imports this file directly.
import { addDays, daysBetween, isIsoDate } from './iso-dates.js';
import { plural } from './format.js';

// DECISION_DAYS' default: a departure's decideBy is this many days before it starts unless the
// operator sets another date.
export const defaultDecisionDays = 30;
// MOVE_OFFER_HOURS' default: how long a moved departure's offer holds each party's seats.
export const defaultMoveOfferHours = 72;
// A date is at risk once its decideBy is this close (or past) and it is not guaranteed.
export const riskWindowDays = 14;

export const defaultDecideBy = (startsOn: string, decisionDays = defaultDecisionDays) =>
  addDays(startsOn, -decisionDays);

export type DepartureRiskInput = {
  // Travellers needed for the departure to run; 0 = no minimum (never at risk).
  minTravellers: number;
  // Travellers of its active bookings (requested and confirmed); held offers do not count.
  booked: number;
  // ISO date (YYYY-MM-DD).
  decideBy: string;
  // A closed departure (closed by hand or moved to another date) is decided: never at risk.
  status?: 'open' | 'closed';
};

// At risk: open, a minimum is set, the active bookings do not reach it, and the go/no-go date is
// within riskWindowDays of `today` or already past. `today` is an ISO date.
export function isAtRisk(d: DepartureRiskInput, today: string): boolean {
  if (d.status === 'closed') return false;
  if (d.minTravellers <= 0 || d.booked >= d.minTravellers) return false;
  return daysBetween(today, d.decideBy) <= riskWindowDays;
}

// Travellers still needed to reach the minimum (0 with none or once reached).
export const travellersNeeded = (d: Pick<DepartureRiskInput, 'minTravellers' | 'booked'>) =>
  d.minTravellers > 0 ? Math.max(0, d.minTravellers - d.booked) : 0;

// "4 more travellers needed, 6 days left" / "decide today" / "3 days overdue": the console's words.
export function riskSummary(d: DepartureRiskInput, today: string): string {
  const days = daysBetween(today, d.decideBy);
  const needed = `${plural(travellersNeeded(d), 'more traveller')} needed`;
  const left =
    days > 0
      ? `${plural(days, 'day')} left`
      : days === 0
        ? 'decide today'
        : `${plural(-days, 'day')} overdue`;
  return `${needed}, ${left}`;
}

// A decideBy must be a real date on or before the departure.
export const decideByProblem = (value: string, startsOn: string) =>
  !isIsoDate(value) || value < '2000-01-01'
    ? 'Enter a real date (YYYY-MM-DD).'
    : value > startsOn
      ? 'The decision date cannot be after the departure.'
      : undefined;
