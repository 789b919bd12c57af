// How dates read (money: ./money.ts, page prices: ./price.ts), wherever a person reads them: the site, the operator console and the
// server's emails all format through here, so "Sat 12 Dec 2026" and "$2,450" look the same in
// every place. Files and the API carry ISO dates (YYYY-MM-DD) and whole dollars instead.
// No path alias here: the server imports this file directly.
import { brand } from './brand.js';
import { catalogueOf, translator } from './i18n.js';
import type { Language } from './language.js';
import { todayIso } from './iso-dates.js';
import { formatPrice } from './price.js';

// Trip dates are calendar days with no time zone: read and written in UTC so that a reader west
// of Greenwich never sees the day before. Three-letter English months everywhere (en-GB's ICU
// has "Sept"); the order is the brand's, day before month.
// Written out by hand rather than with Intl.DateTimeFormat: making one (ICU's locale data) was
// the longest task of the pages that load this module, 25-45 ms on the main thread as the module
// was evaluated, four times that in Lighthouse's mobile simulation (docs/decisions/016). Only a
// named time zone (the server's emails) still needs Intl, made when first asked for.
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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

export type TripDateParts = { weekday: string; day: string; month: string; year: string };

// Sat / 12 / Dec / 2026, for layouts that set the parts apart (date cards); in another language
// with its catalogue's words, "sáb 12 dic 2026" (contracts/i18n.ts).
export function tripDateParts(iso: string, language: Language = 'en'): TripDateParts | null {
  const date = utcDay(iso);
  if (!date) return null;
  const words = catalogueOf(language);
  return {
    weekday: (words?.weekdays ?? weekdays)[date.getUTCDay()]!,
    day: String(date.getUTCDate()),
    month: (words?.months ?? months)[date.getUTCMonth()]!,
    year: String(date.getUTCFullYear()),
  };
}

export const dateToBeAgreed = 'Date to be agreed';

// "Sat 12 Dec 2026". Null: a booking stored before departures existed has no date yet.
export function formatTripDate(iso: string | null, language: Language = 'en'): string {
  if (iso === null) return translator(language).t('Date to be agreed');
  const p = tripDateParts(iso, language);
  return p ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : iso;
}

// "9 Mar 1984": a date of birth, where the weekday means nothing.
export function formatBirthDate(iso: string, language: Language = 'en'): string {
  const p = tripDateParts(iso, language);
  return p ? `${p.day} ${p.month} ${p.year}` : iso;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

// A date's parts in a named zone, by Intl with `options`: one formatter a zone, made on first use
// (docs/decisions/016), for the moments below and the deadlines further down.
function zonedParts(options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (date: Date, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formats.set(timeZone, format);
    }
    const all = format.formatToParts(date);
    return (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
  };
}

// A named zone other than UTC (the server's emails).
const momentParts = zonedParts({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function zoneParts(date: Date, timeZone: string) {
  const part = momentParts(date, timeZone);
  return {
    day: `${part('day')} ${part('month')} ${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

// Moments (a booking made, a change in its history) are shown in the reader's own zone, or in
// the zone given (UTC on the server-rendered pages, the server's zone in emails); outside a named
// zone, with the months of `language` ("12 mar 2026" in Spanish).
function moment(iso: string, timeZone?: string, language: Language = 'en') {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone !== undefined && timeZone !== 'UTC') return zoneParts(date, timeZone);
  const utc = timeZone === 'UTC';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const hour = utc ? date.getUTCHours() : date.getHours();
  const minute = utc ? date.getUTCMinutes() : date.getMinutes();
  const monthWord = (catalogueOf(language)?.months ?? months)[month];
  return { day: `${day} ${monthWord} ${year}`, time: `${pad2(hour)}:${pad2(minute)}` };
}

// "12 Mar 2026, 14:05"
export function formatMoment(iso: string, timeZone?: string, language: Language = 'en'): string {
  const m = moment(iso, timeZone, language);
  return m ? `${m.day}, ${m.time}` : iso;
}

// "12 Mar 2026" and "14:05": a moment on two lines where columns are narrow.
export const formatDay = (iso: string) => moment(iso)?.day ?? iso;
export const formatTime = (iso: string) => moment(iso)?.time ?? '';

const dayNumber = (iso: string) => {
  const date = utcDay(iso);
  return date ? date.getTime() / 86_400_000 : Number.NaN;
};

// Whole calendar days from the reader's today to a trip date (negative once it has passed).
export function daysUntil(iso: string, now: Date = new Date()): number {
  return Math.round(dayNumber(iso) - dayNumber(todayIso('local', now)));
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

// Whole numbers as prices write them without the dollar sign: "1,204", as toLocaleString('en-US')
// would, but without ICU, whose first number formatter cost My bookings 17 ms of main thread as it
// loaded (a schema's message built at module evaluation; docs/decisions/016).
export const formatCount = (n: number) => formatPrice(n).replace('$', '');

// "1 traveller", "3 travellers", "1,204 bookings".
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${pluralWord(count, one, many)}`;
}

// The word alone, where the count stands elsewhere in the sentence or not at all: "is" or "are",
// "the contact" or "the contacts".
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

// A deadline (a waiting-list offer's) as the site and every email show it: in the brand's time
// zone, with the zone named, "Sun 10 Jan 2027, 06:30 PST". The same words on the page and in the
// email whatever the reader's own zone. Intl made on first use (docs/decisions/016).
const deadlineParts = zonedParts({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});
export function formatDeadline(
  iso: string,
  timeZone: string = brand.timeZone,
  language: Language = 'en',
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = deadlineParts(date, timeZone);
  return `${formatTripDate(`${part('year')}-${part('month')}-${part('day')}`, language)}, ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}
