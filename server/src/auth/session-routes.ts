import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  errors,
  noContentSchema,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { problem } from '../http/problem.js';
import { authenticator } from './authenticate.js';
import type { GuardedSessions } from './session-guard.js';
import { sessionCookieName, sessionMaxAgeMs } from './sessions.js';
import type { TokenVerifier } from './verified-user.js';
import { IdentityProviderUnavailableError, InvalidTokenError } from './verify-token.js';

export type SessionRoutesOptions = {
  sessions: GuardedSessions;
  verifyToken: TokenVerifier;
  // Secure cookies in production; a plain-HTTP development server keeps them without.
  secure: boolean;
};

// POST /api/session: the browser's ID token (Bearer) for a session cookie, so the next page
// request is rendered with the user's data. DELETE /api/session: the cookie goes (sign-out), and
// the server refuses it afterwards (./session-guard.ts).
// The cookie authorises reading pages only; the API's writes accept the Bearer token alone.
// Firebase's guidance for session cookies: make one only from a sign-in of the last five minutes,
// so a stolen ID token (valid for an hour, refreshed for ever) cannot become a two-week cookie.
// A browser whose sign-in is older is refused with 401 and keeps reading its data with its ID
// token until it signs in again (src/lib/session-cookie.ts).
export const recentSignInMs = 5 * 60 * 1000;
// Session cookies one user may have made a minute (a browser asks once per sign-in).
export const sessionsPerMinute = 10;

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
      // Each cookie made is a call to the identity provider: a few a minute per user, counted
      // after the token check (the rate-limit hook runs after authenticate).
      config: {
        rateLimit: {
          max: sessionsPerMinute,
          timeWindow: '1 minute',
          hook: 'preValidation' as const,
          keyGenerator: (request: FastifyRequest) => `session:${request.user?.uid ?? request.ip}`,
        },
      },
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
      const authTime = request.user?.authTime;
      if (authTime === undefined || Date.now() - authTime > recentSignInMs) {
        return problem(reply, 401, 'Please log in again to stay signed in on this device.');
      }
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
    async (request, reply) => {
      // The cookie signed out of is refused from now on, even if a copy was kept; the user's
      // other devices keep theirs.
      const value = request.cookies[sessionCookieName];
      if (value && value.length <= 8192) await options.sessions.signOut(value);
      return reply.clearCookie(sessionCookieName, cookie).header('Cache-Control', 'no-store').code(204).send({});
    },
  );
}
