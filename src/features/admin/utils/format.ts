// Dates and times as operators read them. Trip dates are calendar days (YYYY-MM-DD) read in UTC,
// so no time zone moves them a day; moments (createdAt, events) are shown in the operator's zone.
const tripDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const moment = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

// "Sat 12 Dec 2026"; built from parts because ICU versions disagree on the comma.
export function formatTripDate(iso: string | null): string {
  if (!iso) return 'Date to be agreed';
  const match = isoDay.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return iso;
  const parts = tripDate.formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')}`;
}

// "12 Mar 2026, 14:05"
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : moment.format(date);
}

// "12 Mar 2026" and "14:05": a moment on two lines where columns are narrow.
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : time.format(date);
}

// The operator's today as YYYY-MM-DD: the earliest date a new departure can take.
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dayNumber = (iso: string) => {
  const match = isoDay.exec(iso);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000 : Number.NaN;
};

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

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
