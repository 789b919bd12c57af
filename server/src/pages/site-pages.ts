import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionManager } from '../auth/sessions.js';
import { loadHtmlPage, type HtmlPage } from '../html.js';
import { isApiRequest } from '../http/api-path.js';
import { perMinuteLimit } from '../http/limits.js';
import { contentSecurityPolicy, type CspOrigins } from '../http/security-headers.js';
import { plural } from '#contracts/format';
import { languageOfPath, languages, type Language } from '#contracts/language';
import { cataloguePages, clientRoutes, prerendered, sitemapPaths } from '../site-routes.js';
import { newNonce, renderPage, sessionUser, type PageRenderer, type RenderedPage } from './render.js';
import type { Catalogue } from '../catalog/store.js';
import { catalogueJsonLd, robotsTxt, sitemapPath, sitemapXml, withJsonLd } from '../catalog/seo.js';

export type SitePagesOptions = {
  clientDir: string;
  csp: CspOrigins;
  sessions: SessionManager;
  renderer?: PageRenderer;
  // The live catalogue: the home page's structured data and the sitemap follow it.
  catalogue: Catalogue;
  siteUrl: string;
  // Pages rendered per user of a valid session cookie and minute (PAGE_RATE_LIMIT,
  // server/src/http/limits.ts).
  pagesPerMinute: number;
};

// The site's pages: the prerendered ones as built, the signed-in ones rendered per request (the
// user's data comes with a valid session cookie) when the server build is there, else the SPA
// fallback file; and the 404 page for any other path that is not an API call.
export const sitePages = fp<SitePagesOptions>(
  async (app, options) => {
    const { renderer, clientDir, csp } = options;
    if (!renderer && !existsSync(join(clientDir, '__spa-fallback.html'))) {
      throw new Error(`No built site in ${clientDir}: run "npm run build" first.`);
    }

    const pages = new Map<string, HtmlPage>();
    const page = (file: string) => {
      let p = pages.get(file);
      if (!p) {
        p = loadHtmlPage(clientDir, file);
        pages.set(file, p);
      }
      return p;
    };

    const sendPage = (reply: FastifyReply, file: string, status = 200, given?: HtmlPage) => {
      const p = given ?? page(file);
      return reply
        .code(status)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', contentSecurityPolicy(csp, { hashes: p.scriptHashes }))
        .send(p.body);
    };

    // The home page: its package cards and structured data are the live catalogue's, so it is
    // rendered from this process's copy once per catalogue version and that HTML kept, the same for
    // every visitor (the signed-out state, as a prerendered page is): no database read and no
    // render per request (docs/decisions/043-home-page-from-the-live-catalogue.md). Without a
    // server build (tests on a stand-in site) the stand-in's index.html gets the structured data.
    const { catalogue, siteUrl } = options;
    // Its scripts carry a stand-in nonce that never leaves the process, swapped for a fresh one in
    // each response (as the 404 page's below): no hash of rendered output is ever allowed.
    const homeNonce = newNonce();
    type Home = HtmlPage & { nonce?: string };
    // `path`: "/" or its Spanish twin "/es" (docs/decisions/071-translation-layer.md).
    const renderHome = async (path: string): Promise<Home> => {
      if (!renderer) {
        const built = page('index.html');
        return { ...built, body: withJsonLd(built.body, catalogueJsonLd(siteUrl, catalogue.published())) };
      }
      const visitor = { url: path, method: 'GET', headers: { accept: 'text/html' } };
      const rendered = await renderPage(app, renderer, visitor, null, catalogue.cards, {
        nonce: homeNonce,
        islands: true,
      });
      if (rendered.status !== 200) throw new Error(`the home page rendered with status ${rendered.status}`);
      const body = withJsonLd(rendered.body, catalogueJsonLd(siteUrl, catalogue.published(), path));
      return { body, scriptHashes: [], nonce: homeNonce };
    };
    const homes = new Map<string, { version: number; page: Promise<Home> }>();
    const homePage = (path: string) => {
      const version = catalogue.version();
      let home = homes.get(path);
      if (home?.version !== version) {
        const rendering = renderHome(path);
        home = { version, page: rendering };
        homes.set(path, home);
        // A failed render is not kept: the next request tries again.
        rendering.catch(() => {
          if (homes.get(path)?.page === rendering) homes.delete(path);
        });
      }
      return home.page;
    };
    for (const path of cataloguePages) {
      app.get(path, async (_req, reply) => {
        const kept = await homePage(path);
        if (!kept.nonce) return sendPage(reply, 'index.html', 200, kept);
        const nonce = newNonce();
        return reply
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .header('Content-Security-Policy', contentSecurityPolicy(csp, { nonce }))
          .send(kept.body.replaceAll(kept.nonce, nonce));
      });
    }

    // The sitemaps, one a language: the public pages and every published package, per catalogue
    // version.
    for (const language of languages) {
      let sitemap: { version: number; xml: string } | undefined;
      app.get(sitemapPath(language), (_req, reply) => {
        if (sitemap?.version !== catalogue.version()) {
          sitemap = {
            version: catalogue.version(),
            xml: sitemapXml(siteUrl, sitemapPaths, catalogue.published(), language),
          };
        }
        return reply
          .header('Content-Type', 'application/xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=0, must-revalidate')
          .send(sitemap.xml);
      });
    }

    const robots = robotsTxt(siteUrl);
    app.get('/robots.txt', (_req, reply) =>
      reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(robots),
    );

    for (const [path, file] of Object.entries(prerendered)) {
      app.get(path, (_req, reply) => sendPage(reply, file));
      app.get(`${path}/`, (_req, reply) => reply.redirect(path, 301));
    }

    // The 404 page is the same for every unknown path and every visitor (it reads no data): rendered
    // once, as for a visitor, and its HTML kept, so a crawl of made-up paths costs no render and no
    // session check each. Its scripts carry a stand-in nonce that never leaves the process: each
    // response swaps it for a fresh one, so no two responses share a nonce and nothing a request
    // could write can carry the real one.
    const keptNonce = newNonce();
    // One a language: an unknown path under /es gets the Spanish page.
    const notFoundPages = new Map<Language, Promise<RenderedPage>>();
    const notFoundPage = async (request: FastifyRequest): Promise<RenderedPage> => {
      const page = await keptNotFoundPage(request, languageOfPath(request.url));
      const nonce = newNonce();
      return { ...page, nonce, body: page.body.replaceAll(keptNonce, nonce) };
    };
    const keptNotFoundPage = (request: FastifyRequest, language: Language) => {
      let notFound = notFoundPages.get(language);
      if (!notFound) {
        notFound = renderPage(app, renderer!, request, null, catalogue.cards, {
          nonce: keptNonce,
          islands: true,
        }).then((page) => {
          // A redirect or an error is not the 404 page: not kept.
          if (page.status >= 300 && page.status !== 404) notFoundPages.delete(language);
          return page;
        });
        notFoundPages.set(language, notFound);
      }
      return notFound.catch((error: unknown) => {
        notFoundPages.delete(language);
        throw error;
      });
    };

    // A page with a valid cookie costs its check (an identity provider call once per
    // TOKEN_CACHE_SECONDS) and the reads of its data: limited per user. Past the limit the user
    // gets the site's error page saying so (src/root.tsx), rendered without reading anything.
    const pagesPerUser = perMinuteLimit(app, 'pages', options.pagesPerMinute);
    const pageLimit = async (uid: string) => {
      const wait = await pagesPerUser(uid);
      return wait === null
        ? undefined
        : {
            wait,
            message: `You have opened a lot of pages in the last minute. Please wait ${plural(wait, 'second')} and try again.`,
          };
    };

    const servePage = async (request: FastifyRequest, reply: FastifyReply, status?: number) => {
      if (!renderer) return sendPage(reply, '__spa-fallback.html', status);
      const cachedNotFound = status === 404 && request.method === 'GET';
      const user = cachedNotFound ? null : await sessionUser(options.sessions, request, reply);
      const limited = user ? await pageLimit(user.uid) : undefined;
      const rendered = cachedNotFound
        ? await notFoundPage(request)
        : await renderPage(app, renderer, request, user, catalogue.cards, { limited: limited?.message });
      for (const [name, value] of rendered.headers) {
        if (name !== 'content-length' && name !== 'set-cookie') reply.header(name, value);
      }
      if (limited && rendered.status === 429) reply.header('Retry-After', String(limited.wait));
      return reply
        .code(status !== undefined && rendered.status === 200 ? status : rendered.status)
        .header('Cache-Control', rendered.user ? 'private, no-store' : 'no-cache')
        .header('Vary', 'Cookie')
        .header('Content-Security-Policy', contentSecurityPolicy(csp, { nonce: rendered.nonce }))
        .send(rendered.body);
    };

    for (const path of clientRoutes) {
      app.get(path, (request, reply) => servePage(request, reply));
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
      if (wantsHtml) {
        // React Router's data requests of a client-side navigation (`/bookings.data`) keep the
        // status it gives them; any other unknown path is a 404 page.
        const data = renderer !== undefined && request.url.split('?')[0]!.endsWith('.data');
        return servePage(request, reply, data ? undefined : 404);
      }
      return reply
        .code(404)
        .send({ error: 'Not Found', message: `No route for ${request.method} ${request.url}` });
    });
  },
  { name: 'site-pages' },
);
