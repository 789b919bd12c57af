// What several routes files declare alike, declared once: the ids a path names, each with the 404
// message an id that names nothing answers (server/src/http/problem.ts), and the console's
// answers that no shared cache may keep, and a console screen's read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { consoleSchema } from './api-schemas.js';
import { fromDatabase } from './problem.js';
import { uuidParam } from '#contracts/api';

export const bookingIdParams = z.object({ id: uuidParam('No such booking.') });
export const departureIdParams = z.object({ id: uuidParam('No such departure.') });

export const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

// A console screen's read (GET): documented by its summary and its answer's schema, read through
// fromDatabase (the database out of reach is a 503, ./problem.ts) and never kept by a shared cache.
export function consoleRead<T>(
  app: FastifyInstance,
  path: string,
  doc: { summary: string; answer: $ZodType<T> },
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
