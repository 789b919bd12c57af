import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { PageLoadContext, PageUser } from '#contracts/page-session';
import type { TravelPackage } from '#contracts/package';
import { endPageReads, pageReadHeader, startPageReads } from '../auth/page-reads.js';
import { sessionCookieName, type SessionManager, type SessionUser } from '../auth/sessions.js';
import { InvalidTokenError } from '../auth/verify-token.js';
import { isConsoleRole, roleOf } from '#contracts/roles';
import { deferHydration } from './defer-hydration.js';

// React Router's server build (build/server/index.js) answering a Web Request; the load context
// carries the session cookie's user, a way to read the API as that user, and the response's CSP
// nonce, which src/entry.server.tsx puts on every script the page has.
// `islandsModule`: the URL of what a visitor's public page runs instead of React, from the same
// build (src/entry.server.tsx; docs/decisions/066-no-react-for-a-visitors-first-load.md).
export type PageRenderer = ((
  request: Request,
  context: PageLoadContext,
  nonce: string,
) => Promise<Response>) & {
  islandsModule?: string | null;
};

export async function loadPageRenderer(serverBuildFile: string): Promise<PageRenderer | undefined> {
  if (!existsSync(serverBuildFile)) return undefined;
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  const islandsModule = (build.entry.module as { islandsModule?: unknown }).islandsModule;
  return Object.assign(
    (request: Request, context: PageLoadContext, nonce: string) =>
      handle(request, { page: context, cspNonce: nonce }),
    { islandsModule: typeof islandsModule === 'string' ? islandsModule : null },
  );
}

export type RenderedPage = {
  status: number;
  headers: Headers;
  body: string;
  // The nonce the page's scripts carry: the only inline scripts its CSP allows
  // (docs/decisions/042-csp-nonce-for-rendered-pages.md).
  nonce: string;
  user: boolean;
};

// 128 random bits, new for every rendered response: a page's CSP allows its scripts by this
// nonce, never by a hash of what was rendered (which would allow a script injected into it).
export const newNonce = () => randomBytes(16).toString('base64');

const toPageUser = (user: SessionUser): PageUser => ({
  uid: user.uid,
  email: user.email ?? null,
  emailVerified: user.emailVerified === true,
  name: user.name ?? null,
  operator: isConsoleRole(roleOf(user.role)),
  role: roleOf(user.role),
});

// The session cookie's user, verified with revocation; null without a cookie or with one the
// provider refuses (the cookie is then cleared). When the provider cannot be asked the page is
// rendered as for a visitor without a cookie: the browser's SDK signs the user in as before.
export async function sessionUser(
  sessions: SessionManager,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const cookie = request.cookies[sessionCookieName];
  if (!cookie) return null;
  try {
    return await sessions.verify(cookie);
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      reply.clearCookie(sessionCookieName, { path: '/' });
    } else {
      request.log.warn({ err: error }, 'session cookie check failed; page rendered without it');
    }
    return null;
  }
}

// What a page request is made of: a FastifyRequest, or the made-up visitor's request of a page
// rendered once for everyone (the home page, the 404 page: ./site-pages.ts).
export type PageRequest = Pick<FastifyRequest, 'url' | 'method' | 'headers'>;

// Renders one page request (a document, or React Router's `.data` request on a client-side
// navigation) through the server build. `packages`: the live catalogue's published cards.
// `limited`: the user is past their pages a minute; the page is the error page with this message
// (src/lib/page-data.ts), reading nothing. `islands`: a page every visitor gets the same (the home
// page, the 404 page), which a visitor's browser may show without React (./defer-hydration.ts).
export async function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: PageRequest,
  user: SessionUser | null,
  packages: () => TravelPackage[],
  {
    nonce = newNonce(),
    limited,
    islands = false,
  }: { nonce?: string; limited?: string; islands?: boolean } = {},
): Promise<RenderedPage> {
  const key = user && !limited ? startPageReads(user) : undefined;
  try {
    const context: PageLoadContext = {
      user: user ? toPageUser(user) : null,
      ...(limited ? { limited: { message: limited } } : {}),
      async read(path) {
        if (!key) return undefined;
        const res = await app.inject({ method: 'GET', url: path, headers: { [pageReadHeader]: key } });
        return res.statusCode === 200 ? (JSON.parse(res.body) as unknown) : undefined;
      },
      packages,
    };
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const response = await renderer(
      new Request(new URL(request.url, 'http://localhost'), { method: request.method, headers }),
      context,
      nonce,
    );
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    let body = await response.text();
    if (html) {
      // As the prerendered pages: hydration after the first paint (./defer-hydration.ts). A page
      // of another shape (an error page without scripts) is served as React Router wrote it.
      const deferred = deferHydration(body, {
        islands: islands && !user ? (renderer.islandsModule ?? null) : null,
      });
      if ('html' in deferred) body = deferred.html;
    }
    return {
      status: response.status,
      headers: response.headers,
      body,
      nonce,
      user: user !== null,
    };
  } finally {
    if (key) endPageReads(key);
  }
}
