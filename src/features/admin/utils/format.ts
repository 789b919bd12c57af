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

// The operator's today as YYYY-MM-DD: the earliest date a new departure can take.
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
