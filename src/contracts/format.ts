// How dates read (money: ./money.ts), wherever a person reads them: the site, the operator console and the
// server's emails all format through here, so "Sat 12 Dec 2026" and "$2,450" look the same in
// every place. Files and the API carry ISO dates (YYYY-MM-DD) and whole dollars instead.
// No path alias here: the server imports this file directly.

// Trip dates are calendar days with no time zone: read and written in UTC so that a reader west
// of Greenwich never sees the day before. en-US parts give three-letter months everywhere (en-GB
// has "Sept"); the order is the brand's, day before month.
const dayParts = new Intl.DateTimeFormat('en-US', {
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
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  const day = Number(match[3]);
  const date = new Date(Date.UTC(year, month, day));
  // 2026-02-31 is no day: Date would roll it into March.
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

const partOf = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? '';

export type TripDateParts = { weekday: string; day: string; month: string; year: string };

// Sat / 12 / Dec / 2026, for layouts that set the parts apart (date cards).
export function tripDateParts(iso: string): TripDateParts | null {
  const date = utcDay(iso);
  if (!date) return null;
  const all = dayParts.formatToParts(date);
  return {
    weekday: partOf(all, 'weekday'),
    day: partOf(all, 'day'),
    month: partOf(all, 'month'),
    year: partOf(all, 'year'),
  };
}

export const dateToBeAgreed = 'Date to be agreed';

// "Sat 12 Dec 2026". Built from parts: ICU versions disagree on the comma after the weekday.
// Null: a booking stored before departures existed has no date yet.
export function formatTripDate(iso: string | null): string {
  if (iso === null) return dateToBeAgreed;
  const p = tripDateParts(iso);
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : iso;
}

// Moments (a booking made, a change in its history) are shown in the reader's own zone, or in
// the zone given (the server's emails).
const momentParts = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
const localMoment = momentParts();

function moment(iso: string, timeZone?: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const all = (timeZone ? momentParts(timeZone) : localMoment).formatToParts(date);
  return {
    day: `${partOf(all, 'day')} ${partOf(all, 'month')} ${partOf(all, 'year')}`,
    time: `${partOf(all, 'hour')}:${partOf(all, 'minute')}`,
  };
}

// "12 Mar 2026, 14:05"
export function formatMoment(iso: string, timeZone?: string): string {
  const m = moment(iso, timeZone);
  return m ? `${m.day}, ${m.time}` : iso;
}

// "12 Mar 2026" and "14:05": a moment on two lines where columns are narrow.
export const formatDay = (iso: string) => moment(iso)?.day ?? iso;
export const formatTime = (iso: string) => moment(iso)?.time ?? '';

// The reader's own calendar day, as an ISO date.
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dayNumber = (iso: string) => {
  const date = utcDay(iso);
  return date ? date.getTime() / 86_400_000 : Number.NaN;
};

// Whole calendar days from the reader's today to a trip date (negative once it has passed).
export function daysUntil(iso: string, now: Date = new Date()): number {
  return Math.round(dayNumber(iso) - dayNumber(todayIso(now)));
}

// How far a trip date is from today, as a guide plans: "Today", "in 12 days", "in 5 months",
// "Departed".
export function fromToday(today: string, iso: string): string {
  const days = Math.round(dayNumber(iso) - dayNumber(today));
  if (Number.isNaN(days)) return '';
  if (days < 0) return 'Departed';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days < 60) return `in ${days} days`;
  return `in ${Math.round(days / 30.44)} months`;
}

// "1 traveller", "3 travellers".
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
