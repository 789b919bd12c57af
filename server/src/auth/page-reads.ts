import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { VerifiedUser } from './verified-user.js';

// A server-rendered page reads its data through the API's own GET routes, in-process
// (app.inject), as the user of its verified session cookie. The API knows only Bearer ID tokens,
// so the render registers its user under a random key for as long as it runs and sends the key
// in a header; the authenticator accepts it on GET requests only. A key is 192 random bits and
// lives only for one render: a request from outside cannot guess one, and no write ever accepts
// it (docs/decisions/013-server-rendered-signed-in-pages.md).
export const pageReadHeader = 'x-page-read';

const readers = new Map<string, VerifiedUser>();

export function startPageReads(user: VerifiedUser): string {
  const key = randomBytes(24).toString('base64url');
  readers.set(key, user);
  return key;
}

export function endPageReads(key: string) {
  readers.delete(key);
}

export function pageReader(request: FastifyRequest): VerifiedUser | undefined {
  if (request.method !== 'GET') return undefined;
  const key = request.headers[pageReadHeader];
  return typeof key === 'string' ? readers.get(key) : undefined;
}
