import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { fromDatabase, problem } from '../http/problem.js';
import type { ServerPackage } from '../bookings/packages.js';
import { todayIso } from './dates.js';
import { listFutureDepartures } from './repository.js';

// Public: the dates a traveller can choose from, with the seats left.
export async function departuresRoutes(
  app: FastifyInstance,
  options: { db: Database; packages: Map<string, ServerPackage> },
) {
  app.get<{ Params: { packageId: string } }>(
    '/api/packages/:packageId/departures',
    async (request, reply) => {
      const { packageId } = request.params;
      if (!options.packages.has(packageId)) return problem(reply, 404, 'No such package.');
      const departures = await fromDatabase(() => listFutureDepartures(options.db, packageId, todayIso()));
      // Seats change with every booking: a short shared cache would show sold seats as free.
      return reply.header('Cache-Control', 'no-store').send({ departures });
    },
  );
}
