import type { FastifyInstance } from 'fastify';
import { problem } from '../http/problem.js';
import { authenticator } from './authenticate.js';
import { sessionCookieName, sessionMaxAgeMs, type SessionManager } from './sessions.js';
import { IdentityProviderUnavailableError, InvalidTokenError, type TokenVerifier } from './verify-token.js';

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

  app.post('/api/session', { bodyLimit: 1024, preHandler: authenticate }, async (request, reply) => {
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
  });

  app.delete('/api/session', { bodyLimit: 1024 }, async (_request, reply) =>
    reply.clearCookie(sessionCookieName, cookie).header('Cache-Control', 'no-store').code(204).send(),
  );
}
