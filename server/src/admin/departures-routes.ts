// The console's departures: the schedule, adding a date, capacity and closing, and the manifest.
// Registered inside adminRoutes, behind its operator check.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { formatTripDate, plural } from '#contracts/format';
import {
  adminDepartureSchema,
  adminDeparturesPageSchema,
  adminWaitlistEntrySchema,
  departureChangeSchema,
  departureMessageResultSchema,
  departureMessageSchema,
  manifestSchema,
  newDepartureSchema,
  type AdminDeparture,
  type AdminDeparturesPage,
  type DepartureMessageResult,
} from '#contracts/api';
import { type AppContext, todayOf } from '../context/app-context.js';
import { operatorActor } from '../context/actors.js';
import type { ServerPackage } from '../catalog/packages.js';
import { todayIso } from '#contracts/iso-dates';
import { decideByProblem, isAtRisk } from '#contracts/departure-risk';
import { toDeparture } from '../departures/repository.js';
import { consoleSchema, errors, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { consoleReadById, departureId, departureIdParams, noStore } from '../http/route-parts.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { listDepartureWaitlist } from '../waitlist/repository.js';
import { keptReads } from './kept-reads.js';
import { manifestReader } from './manifest-reads.js';
import { sharedAnswer } from '../http/shared-answer.js';
import { normaliseMessage, sendDepartureMessage } from './messages.js';
import { centsToDollars } from '#contracts/money';
import {
  changeDeparture,
  createDeparture,
  findAdminDeparture,
  listAdminDepartures,
  type AdminDepartureRow,
} from './departures-queries.js';
import { departureListQuery, encodeDepartureCursor } from './filters.js';

// `today`: the day atRisk is judged on (ISO, UTC as every departure date).
export const toAdminDeparture = (
  row: AdminDepartureRow,
  packages: Map<string, ServerPackage>,
  today: string = todayIso('UTC'),
): AdminDeparture =>
  // Added to the traveller's view, not spread into a new object (server/src/bookings/booking-row.ts).
  Object.assign(toDeparture(row, packages.get(row.package_id)?.priceCents ?? 0), {
    // Whole dollars, as the console's contract has it (contracts/catalogue.ts).
    ownPrice: row.price_cents === null ? null : centsToDollars(row.price_cents),
    // A package taken off the site keeps its departures: they show under its id.
    packageName: packages.get(row.package_id)?.name ?? row.package_id,
    seatsTaken: row.seats_taken,
    bookingCount: row.booking_count,
    minTravellers: row.min_travellers,
    waiting: row.waiting,
    offered: row.offered,
    travellersComplete: row.travellers_complete,
    travellersTotal: row.travellers_total,
    meetingPoint: row.meeting_point ?? null,
    meetingTime: row.meeting_time ?? null,
    guides: row.guides ?? [],
    decideBy: row.decide_by,
    atRisk: isAtRisk(
      {
        minTravellers: row.min_travellers,
        // Travellers of active bookings: held offers are not bookings (departures/repository.ts guarantee).
        booked: row.seats_taken - (row.offered ?? 0),
        decideBy: row.decide_by,
        status: row.status,
      },
      today,
    ),
  });

export const notGuidesMessage = 'Only accounts with the guide role can be assigned to a departure.';
// The package's questions as the manifest's columns.
export const manifestQuestions = (options: Pick<AppContext, 'catalogue'>, packageId: string) =>
  (options.catalogue?.get(packageId)?.questions ?? []).map(({ id, label, kind }) => ({ id, label, kind }));

export const minAboveCapacity = 'The minimum cannot be more than the seats of the departure.';
export const decideAfterStartMessage = 'The decision date cannot be after the departure.';

// What the console's departure routes read of the app's context.
export type AdminDeparturesContext = Pick<
  AppContext,
  | 'db'
  | 'packages'
  | 'catalogue'
  | 'today'
  | 'decisionDays'
  | 'onEmailQueued'
  | 'staffDirectory'
  | 'writeLimit'
> &
  OfferOptions;

export async function adminDeparturesRoutes(app: FastifyInstance, options: AdminDeparturesContext) {
  const { db, packages } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = todayOf(options);
  const knownPackage = (id: string) => packages.has(id);
  const present = (row: AdminDepartureRow) => toAdminDeparture(row, packages, today());
  // Guide assignment: the claim decides for an account the staff index does not list as a guide.
  const directory = options.staffDirectory;
  const guidesByClaim = directory
    ? async (uids: string[]) =>
        (await directory.getAccounts(uids))
          .filter((a) => a.role === 'guide')
          .map((a) => ({ uid: a.uid, email: a.email }))
    : undefined;
  // What this process keeps of the manifests read, and of their answers (./manifest-reads.ts):
  // the last 32 departures asked for.
  const readManifest = manifestReader(db.consoleReads, { keep: 32 });
  const manifestAnswer = sharedAnswer(manifestSchema, { checked: app.checkAnswers, keys: 32 });
  // The same for the schedule's pages (./kept-reads.ts): the last 64 asked for, whatever their
  // filters, limit and cursor (docs/decisions/059-schedule-kept-between-requests.md).
  const readSchedule = keptReads<
    { rows: AdminDepartureRow[]; more: boolean; packageIds: string[] },
    AdminDeparturesPage
  >(db.consoleReads, { keep: 64 });
  const scheduleAnswer = sharedAnswer(adminDeparturesPageSchema, { checked: app.checkAnswers, keys: 64 });

  api.get(
    '/api/admin/departures',
    {
      schema: consoleSchema({
        summary: 'The schedule, ascending by date, past departures included, a page at a time',
        querystring: departureListQuery(knownPackage),
        response: {
          200: adminDeparturesPageSchema,
          ...errors.badRequest,
        },
      }),
    },
    async (request, reply) => {
      const { packageId, from, limit, cursor } = request.query;
      const key = JSON.stringify([packageId, from, limit, cursor]);
      const kept = (await fromDatabase(() =>
        readSchedule(key, () =>
          listAdminDepartures(db.consoleReads, request.query).then(({ rows, more }) => ({
            rows,
            more,
            packageIds: [...new Set(rows.map((r) => r.package_id))],
          })),
        ),
      ))!;
      // The page as today and the catalogue present it (atRisk, each package's name and price);
      // the same answer object as last time while that and what was read are the same.
      const day = today();
      const made = `${day}|${kept.value.packageIds
        .map((id) => {
          const pkg = packages.get(id);
          return pkg ? `${pkg.name}\u0000${pkg.priceCents}` : '';
        })
        .join('\u0001')}`;
      if (kept.answer?.key !== made) {
        const { rows, more } = kept.value;
        const last = rows.at(-1);
        kept.answer = {
          key: made,
          body: {
            departures: rows.map((row) => toAdminDeparture(row, packages, day)),
            nextCursor:
              more && last
                ? encodeDepartureCursor({ startsOn: last.starts_on, packageId: last.package_id, id: last.id })
                : null,
          },
        };
      }
      return scheduleAnswer(request, noStore(reply), kept.answer.body, key);
    },
  );

  api.post(
    '/api/admin/departures',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Add a departure',
        body: newDepartureSchema({ packageExists: knownPackage, today }),
        response: { 201: adminDepartureSchema, ...errors.conflict, ...jsonBodyErrors },
      }),
    },
    async (request, reply) => {
      const input = request.body;
      if ((input.minTravellers ?? 0) > input.capacity)
        return fieldProblem(reply, { minTravellers: minAboveCapacity });
      const late = input.decideBy === undefined ? undefined : decideByProblem(input.decideBy, input.startsOn);
      if (late) return fieldProblem(reply, { decideBy: late });
      const outcome = await fromDatabase(() =>
        createDeparture(db, input, operatorActor(request), options.decisionDays),
      );
      if (outcome.kind === 'duplicate') {
        const name = packages.get(input.packageId)!.name;
        return problem(
          reply,
          409,
          `${name} already has a departure on ${formatTripDate(input.startsOn)}. Change that one instead.`,
        );
      }
      return noStore(reply)
        .code(201)
        .header('Location', `/api/admin/departures/${outcome.departure.id}`)
        .send(present(outcome.departure));
    },
  );

  api.patch(
    '/api/admin/departures/:id',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Change a departure’s capacity, status, minimum travellers, meeting point or meeting time',
        description:
          'A capacity below the seats taken is refused: 409 {message, seatsTaken}. More seats or a reopening offer them to the waiting list in the same transaction.',
        params: departureIdParams,
        body: departureChangeSchema,
        response: {
          200: adminDepartureSchema,
          409: z.object({ message: z.string(), seatsTaken: z.number() }),
          ...errors.notFound,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await fromDatabase(() =>
        changeDeparture(db, id, request.body, operatorActor(request), offerContext(options), guidesByClaim),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such departure.');
      if (outcome.kind === 'min-above-capacity')
        return fieldProblem(reply, { minTravellers: minAboveCapacity });
      if (outcome.kind === 'not-guides') return fieldProblem(reply, { guides: notGuidesMessage });
      if (outcome.kind === 'decide-after-start')
        return fieldProblem(reply, { decideBy: decideAfterStartMessage });
      if (outcome.kind === 'changed') options.onEmailQueued?.();
      if (outcome.kind === 'below-seats') {
        const n = outcome.seatsTaken;
        return problem(
          reply,
          409,
          `${plural(n, 'seat is', 'seats are')} already taken on this departure: the capacity cannot be lower than ${n}.`,
          { seatsTaken: n },
        );
      }
      return noStore(reply).send(present(outcome.departure));
    },
  );

  api.get(
    '/api/admin/departures/:id/manifest',
    {
      schema: consoleSchema({
        summary: 'Who travels on a departure',
        params: departureIdParams,
        response: { 200: manifestSchema, ...errors.notFound },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const kept = await fromDatabase(() => readManifest(id));
      if (!kept) return problem(reply, 404, 'No such departure.');
      // The departure as today and the catalogue present it; the same answer object as last time
      // while that and what was read are the same, so it is not written again.
      const departure = present(kept.value.row);
      const questions = manifestQuestions(options, kept.value.row.package_id);
      const key = JSON.stringify([departure, questions]);
      if (kept.answer?.key !== key) {
        kept.answer = { key, body: { departure, bookings: kept.value.bookings, questions } };
      }
      return manifestAnswer(request, noStore(reply), kept.answer.body, id);
    },
  );

  consoleReadById(
    app,
    '/api/admin/departures/:id/waitlist',
    {
      summary: 'A departure’s waiting list, in the order travellers joined, with their email',
      answer: z.object({ entries: z.array(adminWaitlistEntrySchema) }),
      id: departureId,
    },
    async (id) => {
      if (!(await findAdminDeparture(db, id))) return undefined;
      const packageName = (packageId: string) => packages.get(packageId)?.name ?? packageId;
      return { entries: await listDepartureWaitlist(db, id, packageName) };
    },
  );

  // A message to every traveller on the departure; with dryRun, only how many it would reach.
  api.post(
    '/api/admin/departures/:id/messages',
    {
      bodyLimit: 32 * 1024,
      // Each message is an email to every traveller on the departure: in the writer's one write
      // budget (BOOKING_RATE_LIMIT a minute), dry runs included.
      ...(options.writeLimit ? { preValidation: options.writeLimit } : {}),
      schema: consoleSchema({
        summary: 'Write to the traveller of every active booking on a departure',
        description:
          'dryRun: true answers 200 {recipients} and sends nothing; otherwise 202 {recipients}: one email a requested or confirmed booking, with an audit row each (the subject, never the text).',
        params: departureIdParams,
        body: departureMessageSchema,
        response: {
          200: departureMessageResultSchema,
          202: departureMessageResultSchema,
          ...errors.notFound,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const message = normaliseMessage(request.body);
      const outcome = await fromDatabase(() =>
        sendDepartureMessage(db, request.params.id, message, operatorActor(request)),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such departure.');
      const result: DepartureMessageResult = { recipients: outcome.recipients };
      if (message.dryRun) return noStore(reply).code(200).send(result);
      if (outcome.recipients > 0) options.onEmailQueued?.();
      return noStore(reply).code(202).send(result);
    },
  );
}
