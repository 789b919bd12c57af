// Departure dates are calendar dates (ISO YYYY-MM-DD), compared in UTC: one brand, one calendar.
// Shared by the browser and the server; no path alias here: the server imports this file directly.
// Today's calendar date (YYYY-MM-DD) in the zone named: 'UTC' is the calendar departures are
// compared in (the server's, and the browser's before it hydrates); 'local' is the reader's own day
// (the browser's time zone: a date input's default, a download's name).
export type DayZone = 'UTC' | 'local';
export function todayIso(zone: DayZone, now: Date = new Date()): string {
  if (zone === 'UTC') return now.toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// Whole days from `from` to `to` (negative when `to` is earlier).
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && todayIso('UTC', new Date(`${value}T00:00:00Z`)) === value;

export const addYears = (iso: string, years: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

// Dates an operator types (a departure, a list's start): from 2000 to three years ahead. Year
// 0000 passes isIsoDate but PostgreSQL refuses it, and 9999 is a typo, not a trip.
export const operatorDatesFrom = '2000-01-01';
export const operatorDatesYearsAhead = 3;
export const isOperatorDate = (value: string, today: string) =>
  isIsoDate(value) && value >= operatorDatesFrom && value <= addYears(today, operatorDatesYearsAhead);
