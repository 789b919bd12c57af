import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from '../http/api-schemas.js';
import { problem, signInCheckUnavailable } from '../http/problem.js';
import { pageReader } from './page-reads.js';
import type { TokenVerifier, VerifiedUser } from './verified-user.js';
import { IdentityProviderUnavailableError, InvalidTokenError } from './verify-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: VerifiedUser;
  }
}

// A preValidation hook (it runs before the request's schema is checked) that verifies the Bearer ID token on every call and sets request.user; 401 when
// there is none or it is refused, 503 when the identity provider cannot be asked.
export function authenticator(
  verifyToken: TokenVerifier,
  // What a caller without a token is told: the API of that part of the site, in its words.
  signInMessage = 'Please log in to book a trip.',
): preValidationAsyncHookHandler {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    // A server-rendered page reading its data in-process (page-reads.ts): GET only.
    const reader = pageReader(request);
    if (reader) {
      request.user = reader;
      return;
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9._-]{20,4096})$/.exec(header);
    if (!match) {
      return problem(reply.header('WWW-Authenticate', 'Bearer'), 401, signInMessage);
    }
    try {
      request.user = await verifyToken(match[1]!);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return problem(
          reply.header('WWW-Authenticate', 'Bearer error="invalid_token"'),
          401,
          'Your session has expired. Please log in again.',
        );
      }
      if (error instanceof IdentityProviderUnavailableError) {
        request.log.error({ err: error.cause }, 'token check failed');
        return signInCheckUnavailable(reply);
      }
      throw error;
    }
  };
}

// What a traveller's routes file starts from: its routes typed by their Zod schemas, and this
// check that the caller is signed in.
export const travellerApi = (app: FastifyInstance, verifyToken: TokenVerifier) => ({
  api: app.withTypeProvider<ZodTypeProvider>(),
  authenticate: authenticator(verifyToken),
});
