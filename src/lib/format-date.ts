// Trip dates are calendar days (ISO YYYY-MM-DD) with no time zone: they are read and written in
// UTC so that a traveller west of Greenwich never sees the day before. en-US parts give
// three-letter months everywhere (en-GB has "Sept"); the order is set below, day before month.
const parts = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(iso: string): Date | null {
  const match = isoDay.exec(iso);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

export type TripDateParts = { weekday: string; day: string; month: string; year: string };

// Sat / 12 / Dec / 2026, for layouts that set the parts apart (date cards).
export function tripDateParts(iso: string): TripDateParts | null {
  const date = utcDay(iso);
  if (!date) return null;
  const all = parts.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
  return { weekday: get('weekday'), day: get('day'), month: get('month'), year: get('year') };
}

// "Sat 12 Dec 2026". Built from parts: ICU versions disagree on the comma after the weekday.
export function formatTripDate(iso: string): string {
  const p = tripDateParts(iso);
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : iso;
}

// The traveller's own calendar day, as an ISO date.
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// Whole calendar days from the traveller's today to a trip date (negative once it has passed).
export function daysUntil(iso: string, now: Date = new Date()): number {
  const date = utcDay(iso);
  const today = utcDay(todayIso(now));
  if (!date || !today) return Number.NaN;
  return Math.round((date.getTime() - today.getTime()) / 86_400_000);
}
