import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { plural } from '#contracts/format';
import {
  errors,
  noContentSchema,
  signedIn,
  signedInErrors,
  type ZodTypeProvider,
} from '../http/api-schemas.js';
import { addressKey, perMinuteLimit, userLimitDefaults, type UserLimits } from '../http/limits.js';
import { problem, signInCheckUnavailable } from '../http/problem.js';
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
  // Session cookies per user and per address a minute (SESSION_RATE_LIMIT,
  // SESSION_ADDRESS_RATE_LIMIT: server/src/http/limits.ts).
  limits?: Pick<UserLimits, 'sessionsPerMinute' | 'sessionsPerAddressPerMinute'>;
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

export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  const authenticate = authenticator(options.verifyToken, 'Please log in.');
  const limits = options.limits ?? userLimitDefaults;
  // Each cookie made is a call to the identity provider. A browser asks once per sign-in: a few a
  // minute per user, counted once the token is verified; and, counted before it is checked, a
  // few tens per client address (IPv6: per /64), so free accounts made by one client cannot add
  // up. Both keys come from the connection and the verified token, never from a header.
  const perAddress = perMinuteLimit(app, 'session-address', limits.sessionsPerAddressPerMinute);
  const perUser = perMinuteLimit(app, 'session-user', limits.sessionsPerMinute);
  const refuse = (reply: FastifyReply, wait: number, who: string) =>
    problem(
      reply.header('Retry-After', String(wait)),
      429,
      `Too many sign-ins from ${who}. Please wait ${plural(wait, 'second')} and try again.`,
    );
  const addressLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await perAddress(addressKey(request.ip));
    if (wait !== null) return refuse(reply, wait, 'your network');
  };
  const userLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await perUser(request.user!.uid);
    if (wait !== null) return refuse(reply, wait, 'your account');
  };
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
      preValidation: [addressLimit, authenticate, userLimit],
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
          return signInCheckUnavailable(reply);
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
      return reply
        .clearCookie(sessionCookieName, cookie)
        .header('Cache-Control', 'no-store')
        .code(204)
        .send({});
    },
  );
}
