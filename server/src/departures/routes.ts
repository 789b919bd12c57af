import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { departureSchema } from '../../../src/contracts/api.js';
import { todayIso } from '../../../src/contracts/iso-dates.js';
import type { ServerPackage } from '../bookings/packages.js';
import type { Database } from '../db/database.js';
import { errors, type ZodTypeProvider } from '../http/api-schemas.js';
import { fromDatabase } from '../http/problem.js';
import { listFutureDepartures } from './repository.js';

// Public: the dates a traveller can choose from, with the seats left.
export async function departuresRoutes(
  app: FastifyInstance,
  options: { db: Database; packages: Map<string, ServerPackage> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/packages/:packageId/departures',
    {
      schema: {
        tags: ['Departures'],
        summary: 'A package’s future departures, soonest first',
        params: z.object({
          packageId: z.string().check(z.refine((id) => options.packages.has(id), 'No such package.')),
        }),
        response: {
          200: z.object({ departures: z.array(departureSchema) }),
          ...errors.notFound,
          ...errors.unavailable,
        },
      },
    },
    async (request, reply) => {
      const { packageId } = request.params;
      const departures = await fromDatabase(() => listFutureDepartures(options.db, packageId, todayIso()));
      // Seats change with every booking: a short shared cache would show sold seats as free.
      return reply.header('Cache-Control', 'no-store').send({ departures });
    },
  );
}
