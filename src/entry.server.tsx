// React Router's default server entry (@react-router/dev's entry.server.node.tsx) with one change:
// the page's CSP nonce. The server makes a fresh one for every rendered response
// (server/src/pages/render.ts) and passes it in the load context; ServerRouter puts it on every
// script React Router writes (the context, the route modules, the streamed data, the scroll
// restoration) and React on its own inline scripts. The response's Content-Security-Policy
// allows that nonce and no hash of the output, so a script injected into the page has no way in
// (docs/decisions/042-csp-nonce-for-rendered-pages.md). The prerendered pages are rendered at
// build time without a load context: no nonce, their fixed scripts are allowed by hash.
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { islandsModule as builtIslands } from 'virtual:islands';
import { registerCatalogue } from '#contracts/i18n';
import { allCatalogues } from '#contracts/catalogues';

// Every language's catalogue: the server renders and prerenders pages in all of them
// (docs/decisions/071-translation-layer.md).
for (const catalogue of Object.values(allCatalogues)) registerCatalogue(catalogue);

// The URL of the islands module in the client build (src/islands.ts, emitted by vite.config.ts):
// what a visitor's public page runs instead of React. The server reads it from this build
// (server/src/pages/render.ts) to write it into those pages (server/src/pages/defer-hydration.ts).
export const islandsModule = builtIslands;

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext | undefined,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every page is sent whole: the server reads each render to the end before it answers (it
    // rewrites the page's loading: server/src/pages/render.ts) and the prerender writes files. So
    // waiting for the shell alone gained nothing, and cost a visitor's page its Suspense fallbacks
    // (the home page's six cards' dates, React Router's data) with React's inline scripts that
    // swapped the real content in after the first paint: a second style and layout of the page,
    // after it had painted (scripts/trace-page.ts; docs/decisions/066-no-react-for-a-visitors-first-load.md).
    // The content is written in place instead, as React does for crawlers.
    const readyOption: keyof RenderToPipeableStreamOptions = 'onAllReady';

    // The stream is aborted after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
