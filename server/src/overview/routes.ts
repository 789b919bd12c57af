// GET /api/admin/overview: the season at a glance for the console's first page. Registered inside
// adminRoutes (server/src/admin/routes.ts), whose hooks check the token and the role: owners and
// operators (server/src/admin/access.ts lists no other role for it).
import type { FastifyInstance } from 'fastify';
import { overviewSchema } from '#contracts/overview';
import { type AppContext, todayOf } from '../context/app-context.js';
import { consoleErrors, consoleRoute, type ZodTypeProvider } from '../http/api-schemas.js';
import { fromDatabase } from '../http/problem.js';
import { sharedAnswer } from '../http/shared-answer.js';
import { overviewReader } from './queries.js';

export async function overviewRoutes(
  app: FastifyInstance,
  options: Pick<AppContext, 'db' | 'packages' | 'today'>,
) {
  const { db, packages } = options;
  const today = todayOf(options);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // What this process keeps between requests: see overviewReader.
  const readOverview = overviewReader(db.consoleReads);
  // Every operator sees the same season: written and compressed once while it stays the same.
  const answer = sharedAnswer(overviewSchema, { checked: app.checkAnswers });
  api.get(
    '/api/admin/overview',
    {
      schema: {
        ...consoleRoute,
        summary: 'The season at a glance: seats per departure for six months, bookings per week',
        description:
          'Departures from today to six months ahead, soonest first, each with its seats confirmed, requested, offered (held for a waiting-list offer) and free, its waiting travellers and whether it is at risk; bookings received in each of the last 12 weeks (Mondays, UTC), this week last.',
        response: { 200: overviewSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const overview = await fromDatabase(() => readOverview(today(), (id) => packages.get(id)?.name));
      return answer(request, reply.header('Cache-Control', 'private, no-store'), overview);
    },
  );
}
