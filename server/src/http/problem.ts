import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CommitUnknownError, DatabaseUnavailableError } from '../db/database.js';
import { isApiRequest } from './api-path.js';
import { controlCharsMessage, hasControlChars } from '#contracts/text';

// Every API error is JSON {message, ...extra}, worded to be shown as it is (docs/product.md).
export const problem = (reply: FastifyReply, status: number, message: string, extra: object = {}) =>
  reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .send({ message, ...extra });

// A 503 that asks the client to try again in a few seconds (Retry-After: 5).
export const unavailable = (reply: FastifyReply, message: string) =>
  problem(reply.header('Retry-After', '5'), 503, message);

// The identity provider (or the staff directory) did not answer a check of who is signed in.
export const signInCheckUnavailable = (reply: FastifyReply) =>
  unavailable(reply, 'We could not check your sign-in just now. Please try again in a moment.');

export const fieldProblem = (reply: FastifyReply, fieldErrors: Record<string, string | undefined>) =>
  problem(reply, 400, 'Please check the highlighted fields.', { fieldErrors });

// A body a domain's rules refused (not its schema): the rule's message, and its fields' messages
// when it names fields.
export const refusedBody = (
  reply: FastifyReply,
  refusal: { message: string; fieldErrors?: Record<string, string | undefined> },
) => problem(reply, 400, refusal.message, refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {});

// The database refused a value of the request (SQLSTATE class 22, "data exception": a NUL byte,
// a date out of range, a number too large): the request's fault, a 400, never an outage.
export class BadValueError extends Error {
  constructor(cause: unknown) {
    super('The database refused a value of the request.', { cause });
    this.name = 'BadValueError';
  }
}

export const isDataException = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
};

// Too much already waits for the database (the booking queue is full): nothing was stored.
export class BusyError extends DatabaseUnavailableError {
  constructor() {
    super(new Error('Too many requests are waiting for the database'));
    this.name = 'BusyError';
  }
}

// Anything else the database throws that is not a rule of ours means it is out of reach.
export const fromDatabase = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || error instanceof BadValueError) throw error;
    if (isDataException(error)) throw new BadValueError(error);
    throw new DatabaseUnavailableError(error);
  }
};

type Issue = { instancePath: string; message?: string };

// A request its route's schema refused (server/src/http/api-schemas.ts), in the API's words. The
// schemas carry the messages; where the request went wrong decides the answer's shape:
// - a path segment that names nothing (params): 404, as for any booking that is not there (one
//   holding a control character was answered 400 before, by rejectControlParams below);
// - a body: its fields' messages as fieldErrors (the first for each field, keyed by its path), or
//   the body's own message when it is not what the route reads at all (not an object, unknown keys);
// - the query string or a header: 400 with the first message.
function validationProblem(reply: FastifyReply, part: string | undefined, issues: Issue[]) {
  const first = issues[0]?.message ?? 'The request could not be read.';
  if (part === 'params') return problem(reply, 404, first);
  if (part !== 'body') return problem(reply, 400, first);
  const whole = issues.find((issue) => issue.instancePath === '/');
  if (whole) return problem(reply, 400, whole.message ?? first);
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.slice(1).replaceAll('/', '.');
    fieldErrors[field] ??= issue.message ?? first;
  }
  return fieldProblem(reply, fieldErrors);
}

// Failures of the framework itself (body parsing, limits, schemas) and of the database, in the
// API's words.
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BadValueError || isDataException(error)) {
    // No values in the log: they may be personal data. The code says which rule it broke.
    const cause = error instanceof BadValueError ? error.cause : error;
    request.log.warn({ sqlState: (cause as { code?: string }).code }, 'database refused a value');
    return problem(
      reply,
      400,
      'A value in the request cannot be stored. Please check what you typed and try again.',
    );
  }
  if (error instanceof CommitUnknownError) {
    // The booking may have been stored: the traveller must look before booking again.
    request.log.error({ err: error.cause }, 'database stopped answering at COMMIT');
    return unavailable(
      reply,
      'Our database stopped answering while your booking was being saved, so we cannot tell yet whether it was stored. Please check My bookings in a moment before booking again.',
    );
  }
  if (error instanceof BusyError) {
    return unavailable(
      reply,
      'Bookings are very busy right now. Nothing was stored: please try again in a moment.',
    );
  }
  if (error instanceof DatabaseUnavailableError) {
    request.log.error({ err: error.cause }, 'database unavailable');
    return unavailable(
      reply,
      'Bookings are unavailable right now. Nothing was lost: please try again in a moment.',
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationProblem(reply, error.validationContext, error.validation);
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return problem(reply, 413, 'The request is too large.');
  if (status === 415) return problem(reply, 415, 'Send JSON (Content-Type: application/json).');
  if (status === 429) return reply.code(429).send(error);
  if (status >= 400 && status < 500) {
    // Malformed JSON, a __proto__ key, an empty body.
    return problem(reply, 400, 'The request could not be read: send a JSON object.');
  }
  request.log.error({ err: error }, 'unexpected error');
  return problem(reply, 500, 'Something went wrong on our side. Please try again.');
}

export const setApiErrorHandler = (app: FastifyInstance) => app.setErrorHandler(apiErrorHandler);

const pathControlMessage = controlCharsMessage('The address');

const paramsHaveControlChars = (request: FastifyRequest) =>
  Object.values((request.params ?? {}) as Record<string, unknown>).some(
    (value) => typeof value === 'string' && hasControlChars(value),
  );

// A control character in any path segment of an API call is a 400 with a message, whether or not
// the route's schema would have refused the segment (a package id is looked up, not matched): a
// preValidation hook on the whole app, so it runs before any route's own checks.
export function rejectControlParams(app: FastifyInstance) {
  // Callback style, not async: it runs on every API call, the booking path included.
  app.addHook('preValidation', (request, reply, done) => {
    if (isApiRequest(request) && paramsHaveControlChars(request)) {
      // Answered here; not calling done() ends the request's hooks.
      problem(reply, 400, pathControlMessage);
      return;
    }
    done();
  });
}

// A URL that cannot be decoded (a broken %-escape) never reaches a route: Fastify answers it
// itself, and this keeps that answer in the API's shape instead of Fastify's own error object.
export function badUrlProblem(_error: Error, _request: FastifyRequest, reply: FastifyReply) {
  return problem(reply, 400, 'This address is not valid.');
}
