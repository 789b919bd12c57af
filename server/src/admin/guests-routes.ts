// The console's side of the travellers' details: the manifest as CSV (one row per traveller),
// the guide's check-in per traveller, and internal notes on a booking. Registered inside
// adminRoutes, behind its operator check.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isUuid } from '../../../src/contracts/booking.js';
import { checkInStates, type CheckInState } from '../../../src/contracts/guests.js';
import type { BookingsOptions } from '../bookings/routes.js';
import { setCheckIn } from '../guests/repository.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { findAdminBooking, listManifestBookings } from './bookings-queries.js';
import { operatorActor } from './bookings-routes.js';
import { csvBom, csvRow, manifestCsvHeader, manifestCsvRows } from './csv.js';
import { findAdminDeparture } from './departures-queries.js';
import { addNote, readNoteText } from './notes.js';

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

// 0-11: a booking has at most twelve travellers. Anything else is a traveller that is not there.
const guestIndex = (raw: string) => (/^(?:\d|1[01])$/.test(raw) ? Number(raw) : undefined);

const readCheckIn = (body: unknown): { state: CheckInState | null } | { message: string } => {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('state' in body)) {
    return { message: 'Send {"state": "present"}, {"state": "no-show"} or {"state": null}.' };
  }
  const state = (body as { state: unknown }).state;
  if (state === null || checkInStates.includes(state as CheckInState))
    return { state: state as CheckInState | null };
  return { message: 'The check-in state must be "present", "no-show" or null.' };
};

export async function adminGuestsRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db } = options;

  app.get<{ Params: { id: string } }>('/api/admin/departures/:id/manifest.csv', async (request, reply) => {
    const { id } = request.params;
    const departure = isUuid(id) ? await fromDatabase(() => findAdminDeparture(db, id)) : undefined;
    if (!departure) return problem(reply, 404, 'No such departure.');
    const bookings = await fromDatabase(() => listManifestBookings(db, id));
    const body = csvBom + csvRow(manifestCsvHeader) + bookings.map(manifestCsvRows).join('');
    return noStore(reply)
      .type('text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="wayfarer-manifest-${departure.package_id}-${departure.starts_on}.csv"`,
      )
      .send(body);
  });

  app.post<{ Params: { id: string; index: string } }>(
    '/api/admin/bookings/:id/guests/:index/check-in',
    { bodyLimit: 1024 },
    async (request, reply) => {
      const { id } = request.params;
      const index = guestIndex(request.params.index);
      if (!isUuid(id)) return problem(reply, 404, 'No such booking.');
      if (index === undefined) return problem(reply, 404, 'No such traveller on this booking.');
      const read = readCheckIn(request.body);
      if ('message' in read) return fieldProblem(reply, { state: read.message });
      const outcome = await fromDatabase(() =>
        setCheckIn(db, { bookingId: id, index, state: read.state, actor: operatorActor(request) }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, outcome.message);
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      const booking = await fromDatabase(() => findAdminBooking(db, id));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return noStore(reply).send(booking);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/bookings/:id/notes',
    { bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) return problem(reply, 404, 'No such booking.');
      const read = readNoteText(request.body);
      if ('message' in read) {
        return problem(reply, 400, read.message, read.fieldErrors ? { fieldErrors: read.fieldErrors } : {});
      }
      const note = await fromDatabase(() =>
        addNote(db, { bookingId: id, text: read.text, actor: operatorActor(request) }),
      );
      if (!note) return problem(reply, 404, 'No such booking.');
      return noStore(reply).code(201).send(note);
    },
  );
}
