// The console's list filters, declared as the query-string schemas of its routes: only these keys
// ever reach a query, and only as parameters (pretix's filter whitelist). Refusals answer 400 with
// the first message (server/src/http/problem.ts).
import { paymentStates, type PaymentState } from '#contracts/payment';
import * as z from 'zod/mini';
import { adminPageSize, departurePageSize, searchMaxLength } from '#contracts/admin';
import { firstOf, rule } from '#contracts/api';
import { hasControlChars, noControlChars } from '#contracts/text';
import { bookingStatuses, isUuid } from '#contracts/booking';
import { isIsoDate, isOperatorDate, operatorDatesFrom, todayIso } from '#contracts/iso-dates';

// A position in the newest-first list: the last row's created_at (to the microsecond, as stored)
// and id. Opaque to clients: base64url of JSON.
export type Cursor = { at: string; id: string };

// A query value given at most once. `?status=` (empty) means "any": the console's selects send it
// that way. The description is what the OpenAPI document says of it.
const once = <T extends z.ZodMiniType<unknown, string>>(key: string, value: T, description: string) =>
  z.optional(
    z.pipe(
      z.pipe(
        z.string({ error: `Give ${key} once.` }).check(z.describe(description), noControlChars(key)),
        z.transform((raw) => (raw === '' ? undefined : raw)),
      ),
      z.optional(value),
    ),
  );

const knownPackageId = (knownPackage: (id: string) => boolean) =>
  z.string().check(z.refine(knownPackage, 'Unknown package.'));

const status = z.enum(bookingStatuses, {
  error: (issue) => `Unknown status "${String(issue.input)}": use ${bookingStatuses.join(', ')}.`,
});

const payment = z.enum(paymentStates, {
  error: (issue) => `Unknown payment state "${String(issue.input)}": use ${paymentStates.join(', ')}.`,
});

const departureId = z.pipe(
  z.string().check(z.refine(isUuid, 'departureId must be a departure id (a UUID).')),
  z.transform((id) => id.toLowerCase()),
);

// Trimmed; blank means no search.
const search = z.pipe(
  z
    .string()
    .check(z.trim(), z.maxLength(searchMaxLength, `Search for at most ${searchMaxLength} characters.`)),
  z.transform((text) => text || undefined),
);

const pageLimit = (max: number) => {
  const message = `limit must be a whole number from 1 to ${max}.`;
  return z.pipe(
    z.string().check(
      z.regex(/^\d{1,3}$/, message),
      z.refine((n) => Number(n) >= 1 && Number(n) <= max, message),
    ),
    z.transform(Number),
  );
};
const limit = pageLimit(adminPageSize.max);

// Microseconds, UTC: exactly what to_char writes in bookings-queries.ts.
const cursorAtPattern = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const isCursorTime = (at: string) => {
  const match = cursorAtPattern.exec(at);
  return match !== null && isIsoDate(match[1]!) && isOperatorDate(match[1]!, todayIso('UTC'));
};

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

const cursorMessage = 'This cursor is not valid: start again from the first page.';

// A cursor's strings, as encodeCursor and encodeDepartureCursor wrote them (base64url of a JSON
// array of `count` strings); undefined for anything else.
function cursorStrings(raw: string, count: number): string[] | undefined {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(decoded) || decoded.length !== count) return undefined;
  return decoded.every((v) => typeof v === 'string') ? (decoded as string[]) : undefined;
}

// A query's `cursor`: 400 with one message for anything `decode` does not read.
const cursorParam = <T>(decode: (raw: string) => T | undefined) =>
  z.pipe(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,400}$/, cursorMessage)),
    z.transform((raw, ctx) => {
      const decoded = decode(raw);
      if (!decoded) ctx.issues.push({ code: 'custom', message: cursorMessage, input: raw });
      return decoded;
    }),
  );

const cursor = cursorParam((raw): Cursor | undefined => {
  const [at, id] = cursorStrings(raw, 2) ?? [];
  if (at === undefined || id === undefined || !isCursorTime(at) || !isUuid(id)) return undefined;
  return { at, id: id.toLowerCase() };
});

// GET /api/admin/bookings and its CSV. The keys are checked in this order; the first refusal wins.
export const bookingFiltersQuery = (knownPackage: (id: string) => boolean) =>
  z.object({
    status: once('status', status, `One of ${bookingStatuses.join(', ')}; empty for any.`),
    packageId: once('packageId', knownPackageId(knownPackage), 'A package id from /packages.JSON.'),
    departureId: once('departureId', departureId, 'A departure id (UUID).'),
    q: once('q', search, `Text in the reference, name or email (at most ${searchMaxLength} characters).`),
    payment: once('payment', payment, `One of ${paymentStates.join(', ')}; empty for any.`),
  });

export const bookingListQuery = (knownPackage: (id: string) => boolean) =>
  z.object({
    ...bookingFiltersQuery(knownPackage).shape,
    limit: once(
      'limit',
      limit,
      `Bookings a page, 1 to ${adminPageSize.max} (default ${adminPageSize.default}).`,
    ),
    cursor: once('cursor', cursor, 'The nextCursor of the previous page.'),
  });

export type BookingFilters = {
  status?: (typeof bookingStatuses)[number];
  packageId?: string;
  departureId?: string;
  q?: string;
  payment?: PaymentState;
};

// A position in the departures list (ascending by date, then package, then id): the last row's
// date, package id and id. Opaque to clients: base64url of JSON.
export type DepartureCursor = { startsOn: string; packageId: string; id: string };

export const encodeDepartureCursor = (cursor: DepartureCursor) =>
  Buffer.from(JSON.stringify([cursor.startsOn, cursor.packageId, cursor.id])).toString('base64url');

const departureCursor = cursorParam((raw): DepartureCursor | undefined => {
  const [startsOn, packageId, id] = cursorStrings(raw, 3) ?? [];
  if (startsOn === undefined || packageId === undefined || id === undefined) return undefined;
  if (!isIsoDate(startsOn) || !isUuid(id) || packageId.length > 100 || hasControlChars(packageId))
    return undefined;
  return { startsOn, packageId, id: id.toLowerCase() };
});

// GET /api/admin/departures?packageId=&from=YYYY-MM-DD&limit=&cursor=
export const departureListQuery = (knownPackage: (id: string) => boolean) =>
  z.object({
    packageId: once('packageId', knownPackageId(knownPackage), 'A package id from /packages.JSON.'),
    from: once(
      'from',
      z
        .string()
        .check(
          rule(
            firstOf<string>(
              [isIsoDate, 'from must be a date (YYYY-MM-DD).'],
              [
                (d) => isOperatorDate(d, todayIso('UTC')),
                `from must be a date from ${operatorDatesFrom} to three years ahead.`,
              ],
            ),
          ),
        ),
      'The first date to list (YYYY-MM-DD).',
    ),
    limit: once(
      'limit',
      pageLimit(departurePageSize.max),
      `Departures a page, 1 to ${departurePageSize.max} (default ${departurePageSize.default}).`,
    ),
    cursor: once('cursor', departureCursor, 'The nextCursor of the previous page.'),
  });
