// What several routes files declare alike, declared once: the ids a path names, each with the 404
// message an id that names nothing answers (server/src/http/problem.ts), and the console's
// answers that no shared cache may keep, a console screen's read and its CSV downloads.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { consoleSchema, errors } from './api-schemas.js';
import { fromDatabase, problem } from './problem.js';
import { uuidParam } from '#contracts/api';

// An id a path names: its params' schema, whose message a malformed id answers (404), and the
// same message for a well-formed id that names nothing.
const idPath = (notFound: string) => ({ params: z.object({ id: uuidParam(notFound) }), notFound });
export type IdPath = ReturnType<typeof idPath>;

export const bookingId = idPath('No such booking.');
export const departureId = idPath('No such departure.');
export const bookingIdParams = bookingId.params;
export const departureIdParams = departureId.params;

export const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

type ReadDoc<T> = { summary: string; answer: $ZodType<T> };

// A console screen's read (GET): documented by its summary and its answer's schema, read through
// fromDatabase (the database out of reach is a 503, ./problem.ts) and never kept by a shared cache.
export function consoleRead<T>(
  app: FastifyInstance,
  path: string,
  doc: ReadDoc<T>,
  read: (request: FastifyRequest) => Promise<T>,
) {
  // No Zod type provider: `read` is typed by doc.answer already, and the app's serializer writes
  // the answer by that schema whatever the instance's type (./api-schemas.ts).
  app.get(
    path,
    { schema: consoleSchema({ summary: doc.summary, response: { 200: doc.answer } }) },
    async (request, reply) => noStore(reply).send(await fromDatabase(() => read(request))),
  );
}

// The same for what a path names by its id (`doc.id`): `read` answers undefined for an id that
// names nothing, a 404 with the id's message.
export function consoleReadById<T>(
  app: FastifyInstance,
  path: string,
  doc: ReadDoc<T> & { id: IdPath },
  read: (id: string) => Promise<T | undefined>,
) {
  app.get(
    path,
    {
      schema: consoleSchema({
        summary: doc.summary,
        params: doc.id.params,
        response: { 200: doc.answer, ...errors.notFound },
      }),
    },
    async (request, reply) => {
      // Checked by doc.id.params before the handler runs.
      const { id } = request.params as { id: string };
      const found = await fromDatabase(() => read(id));
      return found === undefined ? problem(reply, 404, doc.id.notFound) : noStore(reply).send(found);
    },
  );
}

// A console download's answer in the API's document: CSV text, described.
export const csvAnswer = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string() } } },
});

// The download itself, saved as `filename` and never kept by a shared cache.
export const sendCsv = (reply: FastifyReply, filename: string, body: string | Readable) =>
  noStore(reply)
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(body);
