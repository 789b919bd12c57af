// The console's side of the travellers' details: the manifest as CSV (one row per traveller),
// the guide's check-in per traveller, and internal notes on a booking. Registered inside
// adminRoutes, behind its operator check.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  adminBookingSchema,
  checkInRequestSchema,
  noteRequestSchema,
  noteSchema,
  uuidParam,
} from '#contracts/api';
import type { AppContext } from '../context/app-context.js';
import { operatorActor } from '../context/actors.js';
import { setCheckIn } from '../guests/repository.js';
import { consoleSchema, errors, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { bookingIdParams, csvAnswer, departureIdParams, noStore, sendCsv } from '../http/route-parts.js';
import { fromDatabase, problem } from '../http/problem.js';
import { findAdminBooking, listManifestBookings } from './bookings-queries.js';
import { manifestQuestions } from './departures-routes.js';
import { csvBom, csvRow, manifestCsvHeader, manifestCsvRows } from './csv.js';
import { findAdminDeparture } from './departures-queries.js';
import { addNote } from './notes.js';

// 0-11: a booking has at most twelve travellers. Anything else is a traveller that is not there.
const guestIndex = z
  .string()
  .check(z.refine((raw) => /^(?:\d|1[01])$/.test(raw), 'No such traveller on this booking.'));

// What the console's traveller routes (manifest, check-in, notes) read of the app's context.
export type AdminGuestsContext = Pick<AppContext, 'db' | 'catalogue'>;

export async function adminGuestsRoutes(app: FastifyInstance, options: AdminGuestsContext) {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/departures/:id/manifest.csv',
    {
      schema: consoleSchema({
        summary: 'The manifest as CSV: one row per traveller',
        params: departureIdParams,
        response: {
          ...csvAnswer(
            'Reference, lead name, email, phone, traveller, date of birth, dietary needs, medical notes, ' +
              'emergency contact, emergency phone, check-in; a header row.',
          ),
          ...errors.notFound,
        },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const departure = await fromDatabase(() => findAdminDeparture(db, id));
      if (!departure) return problem(reply, 404, 'No such departure.');
      const bookings = await fromDatabase(() => listManifestBookings(db, id));
      // A column per question of the package, after the fixed ones.
      const questions = manifestQuestions(options, departure.package_id);
      const body =
        csvBom +
        csvRow([...manifestCsvHeader, ...questions.map((q) => q.label)]) +
        bookings.map((b) => manifestCsvRows(b, questions)).join('');
      return sendCsv(reply, `wayfarer-manifest-${departure.package_id}-${departure.starts_on}.csv`, body);
    },
  );

  api.post(
    '/api/admin/bookings/:id/guests/:index/check-in',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Check a traveller in at the meeting point: present, no-show, or clear it (null)',
        description: 'The index counts from 0, in the order of the booking’s guests.',
        params: z.object({ id: uuidParam('No such booking.'), index: guestIndex }),
        body: checkInRequestSchema,
        response: {
          200: adminBookingSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await fromDatabase(() =>
        setCheckIn(db, {
          bookingId: id,
          index: Number(request.params.index),
          state: request.body.state,
          actor: operatorActor(request),
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, outcome.message);
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      const booking = await fromDatabase(() => findAdminBooking(db, id));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return noStore(reply).send(booking);
    },
  );

  api.post(
    '/api/admin/bookings/:id/notes',
    {
      bodyLimit: 16 * 1024,
      schema: consoleSchema({
        summary: 'Add an internal note to a booking',
        description:
          'Shown in the booking’s history and on the manifest; never shown or sent to the traveller.',
        params: bookingIdParams,
        body: noteRequestSchema,
        response: { 201: noteSchema, ...errors.notFound, ...jsonBodyErrors },
      }),
    },
    async (request, reply) => {
      const note = await fromDatabase(() =>
        addNote(db, { bookingId: request.params.id, text: request.body.text, actor: operatorActor(request) }),
      );
      if (!note) return problem(reply, 404, 'No such booking.');
      return noStore(reply).code(201).send(note);
    },
  );
}
