// @vitest-environment node
// A personal link's token never reaches the log, however its path is spelt: the router decodes
// %-escapes, so the redaction is decided on the route the request matched (./request-log.ts).
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loggerOptions, RequestLineLog } from './request-log.js';

const token = 'ZQ6oDkm8JtENxFL8Mf56sKnc7NtjjiD1TNmNVl6MT6Q';

it('logs neither the line nor the JSON req with the token, for encoded spellings of the link routes', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'debug', stream, serializers: loggerOptions('debug').serializers },
    logController: new RequestLineLog(),
  });
  app.get('/api/guest-links/:token', async () => ({ ok: true }));
  app.put('/api/guest-links/:token', async () => ({ ok: true }));
  app.get('/travellers/:token', async () => 'page');
  // As the site's own (server/src/pages/site-pages.ts): Fastify's default one logs the raw URL.
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not Found' }));
  await app.ready();
  const spellings = [
    `/api/guest-links/${token}`,
    `/%61pi/guest-links/${token}`,
    `/api/guest%2Dlinks/${token}`,
    `/api/guest-links/${token}?x=1`,
    `/%74ravellers/${token}`,
    `/travellers/${token}`,
  ];
  for (const url of spellings) {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(200);
  }
  // A path no route matched, spelt to decode to a link's path, is logged without it too.
  await app.inject({ method: 'POST', url: `/%61pi/guest-links/${token}` });
  await app.close();
  const log = lines.join('');
  expect(log).toContain('/api/guest-links/…');
  expect(log).toContain('/travellers/…');
  expect(log).not.toContain(token);
  expect(log).not.toContain(token.slice(0, 12));
});
