import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { departureSchema, type Departure } from '#contracts/api';
import { todayIso } from '#contracts/iso-dates';
import type { ServerPackage } from '../catalog/packages.js';
import type { Database } from '../db/database.js';
import { errors, type ZodTypeProvider } from '../http/api-schemas.js';
import { fromDatabase } from '../http/problem.js';
import { listFutureDepartures } from './repository.js';

// How long a process answers a package's departures from memory. The list is public and read on
// every package page, so a flood of visitors (or of anonymous requests) costs at most one query
// per package and process every few seconds. Seats shown may be that much behind; the booking
// itself decides seats in the database and answers 409 when they are gone.
export const defaultDeparturesCacheSeconds = 2;

type Cached = { at: number; day: string; departures: Promise<Departure[]> };
export type DeparturesCache = Map<string, Cached>;

// One per app. app.ts empties it whenever this process changes anything (any API write), so a
// traveller never sees their own booking's seats as free; other processes are at most
// departuresCacheSeconds behind.
export const createDeparturesCache = (): DeparturesCache => new Map();

// Public: the dates a traveller can choose from, with the seats left.
export async function departuresRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    packages: Map<string, ServerPackage>;
    departuresCache?: DeparturesCache;
    // 0: every request asks the database (tests that write departures straight into the table).
    departuresCacheSeconds?: number;
    now?: () => number;
  },
) {
  const now = options.now ?? Date.now;
  const cache = options.departuresCache ?? createDeparturesCache();
  const seconds = options.departuresCacheSeconds ?? defaultDeparturesCacheSeconds;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/packages/:packageId/departures',
    {
      schema: {
        tags: ['Departures'],
        summary: 'A package’s future departures, soonest first',
        params: z.object({
          // A draft's (or archived package's) dates are not public: as unknown as no package.
          packageId: z
            .string()
            .check(z.refine((id) => options.packages.get(id)?.status === 'published', 'No such package.')),
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
      const today = todayIso('UTC', new Date(now()));
      let hit = cache.get(packageId);
      if (!hit || now() - hit.at >= seconds * 1000 || hit.day !== today) {
        // Parallel misses share one query; a failed one is not kept.
        const departures = fromDatabase(() =>
          listFutureDepartures(
            options.db,
            packageId,
            today,
            options.packages.get(packageId)?.priceCents ?? 0,
          ),
        );
        hit = { at: now(), day: today, departures };
        cache.set(packageId, hit);
        departures.catch(() => {
          if (cache.get(packageId) === hit) cache.delete(packageId);
        });
      }
      const departures = await hit.departures;
      // Browsers ask again every time (after a 409 the form reloads the seats); a shared cache
      // (a CDN) may keep it as long as this process does.
      return reply
        .header('Cache-Control', seconds > 0 ? `public, max-age=0, s-maxage=${seconds}` : 'no-store')
        .send({ departures });
    },
  );
}
