// The console's departures: the schedule, adding a date, capacity and closing, and the manifest.
// Registered inside adminRoutes, behind its operator check.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AdminDeparture, DepartureMessageResult, Manifest } from '../../../src/contracts/admin.js';
import { isUuid } from '../../../src/contracts/booking.js';
import type { BookingsOptions } from '../bookings/routes.js';
import type { ServerPackage } from '../bookings/packages.js';
import { todayIso } from '../departures/dates.js';
import { toDeparture } from '../departures/repository.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { listManifestBookings } from './bookings-queries.js';
import { checkMessage, sendDepartureMessage } from './messages.js';
import { operatorActor } from './bookings-routes.js';
import { checkDepartureChange, checkNewDeparture } from './departure-input.js';
import {
  changeDeparture,
  createDeparture,
  findAdminDeparture,
  listAdminDepartures,
  type AdminDepartureRow,
} from './departures-queries.js';
import { parseFromDate, parsePackageId } from './filters.js';

export const toAdminDeparture = (
  row: AdminDepartureRow,
  packages: Map<string, ServerPackage>,
): AdminDeparture => ({
  ...toDeparture(row),
  // A package taken off the site keeps its departures: they show under its id.
  packageName: packages.get(row.package_id)?.name ?? row.package_id,
  seatsTaken: row.seats_taken,
  bookingCount: row.booking_count,
  meetingPoint: row.meeting_point ?? null,
  meetingTime: row.meeting_time ?? null,
});

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

type ById = { Params: { id: string } };

export async function adminDeparturesRoutes(app: FastifyInstance, options: BookingsOptions) {
  const { db, packages } = options;
  const today = options.today ?? (() => todayIso());
  const knownPackage = (id: string) => packages.has(id);
  const present = (row: AdminDepartureRow) => toAdminDeparture(row, packages);

  app.get<{ Querystring: Record<string, unknown> }>('/api/admin/departures', async (request, reply) => {
    const packageId = parsePackageId(request.query, knownPackage);
    if (!packageId.ok) return problem(reply, 400, packageId.message);
    const from = parseFromDate(request.query);
    if (!from.ok) return problem(reply, 400, from.message);
    const rows = await fromDatabase(() =>
      listAdminDepartures(db, { packageId: packageId.value, from: from.value }),
    );
    return noStore(reply).send({ departures: rows.map(present) });
  });

  app.post('/api/admin/departures', { bodyLimit: 1024 }, async (request, reply) => {
    const checked = checkNewDeparture(request.body, knownPackage, today());
    if (!checked.ok) {
      return 'message' in checked
        ? problem(reply, 400, checked.message)
        : fieldProblem(reply, checked.fieldErrors);
    }
    const input = checked.value;
    const outcome = await fromDatabase(() => createDeparture(db, input, operatorActor(request)));
    if (outcome.kind === 'duplicate') {
      const name = packages.get(input.packageId)!.name;
      return problem(
        reply,
        409,
        `${name} already has a departure on ${input.startsOn}. Change that one instead.`,
      );
    }
    return noStore(reply)
      .code(201)
      .header('Location', `/api/admin/departures/${outcome.departure.id}`)
      .send(present(outcome.departure));
  });

  app.patch<ById>('/api/admin/departures/:id', { bodyLimit: 1024 }, async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) return problem(reply, 404, 'No such departure.');
    const checked = checkDepartureChange(request.body);
    if (!checked.ok) {
      return 'message' in checked
        ? problem(reply, 400, checked.message)
        : fieldProblem(reply, checked.fieldErrors);
    }
    const outcome = await fromDatabase(() => changeDeparture(db, id, checked.value, operatorActor(request)));
    if (outcome.kind === 'not-found') return problem(reply, 404, 'No such departure.');
    if (outcome.kind === 'below-seats') {
      const n = outcome.seatsTaken;
      return problem(
        reply,
        409,
        `${n} ${n === 1 ? 'seat is' : 'seats are'} already taken on this departure: the capacity cannot be lower than ${n}.`,
        { seatsTaken: n },
      );
    }
    return noStore(reply).send(present(outcome.departure));
  });

  app.get<ById>('/api/admin/departures/:id/manifest', async (request, reply) => {
    const { id } = request.params;
    const row = isUuid(id) ? await fromDatabase(() => findAdminDeparture(db, id)) : undefined;
    if (!row) return problem(reply, 404, 'No such departure.');
    const bookings = await fromDatabase(() => listManifestBookings(db, id));
    const manifest: Manifest = { departure: present(row), bookings };
    return noStore(reply).send(manifest);
  });

  // A message to every traveller on the departure; with dryRun, only how many it would reach.
  app.post<ById>('/api/admin/departures/:id/messages', { bodyLimit: 32 * 1024 }, async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) return problem(reply, 404, 'No such departure.');
    const checked = checkMessage(request.body);
    if (!checked.ok) {
      return 'message' in checked
        ? problem(reply, 400, checked.message)
        : fieldProblem(reply, checked.fieldErrors);
    }
    const outcome = await fromDatabase(() =>
      sendDepartureMessage(db, id, checked.value, operatorActor(request)),
    );
    if (outcome.kind === 'not-found') return problem(reply, 404, 'No such departure.');
    const result: DepartureMessageResult = { recipients: outcome.recipients };
    if (checked.value.dryRun) return noStore(reply).code(200).send(result);
    if (outcome.recipients > 0) options.onEmailQueued?.();
    return noStore(reply).code(202).send(result);
  });
}
