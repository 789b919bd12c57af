// The catalogue's routes: the public reads (/packages.json, a package, its images) answered from
// this process's copy (./store.ts) or, for image bytes, the database; and the operators' writes,
// registered by server/src/admin/routes.ts inside its scope, whose hooks check the token and role.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import {
  adminPackageSchema,
  adminPackagesSchema,
  cataloguePackageSchema,
  catalogueLimits,
  imageAltSchema,
  newPackageSchema,
  packageChangeSchema,
  packageOrderSchema,
  uploadedImageSchema,
  type AdminPackage,
} from '#contracts/catalogue';
import { todayIso } from '#contracts/iso-dates';
import type { Database } from '../db/database.js';
import {
  errors,
  jsonBodyErrors,
  noContentSchema,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { fieldProblem, fromDatabase, problem } from '../http/problem.js';
import { ImageRejectedError, processUpload, publicImage, variantPath } from './images.js';
import { rememberAtMost } from '../bounded-map.js';
import {
  addImage,
  changePackage,
  createPackage,
  deletePackage,
  packageCounts,
  readVariant,
  reorderPackages,
  type CatalogueActor,
  type Outcome,
  type StoredPackage,
} from './repository.js';
import type { Catalogue } from './store.js';

export type CatalogueRoutesOptions = {
  db: Database;
  catalogue: Catalogue;
  // The user's one write budget (server/src/bookings/routes.ts): an upload costs about a second
  // of CPU at 40 megapixels, so it counts there, before the file is read.
  writeLimit?: preValidationAsyncHookHandler;
};

const strip = ({ storedImages: _s, priceCents: _c, ...pkg }: StoredPackage) => pkg;

const recentImageMs = 60_000;

// Public reads: /packages.json (the spec's spelling /packages.JSON too), a published package, and
// the image variants.
export async function catalogueRoutes(app: FastifyInstance, { db, catalogue }: CatalogueRoutesOptions) {
  const sendList = (request: FastifyRequest, reply: FastifyReply) => {
    const etag = `"catalogue-${catalogue.version()}"`;
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      // Revalidated on every use: a change in the console shows at once (a 304 costs nothing).
      .header('Cache-Control', 'public, max-age=0, must-revalidate')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(catalogue.publicJson());
  };
  app.get('/packages.json', sendList);
  app.get('/packages.JSON', sendList);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/packages/:id',
    {
      schema: {
        tags: ['Departures'],
        summary: 'A published package with every field',
        params: z.object({ id: z.string().check(z.maxLength(200, 'No such package.')) }),
        response: { 200: cataloguePackageSchema, ...errors.notFound },
      },
    },
    async (request, reply) => {
      const pkg = catalogue.get(request.params.id);
      if (!pkg || pkg.status !== 'published') return problem(reply, 404, 'No such package.');
      return reply.header('Cache-Control', 'public, max-age=0, must-revalidate').send(strip(pkg));
    },
  );

  // A small memory of recent variants: the home page's cards are asked for by every visitor.
  // Kept a minute at most, so an image purged (./image-purge.ts) stops being served everywhere.
  const recent = new Map<string, { bytes: Buffer; at: number }>();
  app.get('/images/*', async (request, reply) => {
    const hit = (key: string) => {
      const kept = recent.get(key);
      return kept && Date.now() - kept.at < recentImageMs ? kept.bytes : undefined;
    };
    const match = variantPath.exec(request.url.split('?')[0]!);
    const key = match ? `${match[1]}.${match[2]}.${match[3]}` : '';
    let bytes = match ? hit(key) : undefined;
    if (!bytes) {
      // Not in memory: a query (or a made-up path), counted against the address's public limit.
      if (await app.publicMiss?.(request, reply)) return reply;
      if (!match) return problem(reply, 404, 'No such image.');
      const [, hash, width, format] = match as unknown as [string, string, string, 'avif' | 'webp'];
      bytes = await fromDatabase(() => readVariant(db, hash, Number(width), format));
      if (!bytes) return problem(reply, 404, 'No such image.');
      rememberAtMost(recent, key, { bytes, at: Date.now() }, 64);
    }
    const format = match![3] as 'avif' | 'webp';
    return reply
      .header('Content-Type', `image/${format}`)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}

const actorOf = (request: FastifyRequest): CatalogueActor => ({
  type: 'operator',
  name: request.user?.email ?? request.user?.uid ?? 'operator',
});

const route = { tags: ['Console'], security: signedIn };
const consoleErrors = { ...signedInErrors, ...errors.forbidden };
const idParam = z.object({ id: z.string().check(z.maxLength(200, 'No such package.')) });

// The operators' catalogue (/api/admin/packages...): register inside the admin scope.
export async function adminCatalogueRoutes(
  app: FastifyInstance,
  { db, catalogue, writeLimit }: CatalogueRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

  const adminList = async (): Promise<AdminPackage[]> => {
    const counts = await packageCounts(db, todayIso('UTC'));
    return catalogue.all().map((p) => ({
      ...strip(p),
      ...(counts.get(p.id) ?? { upcomingDepartures: 0, activeBookings: 0 }),
    }));
  };
  const adminOne = async (pkg: StoredPackage): Promise<AdminPackage> => {
    const counts = await packageCounts(db, todayIso('UTC'));
    return { ...strip(pkg), ...(counts.get(pkg.id) ?? { upcomingDepartures: 0, activeBookings: 0 }) };
  };
  // Every answer after a write shows the change: this process reloads before it answers (the
  // others hear the NOTIFY).
  const answer = async (reply: FastifyReply, outcome: Outcome, status = 200) => {
    switch (outcome.kind) {
      case 'not-found':
        return problem(reply, 404, 'No such package.');
      case 'conflict':
        return problem(reply, 409, outcome.message);
      case 'invalid':
        return fieldProblem(reply, outcome.fieldErrors);
      case 'ok':
        await catalogue.refresh();
        return noStore(reply)
          .code(status)
          .send(await adminOne(outcome.pkg));
    }
  };

  api.get(
    '/api/admin/packages',
    {
      schema: {
        ...route,
        summary: 'Every package, every status, in position order, with its departures and bookings counted',
        response: { 200: adminPackagesSchema, ...consoleErrors },
      },
    },
    async (_request, reply) => {
      await catalogue.refresh();
      return noStore(reply).send({ packages: await fromDatabase(adminList) });
    },
  );

  api.post(
    '/api/admin/packages',
    {
      schema: {
        ...route,
        summary: 'A new package, as a draft',
        body: newPackageSchema,
        response: { 201: adminPackageSchema, ...errors.conflict, ...jsonBodyErrors, ...consoleErrors },
      },
    },
    async (request, reply) =>
      answer(reply, await fromDatabase(() => createPackage(db, request.body, actorOf(request))), 201),
  );

  api.put(
    '/api/admin/packages/order',
    {
      schema: {
        ...route,
        summary: 'The order of the packages on the site: every id once',
        body: packageOrderSchema,
        response: { 200: adminPackagesSchema, ...jsonBodyErrors, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() => reorderPackages(db, request.body.ids, actorOf(request)));
      if (outcome.kind === 'invalid') return problem(reply, 400, outcome.message);
      await catalogue.refresh();
      return noStore(reply).send({ packages: await adminList() });
    },
  );

  api.patch(
    '/api/admin/packages/:id',
    {
      schema: {
        ...route,
        summary: 'Change any field; status draft -> published -> archived -> published',
        params: idParam,
        body: packageChangeSchema,
        response: {
          200: adminPackageSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
          ...consoleErrors,
        },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await fromDatabase(() => changePackage(db, request.params.id, request.body, actorOf(request))),
      ),
  );

  api.delete(
    '/api/admin/packages/:id',
    {
      schema: {
        ...route,
        summary: 'Delete a draft that was never booked',
        params: idParam,
        response: { 204: noContentSchema, ...errors.notFound, ...errors.conflict, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() => deletePackage(db, request.params.id, actorOf(request)));
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such package.');
      if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
      await catalogue.refresh();
      return noStore(reply).code(204).send();
    },
  );

  // Uploads: multipart only in this scope, one file of at most 10 MB and a short alt field.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: catalogueLimits.uploadBytes, files: 1, fields: 4, fieldSize: 2000, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/packages/:id/images',
      {
        // 10 MB of file and its form: the app's 16 KB JSON limit does not apply here.
        bodyLimit: catalogueLimits.uploadBytes + 64 * 1024,
        ...(writeLimit ? { preValidation: writeLimit } : {}),
        schema: {
          ...route,
          summary: 'Upload an image (multipart: file, alt); JPEG, PNG, WebP or AVIF, 10 MB, 40 megapixels',
          params: idParam,
          response: {
            201: uploadedImageSchema,
            ...errors.notFound,
            ...errors.conflict,
            ...jsonBodyErrors,
            ...consoleErrors,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          return problem(reply, 415, 'Send the image as multipart/form-data with a file and an alt field.');
        }
        if (!catalogue.get(request.params.id)) return problem(reply, 404, 'No such package.');
        let file: Buffer | undefined;
        let alt: unknown;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                part.file.resume();
                continue;
              }
              file = await part.toBuffer();
            } else if (part.fieldname === 'alt') alt = part.value;
          }
        } catch (error) {
          const code = (error as { code?: string }).code ?? '';
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            return problem(reply, 413, 'An image can be at most 10 MB.');
          }
          return problem(
            reply,
            400,
            'The upload could not be read: send multipart/form-data with a file and an alt field.',
          );
        }
        const altResult = z.safeParse(imageAltSchema, alt ?? '');
        if (!altResult.success) {
          return fieldProblem(reply, { alt: altResult.error.issues[0]?.message ?? 'Describe the image.' });
        }
        if (!file || file.length === 0)
          return fieldProblem(reply, { file: 'Choose an image file to upload.' });
        let processed;
        try {
          processed = await processUpload(file);
        } catch (error) {
          if (error instanceof ImageRejectedError) return problem(reply, error.status, error.message);
          throw error;
        }
        const outcome = await fromDatabase(() =>
          addImage(db, request.params.id, processed, altResult.data, actorOf(request)),
        );
        if (outcome.kind === 'not-found') return problem(reply, 404, 'No such package.');
        if (outcome.kind === 'conflict') return problem(reply, 409, outcome.message);
        await catalogue.refresh();
        const { id, url, alt: savedAlt, width, height } = publicImage(outcome.image);
        return noStore(reply).code(201).send({ id, url, alt: savedAlt, width, height });
      },
    );
  });
}
