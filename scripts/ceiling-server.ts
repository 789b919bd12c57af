// The ceiling `npm run bench:api` compares the booking API with: one Fastify process on this
// machine answering POST /api/bookings's request shape (the same JSON body, parsed, and a
// booking-shaped 201) with no database and no token check. Started as a child process, like the
// real server, so the load generator does not share its CPU time.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 4329);
const app = Fastify({ logger: false, bodyLimit: 8 * 1024 });

app.post('/api/bookings', async (request, reply) => {
  const body = request.body as Record<string, unknown>;
  const id = randomUUID();
  return reply
    .code(201)
    .header('Cache-Control', 'no-store')
    .header('Location', `/api/bookings/${id}`)
    .send({
      ...body,
      id,
      reference: `WT-${id.slice(0, 8).toUpperCase()}`,
      packageName: 'Ceiling',
      startsOn: '2030-01-01',
      price: 1000,
      total: 1000,
      status: 'pending',
      createdAt: new Date().toISOString(),
    });
});
app.get('/api/health', async () => ({ status: 'ok' }));

await app.listen({ host: '127.0.0.1', port });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
