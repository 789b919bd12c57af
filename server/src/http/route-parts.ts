// What several routes files declare alike, declared once: the ids a path names, each with the 404
// message an id that names nothing answers (server/src/http/problem.ts), and the console's
// answers that no shared cache may keep.
import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { uuidParam } from '#contracts/api';

export const bookingIdParams = z.object({ id: uuidParam('No such booking.') });
export const departureIdParams = z.object({ id: uuidParam('No such departure.') });

export const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');
