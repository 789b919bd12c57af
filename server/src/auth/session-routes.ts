import type { FastifyInstance } from 'fastify';
import {
  errors,
  noContentSchema,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { problem } from '../http/problem.js';
import { authenticator } from './authenticate.js';
import { sessionCookieName, sessionMaxAgeMs, type SessionManager } from './sessions.js';
import type { TokenVerifier } from './verified-user.js';
import { IdentityProviderUnavailableError, InvalidTokenError } from './verify-token.js';

export type SessionRoutesOptions = {
  sessions: SessionManager;
  verifyToken: TokenVerifier;
  // Secure cookies in production; a plain-HTTP development server keeps them without.
  secure: boolean;
};

// POST /api/session: the browser's ID token (Bearer) for a session cookie, so the next page
// request is rendered with the user's data. DELETE /api/session: the cookie goes (sign-out).
// The cookie authorises reading pages only; the API's writes accept the Bearer token alone.
export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  const authenticate = authenticator(options.verifyToken, 'Please log in.');
  const cookie = {
    path: '/',
    httpOnly: true,
    secure: options.secure,
    sameSite: 'lax' as const,
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/session',
    {
      bodyLimit: 1024,
      preValidation: authenticate,
      schema: {
        tags: ['Session'],
        summary: 'Exchange the ID token for a session cookie',
        description:
          'Sets __session (HttpOnly, Secure in production, SameSite=Lax, path /, two weeks): the ' +
          'server renders the signed-in pages with their data for it. It authorises reading pages ' +
          'only; every API call still needs the Bearer ID token.',
        security: signedIn,
        response: { 204: noContentSchema, ...errors.tooLarge, ...signedInErrors },
      },
    },
    async (request, reply) => {
      // authenticate has checked the header's shape and the token.
      const idToken = request.headers.authorization!.slice('Bearer '.length);
      let value: string;
      try {
        value = await options.sessions.create(idToken);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          return problem(reply, 401, 'Your session has expired. Please log in again.');
        }
        if (error instanceof IdentityProviderUnavailableError) {
          request.log.error({ err: error.cause }, 'session cookie could not be made');
          return problem(
            reply.header('Retry-After', '5'),
            503,
            'We could not check your sign-in just now. Please try again in a moment.',
          );
        }
        throw error;
      }
      return reply
        .setCookie(sessionCookieName, value, { ...cookie, maxAge: sessionMaxAgeMs / 1000 })
        .header('Cache-Control', 'no-store')
        .code(204)
        .send();
    },
  );

  api.delete(
    '/api/session',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['Session'],
        summary: 'Clear the session cookie (sign-out)',
        response: { 204: noContentSchema, ...errors.tooLarge },
      },
    },
    async (_request, reply) =>
      reply.clearCookie(sessionCookieName, cookie).header('Cache-Control', 'no-store').code(204).send({}),
  );
}
