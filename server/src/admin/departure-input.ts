// What an operator may send to add or change a departure, checked field by field with messages
// worded for the console's form.
import { adminLimits, type DepartureChange, type NewDeparture } from '../../../src/contracts/admin.js';
import { departureStatuses, type DepartureStatus } from '../../../src/contracts/departure.js';
import { queryTextProblem } from '../../../src/contracts/text.js';
import { addYears, isIsoDate, operatorDatesYearsAhead } from '../departures/dates.js';

export const capacityLimits = { min: adminLimits.capacityMin, max: adminLimits.capacityMax } as const;

type FieldErrors<K extends string> = Partial<Record<K, string>>;
type Checked<T, K extends string> =
  { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors<K> } | { ok: false; message: string };

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

function capacityError(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return `Capacity must be a whole number of seats, from ${capacityLimits.min} to ${capacityLimits.max}.`;
  }
  if (value < capacityLimits.min) return `A departure needs at least ${capacityLimits.min} seat.`;
  if (value > capacityLimits.max) return `A departure can have at most ${capacityLimits.max} seats.`;
  return undefined;
}

export function checkNewDeparture(
  body: unknown,
  knownPackage: (id: string) => boolean,
  today: string,
): Checked<NewDeparture, keyof NewDeparture> {
  if (!isObject(body)) return { ok: false, message: 'The departure could not be read: send a JSON object.' };
  const fieldErrors: FieldErrors<keyof NewDeparture> = {};
  const { packageId, startsOn, capacity } = body;

  if (typeof packageId !== 'string' || packageId.trim() === '') fieldErrors.packageId = 'Choose a package.';
  else if (queryTextProblem('Package', packageId)) fieldErrors.packageId = queryTextProblem('Package', packageId);
  else if (!knownPackage(packageId)) fieldErrors.packageId = 'This package does not exist.';

  const latest = addYears(today, operatorDatesYearsAhead);
  if (typeof startsOn !== 'string' || startsOn === '') fieldErrors.startsOn = 'Choose a date.';
  else if (queryTextProblem('Date', startsOn)) fieldErrors.startsOn = queryTextProblem('Date', startsOn);
  else if (!isIsoDate(startsOn)) fieldErrors.startsOn = 'Enter a real date (YYYY-MM-DD).';
  else if (startsOn <= today) fieldErrors.startsOn = 'Choose a date after today.';
  else if (startsOn > latest) {
    fieldErrors.startsOn = `Choose a date up to ${operatorDatesYearsAhead} years ahead (${latest} at the latest).`;
  }

  const capacityProblem = capacityError(capacity);
  if (capacityProblem) fieldErrors.capacity = capacityProblem;

  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    value: { packageId: packageId as string, startsOn: startsOn as string, capacity: capacity as number },
  };
}

const changeKeys = new Set(['capacity', 'status']);

export function checkDepartureChange(body: unknown): Checked<DepartureChange, keyof DepartureChange> {
  if (!isObject(body)) return { ok: false, message: 'The change could not be read: send a JSON object.' };
  const keys = Object.keys(body);
  if (keys.some((k) => !changeKeys.has(k))) {
    return { ok: false, message: 'Only capacity and status can be changed.' };
  }
  if (keys.length === 0) return { ok: false, message: 'Nothing to change: send capacity, status or both.' };

  const fieldErrors: FieldErrors<keyof DepartureChange> = {};
  const change: DepartureChange = {};
  if ('capacity' in body) {
    const problem = capacityError(body.capacity);
    if (problem) fieldErrors.capacity = problem;
    else change.capacity = body.capacity as number;
  }
  if ('status' in body) {
    if (!(departureStatuses as readonly unknown[]).includes(body.status)) {
      fieldErrors.status = 'Status must be open or closed.';
    } else {
      change.status = body.status as DepartureStatus;
    }
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: change };
}
