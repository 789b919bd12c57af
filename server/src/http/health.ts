import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { problemSchema } from '#contracts/api';
import type { ZodTypeProvider } from './api-schemas.js';
import { problem } from './problem.js';

export type HealthOptions = { db: { ping: () => Promise<void>; kind: string } };

// GET /api/health. A load balancer (or anyone) may poll this as often as it likes: the database is
// asked at most once a second per process, and parallel checks share that one ping. A failure is
// not kept: the next check asks again, so a database that is back shows at once.
export async function healthRoutes(app: FastifyInstance, { db }: HealthOptions) {
  let lastPing: { at: number; done: Promise<void> } | undefined;
  const ping = () => {
    if (!lastPing || Date.now() - lastPing.at >= 1000) {
      const entry = { at: Date.now(), done: db.ping() };
      lastPing = entry;
      entry.done.catch(() => {
        if (lastPing === entry) lastPing = undefined;
      });
    }
    return lastPing.done;
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['Service'],
        summary: 'Whether the service and its database answer',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ ...problemSchema.shape, status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: db.kind });
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database did not answer');
        return problem(reply, 503, 'The database did not answer.', { status: 'unavailable' });
      }
    },
  );
}
