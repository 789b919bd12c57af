// The console's list filters, read from the query string into a whitelisted, validated object:
// only these keys ever reach a query, and only as parameters (pretix's filter whitelist).
import { adminPageSize } from '../../../src/contracts/admin.js';
import { bookingStatuses, isUuid, type BookingStatus } from '../../../src/contracts/booking.js';
import { queryTextProblem } from '../../../src/contracts/text.js';
import { isIsoDate, isOperatorDate, operatorDatesFrom, todayIso } from '../departures/dates.js';

export type BookingFilters = {
  status?: BookingStatus;
  packageId?: string;
  departureId?: string;
  q?: string;
};

// A position in the newest-first list: the last row's created_at (to the microsecond, as stored)
// and id. Opaque to clients: base64url of JSON.
export type Cursor = { at: string; id: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const searchMaxLength = 100;

type Query = Record<string, unknown>;

// `?status=` (empty) means "any": the console's selects send it that way.
function single(query: Query, key: string): Parsed<string | undefined> {
  const value = query[key];
  if (value === undefined || value === '') return { ok: true, value: undefined };
  if (typeof value !== 'string') return { ok: false, message: `Give ${key} once.` };
  const problem = queryTextProblem(key, value);
  if (problem) return { ok: false, message: problem };
  return { ok: true, value };
}

export function parseBookingFilters(
  query: Query,
  knownPackage: (id: string) => boolean,
): Parsed<BookingFilters> {
  const filters: BookingFilters = {};

  const status = single(query, 'status');
  if (!status.ok) return status;
  if (status.value !== undefined) {
    if (!(bookingStatuses as readonly string[]).includes(status.value)) {
      return { ok: false, message: `Unknown status "${status.value}": use ${bookingStatuses.join(', ')}.` };
    }
    filters.status = status.value as BookingStatus;
  }

  const packageId = single(query, 'packageId');
  if (!packageId.ok) return packageId;
  if (packageId.value !== undefined) {
    if (!knownPackage(packageId.value)) return { ok: false, message: 'Unknown package.' };
    filters.packageId = packageId.value;
  }

  const departureId = single(query, 'departureId');
  if (!departureId.ok) return departureId;
  if (departureId.value !== undefined) {
    if (!isUuid(departureId.value))
      return { ok: false, message: 'departureId must be a departure id (a UUID).' };
    filters.departureId = departureId.value.toLowerCase();
  }

  const q = single(query, 'q');
  if (!q.ok) return q;
  const text = q.value?.trim();
  if (text) {
    if (text.length > searchMaxLength) {
      return { ok: false, message: `Search for at most ${searchMaxLength} characters.` };
    }
    filters.q = text;
  }
  return { ok: true, value: filters };
}

export function parseLimit(query: Query): Parsed<number> {
  const raw = single(query, 'limit');
  if (!raw.ok) return raw;
  if (raw.value === undefined) return { ok: true, value: adminPageSize.default };
  const n = /^\d{1,3}$/.test(raw.value) ? Number(raw.value) : NaN;
  if (!(n >= 1 && n <= adminPageSize.max)) {
    return { ok: false, message: `limit must be a whole number from 1 to ${adminPageSize.max}.` };
  }
  return { ok: true, value: n };
}

// Microseconds, UTC: exactly what to_char writes in bookings-queries.ts.
const cursorAtPattern = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const isCursorTime = (at: string) => {
  const match = cursorAtPattern.exec(at);
  return match !== null && isIsoDate(match[1]!) && isOperatorDate(match[1]!, todayIso());
};

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

export function parseCursor(query: Query): Parsed<Cursor | undefined> {
  const raw = single(query, 'cursor');
  if (!raw.ok) return raw;
  if (raw.value === undefined) return { ok: true, value: undefined };
  const bad = { ok: false as const, message: 'This cursor is not valid: start again from the first page.' };
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw.value)) return bad;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw.value, 'base64url').toString('utf8'));
  } catch {
    return bad;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) return bad;
  const [at, id] = decoded as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string') return bad;
  if (!isCursorTime(at) || !isUuid(id)) return bad;
  return { ok: true, value: { at, id: id.toLowerCase() } };
}

// `from=YYYY-MM-DD` on the departures list: a calendar date from 2000 to three years ahead.
export function parseFromDate(query: Query, today = todayIso()): Parsed<string | undefined> {
  const raw = single(query, 'from');
  if (!raw.ok) return raw;
  if (raw.value !== undefined && !isIsoDate(raw.value)) {
    return { ok: false, message: 'from must be a date (YYYY-MM-DD).' };
  }
  if (raw.value !== undefined && !isOperatorDate(raw.value, today)) {
    return { ok: false, message: `from must be a date from ${operatorDatesFrom} to three years ahead.` };
  }
  return raw;
}

export function parsePackageId(
  query: Query,
  knownPackage: (id: string) => boolean,
): Parsed<string | undefined> {
  const raw = single(query, 'packageId');
  if (!raw.ok) return raw;
  if (raw.value !== undefined && !knownPackage(raw.value)) return { ok: false, message: 'Unknown package.' };
  return raw;
}
