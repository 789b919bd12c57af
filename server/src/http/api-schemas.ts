// The API's schemas: every route under /api/ declares its params, querystring, headers, body and
// responses with zod, through fastify-type-provider-zod. One declaration is the route's
// validation (refusals become the API's own error bodies in ./problem.ts), its handler's types,
// and its entry in the OpenAPI document served at /api/openapi.json and shown at /api/docs.
//
// Adding a route, schema first:
// 1. The shapes: what the browser also knows goes to contracts/ (the type beside its
//    contract, e.g. booking.ts, and its zod schema in api.ts, checked against the type with
//    `satisfies`); what only the server can check (a package exists, a cursor decodes) is a
//    schema beside the route (e.g. server/src/admin/filters.ts). Every message is for people.
// 2. The route, in its domain's routes file: `app.withTypeProvider<ZodTypeProvider>()`, then
//    `schema: { tags, summary, security?, params?, querystring?, headers?, body?, response }`.
//    Answers list the success shape and the errors the route gives, from `errors` below.
// 3. The handler reads request.params/query/body already checked and typed. Sign-in and role
//    checks are preValidation hooks, so a caller without a token is told 401, never how their
//    body would have been refused.
// 4. A test beside the route that calls it whole (see server/src/bookings/bookings.test.ts);
//    api-schemas.test.ts fails until the document lists the new route, and it always will.
//
// How a refusal answers (./problem.ts): a params schema's message is a 404 (an id that names
// nothing); a body's field messages are 400 {message, fieldErrors} keyed by the field's path, or
// 400 {message} when the body is not what the route reads at all (the body schema's own error);
// a query or header message is 400 {message}.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { fieldProblemSchema, problemSchema } from '#contracts/api';
import { brand } from '#contracts/brand';
import { answerSerializer } from './serializer.js';

export type { ZodTypeProvider };

// The reference's own routes: they show the API, they are not part of it.
export const docsPrefix = '/api/docs';
export const openApiPath = '/api/openapi.json';
export const isReferenceRoute = (url: string) => url === openApiPath || url.startsWith(docsPrefix);

// Routes that need a signed-in user, in the document's words.
export const signedIn = [{ bearer: [] }];

// The error answers a route can give besides its own: the body is always {message, ...}.
export const errors = {
  badRequest: { 400: fieldProblemSchema },
  unauthorized: { 401: problemSchema },
  forbidden: { 403: problemSchema },
  notFound: { 404: problemSchema },
  conflict: { 409: problemSchema },
  tooLarge: { 413: problemSchema },
  unsupported: { 415: problemSchema },
  unprocessable: { 422: problemSchema },
  unavailable: { 503: problemSchema },
} as const;

// What every signed-in route may answer besides its own: no or a stale token, the identity
// provider or the database out of reach.
export const signedInErrors = { ...errors.unauthorized, ...errors.unavailable };

// What every console route (/api/admin/*, /api/guide/*) may answer besides its own: the staff
// check of server/src/admin/routes.ts refuses a token (401) or a role (403). Its tag and security.
export const consoleErrors = { ...signedInErrors, ...errors.forbidden };
export const consoleRoute = { tags: ['Console'], security: signedIn };

// A route's schema with the answers its audience shares added once here rather than by every
// route: its own params, body and answers in, the whole schema out (the types stay the route's).
// A console route gets the Console tag, the bearer security and consoleErrors.
export const consoleSchema = <S extends { response: object }>(schema: S) => ({
  ...consoleRoute,
  ...schema,
  response: { ...schema.response, ...consoleErrors },
});

// A signed-in traveller's route: the bearer security and signedInErrors (its tag is its own).
export const signedInSchema = <S extends { response: object }>(schema: S) => ({
  security: signedIn,
  ...schema,
  response: { ...schema.response, ...signedInErrors },
});

// Bodies the API reads are JSON: a body of another type is 415, too large a one 413.
export const jsonBodyErrors = { ...errors.badRequest, ...errors.tooLarge, ...errors.unsupported };

export const noContentSchema = z.object({});

declare module 'fastify' {
  interface FastifyInstance {
    // Every API route this server answers, "METHOD /path" (HEAD aside): what the OpenAPI document
    // must list, no more, no less (api-schemas.test.ts).
    apiRoutes: string[];
    // Whether answers are checked against their zod schemas too (./serializer.ts): not in production.
    checkAnswers: boolean;
  }
}

// Before any route: the compilers, and the document that collects every route as it is added.
// `checkAnswers`: every answer is also checked against its zod schema (./serializer.ts); off in
// production.
export async function registerApiSchemas(app: FastifyInstance, { checkAnswers }: { checkAnswers: boolean }) {
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('checkAnswers', checkAnswers);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isReferenceRoute(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push(`${method} ${route.url}`);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer({ checked: checkAnswers }));
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${brand.name} API`,
        version: '3',
        description:
          'The API of the booking site and its operator console. Every error answers JSON ' +
          '{message, fieldErrors?} worded to be shown as it is; fieldErrors, on a 400 about a form, ' +
          'holds the first message for each field. Booking writes are limited per user and minute ' +
          '(429 {message}). See docs/product.md in the repository for the rules behind these routes.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Firebase ID token',
            description: 'The ID token of the signed-in Firebase user.',
          },
        },
      },
      tags: [
        { name: 'Bookings', description: 'A traveller’s own bookings.' },
        { name: 'Departures', description: 'The dated trips travellers choose from.' },
        { name: 'Console', description: 'The operator console (operators only).' },
        { name: 'Service', description: 'Health of the service.' },
        { name: 'Session', description: 'The session cookie the signed-in pages are rendered for.' },
      ],
    },
    // Only the API is documented: pages, static files and the reference itself are not.
    transform: (input) =>
      input.url.startsWith('/api/') && !isReferenceRoute(input.url)
        ? jsonSchemaTransform(input)
        : { schema: { hide: true } as never, url: input.url },
  });
}

// After every route: the document and its reference page. The page loads Swagger UI's scripts
// from node_modules (served by @fastify/swagger-ui, no CDN) under a CSP of its own, set only on
// its routes; every other response keeps the site's (server/src/http/security-headers.ts).
export async function registerApiReference(app: FastifyInstance) {
  app.get(openApiPath, { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').send(app.swagger()),
  );
  await app.register(swaggerUi, {
    routePrefix: docsPrefix,
    staticCSP: docsCsp,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}

export const docsCsp = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};
