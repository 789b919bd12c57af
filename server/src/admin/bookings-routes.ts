// The console's bookings: the filtered list and its CSV, one booking and its audit trail, and the
// operator's confirm and cancel. Registered inside adminRoutes, behind its operator check.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { adminPageSize } from '#contracts/admin';
import {
  adminBookingSchema,
  adminBookingsPageSchema,
  auditEventSchema,
  cancelReasonSchema,
  type AdminBookingsPage,
} from '#contracts/api';
import { answerChange, changeRouteSchema, type ChangeAnswerContext } from '../bookings/change-answer.js';
import { changeBookingStatus, type StatusChange } from '../bookings/status.js';
import { type AppContext, todayOf } from '../context/app-context.js';
import { operatorActor } from '../context/actors.js';
import { offerContext } from '../seats/offer-context.js';
import { consoleSchema, errors, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import {
  bookingId,
  bookingIdParams,
  consoleReadById,
  csvAnswer,
  noStore,
  sendCsv,
} from '../http/route-parts.js';
import { fromDatabase, problem } from '../http/problem.js';
import { cursorOf, findAdminBooking, listAdminBookings, listBookingEvents } from './bookings-queries.js';
import { bookingCsvHeader, bookingCsvRow, csvBom, csvPages, csvRow } from './csv.js';
import { bookingFiltersQuery, bookingListQuery, type BookingFilters, type Cursor } from './filters.js';

// Rows a query while writing the CSV: the export is never held in memory whole. Fewer rows alive
// at a time leave V8 less to promote between its major collections: over a million bookings the
// server's memory grew by 167 MB with 2,000 a page, 131 MB with 500 (100: 117 MB but 20 % slower).
const defaultExportPageSize = 500;

// What the console's bookings routes read of the app's context.
export type AdminBookingsContext = Pick<AppContext, 'db' | 'packages' | 'exportPageSize' | 'today'> &
  ChangeAnswerContext;

export async function adminBookingsRoutes(app: FastifyInstance, options: AdminBookingsContext) {
  const { db, packages } = options;
  // Lists, searches and the CSV read through the console's own pool (server/src/db/database.ts).
  const reads = db.consoleReads;
  const exportPageSize = options.exportPageSize ?? defaultExportPageSize;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = todayOf(options);
  const knownPackage = (id: string) => packages.has(id);

  api.get(
    '/api/admin/bookings',
    {
      schema: consoleSchema({
        summary: 'Bookings, newest first, filtered and paged',
        querystring: bookingListQuery(knownPackage),
        response: { 200: adminBookingsPageSchema, ...errors.badRequest },
      }),
    },
    async (request, reply) => {
      const { limit, cursor, ...filters } = request.query;
      const page = await fromDatabase(() =>
        listAdminBookings(reads, filters, limit ?? adminPageSize.default, cursor),
      );
      const body: AdminBookingsPage = { bookings: page.bookings, nextCursor: cursorOf(page.next) };
      return noStore(reply).send(body);
    },
  );

  // Every matching booking, newest first, whatever the page size: read page by page through the
  // list's keyset cursor while writing, each page only once the response has taken the last
  // (Readable.from pulls as the socket drains), so memory stays one page whatever the export's
  // size and no connection is held between pages (docs/decisions/031-console-at-scale.md). The
  // first page is read before answering, so a database that is down still gets a proper 503
  // rather than a cut-off download.
  api.get(
    '/api/admin/bookings.csv',
    {
      schema: consoleSchema({
        summary: 'Every matching booking as CSV',
        querystring: bookingFiltersQuery(knownPackage),
        response: {
          ...csvAnswer('One row a booking, newest first, with a header row.'),
          ...errors.badRequest,
        },
      }),
    },
    async (request, reply) => {
      const filters: BookingFilters = request.query;
      const read = async (after?: Cursor) => {
        const page = await fromDatabase(() =>
          listAdminBookings(reads, filters, exportPageSize, after, { guests: false }),
        );
        return { rows: page.bookings, next: page.next };
      };
      const first = await read();
      const lines = csvPages(csvBom + csvRow(bookingCsvHeader), first, bookingCsvRow, read);
      return sendCsv(reply, `wayfarer-bookings-${today()}.csv`, Readable.from(lines, { objectMode: false }));
    },
  );

  consoleReadById(
    app,
    '/api/admin/bookings/:id',
    { summary: 'One booking', answer: adminBookingSchema, id: bookingId },
    (id) => findAdminBooking(db, id),
  );

  consoleReadById(
    app,
    '/api/admin/bookings/:id/events',
    {
      summary: 'A booking’s audit trail, oldest first',
      answer: z.object({ events: z.array(auditEventSchema) }),
      id: bookingId,
    },
    async (id) => {
      if (!(await findAdminBooking(db, id))) return undefined;
      return { events: await listBookingEvents(db, id) };
    },
  );

  // Operators are not bound by the traveller's cancellation cutoff: no `cutoff`, no `ownerId`.
  const change = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    to: StatusChange['to'],
    reason?: string,
  ) => {
    const outcome = await fromDatabase(() =>
      changeBookingStatus(db, {
        bookingId: id,
        to,
        actor: operatorActor(request),
        reason,
        offers: offerContext(options),
      }),
    );
    if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
    if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
    if (outcome.kind === 'changed') options.onEmailQueued?.();
    // Read again: the booking as stored, updatedAt included.
    const booking = await fromDatabase(() => findAdminBooking(db, id));
    if (!booking) return problem(reply, 404, 'No such booking.');
    return noStore(reply).send(booking);
  };

  const changed = {
    200: adminBookingSchema,
    ...errors.notFound,
    ...errors.conflict,
    ...errors.tooLarge,
  };

  api.post(
    '/api/admin/bookings/:id/confirm',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Confirm a requested booking',
        params: bookingIdParams,
        response: changed,
      }),
    },
    (request, reply) => change(request, reply, request.params.id, 'confirmed'),
  );

  api.post(
    '/api/admin/bookings/:id/cancel',
    {
      bodyLimit: 4 * 1024,
      schema: consoleSchema({
        summary: 'Cancel a booking, with the reason the traveller reads',
        params: bookingIdParams,
        body: cancelReasonSchema,
        response: { ...changed, ...jsonBodyErrors },
      }),
    },
    (request, reply) => change(request, reply, request.params.id, 'cancelled', request.body.reason),
  );

  // The same change as the traveller's, with no cutoff: operators move bookings by phone too.
  api.post(
    '/api/admin/bookings/:id/change',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Change a booking’s date or party (no cutoff)',
        ...changeRouteSchema,
        response: { ...changeRouteSchema.response, 200: adminBookingSchema },
      }),
    },
    async (request, reply) => {
      const answer = await answerChange(request.params.id, request.body, reply, options, {
        actor: operatorActor(request),
      });
      if (!answer) return reply;
      const booking = await fromDatabase(() => findAdminBooking(db, request.params.id));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return noStore(reply).send(booking);
    },
  );
}
