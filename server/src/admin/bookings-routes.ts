// The console's bookings: the filtered list and its CSV, one booking and its audit trail, and the
// operator's confirm and cancel. Registered inside adminRoutes, behind its operator check.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { adminLimits, type AdminBookingsPage } from '../../../src/contracts/admin.js';
import { controlCharsMessage, hasControlChars } from '../../../src/contracts/text.js';
import { isUuid } from '../../../src/contracts/booking.js';
import type { Actor } from '../audit/audit.js';
import type { BookingsOptions } from '../bookings/routes.js';
import { changeBookingStatus, type StatusChange } from '../bookings/status.js';
import { todayIso } from '../departures/dates.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import {
  cursorOf,
  findAdminBooking,
  listAdminBookings,
  listBookingEvents,
  type BookingsPage,
} from './bookings-queries.js';
import { bookingCsvHeader, bookingCsvRow, csvRow } from './csv.js';
import { parseBookingFilters, parseCursor, parseLimit, type BookingFilters } from './filters.js';

export const cancelReasonMax = adminLimits.cancelReason;
// Rows a query while writing the CSV: the export is never held in memory whole.
const exportPageSize = 500;

export const operatorActor = (request: FastifyRequest): Actor => ({
  type: 'operator',
  name: request.user!.email ?? request.user!.uid,
});

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

type Query = { Querystring: Record<string, unknown> };
type ById = { Params: { id: string } };

export function readCancelReason(
  body: unknown,
): { reason: string } | { fieldErrors: { reason: string } } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const reason = (body as { reason?: unknown }).reason;
  if (reason === undefined || reason === null || (typeof reason === 'string' && reason.trim() === '')) {
    return { fieldErrors: { reason: 'Please give a reason for the cancellation: the traveller reads it.' } };
  }
  if (typeof reason !== 'string') return { fieldErrors: { reason: 'The reason must be text.' } };
  // Written on several lines in the console's box: tab and newline are kept.
  if (hasControlChars(reason, { multiline: true })) {
    return { fieldErrors: { reason: controlCharsMessage('The reason') } };
  }
  const trimmed = reason.trim();
  if (trimmed.length > cancelReasonMax) {
    return { fieldErrors: { reason: `Keep the reason to ${cancelReasonMax} characters or fewer.` } };
  }
  return { reason: trimmed };
}

export async function adminBookingsRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db, packages } = options;
  const today = options.today ?? (() => todayIso());
  const knownPackage = (id: string) => packages.has(id);

  const readFilters = (query: Record<string, unknown>, reply: FastifyReply): BookingFilters | null => {
    const filters = parseBookingFilters(query, knownPackage);
    if (!filters.ok) {
      problem(reply, 400, filters.message);
      return null;
    }
    return filters.value;
  };

  app.get<Query>('/api/admin/bookings', async (request, reply) => {
    const filters = readFilters(request.query, reply);
    if (!filters) return reply;
    const limit = parseLimit(request.query);
    if (!limit.ok) return problem(reply, 400, limit.message);
    const cursor = parseCursor(request.query);
    if (!cursor.ok) return problem(reply, 400, cursor.message);
    const page = await fromDatabase(() => listAdminBookings(db, filters, limit.value, cursor.value));
    const body: AdminBookingsPage = { bookings: page.bookings, nextCursor: cursorOf(page.next) };
    return noStore(reply).send(body);
  });

  // Every matching booking, newest first, whatever the page size: read page by page while
  // writing. The first page is read before answering, so a database that is down still gets a
  // proper 503 rather than a cut-off download.
  app.get<Query>('/api/admin/bookings.csv', async (request, reply) => {
    const filters = readFilters(request.query, reply);
    if (!filters) return reply;
    const matching: BookingFilters = filters;
    const first = await fromDatabase(() => listAdminBookings(db, filters, exportPageSize));
    async function* lines(): AsyncGenerator<Buffer> {
      yield Buffer.from(csvRow(bookingCsvHeader));
      let page: BookingsPage = first;
      for (;;) {
        yield Buffer.from(page.bookings.map(bookingCsvRow).join(''));
        const after = page.next;
        if (!after) return;
        page = await fromDatabase(() => listAdminBookings(db, matching, exportPageSize, after));
      }
    }
    return noStore(reply)
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="wayfarer-bookings-${today()}.csv"`)
      .send(Readable.from(lines(), { objectMode: false }));
  });

  app.get<ById>('/api/admin/bookings/:id', async (request, reply) => {
    const { id } = request.params;
    const booking = isUuid(id) ? await fromDatabase(() => findAdminBooking(db, id)) : undefined;
    if (!booking) return problem(reply, 404, 'No such booking.');
    return noStore(reply).send(booking);
  });

  app.get<ById>('/api/admin/bookings/:id/events', async (request, reply) => {
    const { id } = request.params;
    const found = isUuid(id) ? await fromDatabase(() => findAdminBooking(db, id)) : undefined;
    if (!found) return problem(reply, 404, 'No such booking.');
    const events = await fromDatabase(() => listBookingEvents(db, id));
    return noStore(reply).send({ events });
  });

  // Operators are not bound by the traveller's cancellation cutoff: no `cutoff`, no `ownerId`.
  const change = async (
    request: FastifyRequest<ById>,
    reply: FastifyReply,
    to: StatusChange['to'],
    reason?: string,
  ) => {
    const { id } = request.params;
    if (!isUuid(id)) return problem(reply, 404, 'No such booking.');
    const outcome = await fromDatabase(() =>
      changeBookingStatus(db, { bookingId: id, to, actor: operatorActor(request), reason }),
    );
    if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
    if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
    if (outcome.kind === 'changed') options.onEmailQueued?.();
    // Read again: the booking as stored, updatedAt included.
    const booking = await fromDatabase(() => findAdminBooking(db, id));
    if (!booking) return problem(reply, 404, 'No such booking.');
    return noStore(reply).send(booking);
  };

  app.post<ById>('/api/admin/bookings/:id/confirm', { bodyLimit: 1024 }, (request, reply) =>
    change(request, reply, 'confirmed'),
  );

  app.post<ById>('/api/admin/bookings/:id/cancel', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const read = readCancelReason(request.body);
    if (read === null)
      return problem(reply, 400, 'The cancellation could not be read: send a JSON object with a reason.');
    if ('fieldErrors' in read) return fieldProblem(reply, read.fieldErrors);
    return change(request, reply, 'cancelled', read.reason);
  });
}
