import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { join } from 'node:path';

// The built site's files (scripts, styles, images), never its .html files (pages are served by
// their routes, ../pages/site-pages.ts, with their own headers) nor the catalogue
// (server/src/catalog/routes.ts answers /packages.json from the database).
export const staticFiles = fp<{ clientDir: string }>(
  async (app: FastifyInstance, { clientDir }) => {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      preCompressed: true,
      redirect: false,
      wildcard: true,
      allowedPath: (pathName) => !pathName.endsWith('.html'),
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        if (filePath.includes(`${join(clientDir, 'assets')}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath.includes(`${join(clientDir, 'img')}`)) {
          reply.header('Cache-Control', 'public, max-age=604800');
        } else {
          reply.header('Cache-Control', 'public, max-age=300');
        }
      },
    });
  },
  { name: 'static-files' },
);
