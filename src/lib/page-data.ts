// Server-rendered signed-in pages (docs/decisions/013-server-rendered-signed-in-pages.md): a
// route's loader reads, on the server, the API answers its page would fetch in the browser; the
// page's hooks start from them instead of a spinner. Without a session cookie the loaders hand
// over nothing and every hook fetches as before.
import { createContext, useContext, useMemo } from 'react';
import { data, useMatches, useRouteLoaderData, type AppLoadContext } from 'react-router';
import type { PageLoadContext, PageUser } from '#contracts/page-session';
import type { StaffRole } from '#contracts/roles';

declare module 'react-router' {
  interface AppLoadContext {
    // Set by the server (server/src/pages/render.ts) on every page request.
    page?: PageLoadContext;
    // This response's CSP nonce (server/src/pages/render.ts), for src/entry.server.tsx; absent
    // when prerendering at build time.
    cspNonce?: string;
  }
}

export type PageData = { user: PageUser | null; api: Record<string, unknown> };

const nothing: PageData = { user: null, api: {} };

// For a loader: the session's user and the API answers at `paths` (GET, as that user).
export async function loadPageData(
  context: AppLoadContext,
  paths: (string | null | undefined)[],
): Promise<PageData> {
  const page = context.page;
  // Past the user's limit of pages a minute (server/src/http/limits.ts): the site's error page
  // says so, with the status the server answers (every signed-in page's loader passes here, the
  // protected layout's first).
  if (page?.limited) {
    throw data(page.limited.message, { status: 429, statusText: 'Too Many Requests' });
  }
  if (!page?.user) return nothing;
  const wanted = paths.filter((p): p is string => typeof p === 'string');
  const answers = await Promise.all(wanted.map(async (path) => [path, await page.read(path)] as const));
  return { user: page.user, api: Object.fromEntries(answers.filter(([, data]) => data !== undefined)) };
}

// For a page only one role's reads serve (the owners' team, a guide's departures): another
// session reads nothing, as the API would refuse it, and the page fetches as without a cookie.
export const loadPageDataFor = (context: AppLoadContext, role: StaffRole, paths: string[]) =>
  loadPageData(context, context.page?.user?.role === role ? paths : []);

// The same for the console's pages: nothing is read unless the cookie carries the operator claim
// (the API would refuse it anyway).
export function loadOperatorData(context: AppLoadContext, paths: (string | null | undefined)[]) {
  return loadPageData(context, context.page?.user?.operator ? paths : []);
}

// What the current page's loaders read, by path: provided by the protected layout, so hooks (and
// their tests, which render them without a router) read a plain context.
const Preloaded = createContext<Record<string, unknown>>({});

export const PreloadedProvider = Preloaded.Provider;

// For the protected layout: every matched route's answers together, as one object for as long as
// the matches stay (useMatches keeps its array until a navigation or a revalidation). A new object
// on each render would change the context's value, and every page reading it would render again
// whenever the layout does: on each change of the auth state after hydration.
export function useMatchedPreloads(): Record<string, unknown> {
  const matches = useMatches();
  return useMemo(() => {
    const all: Record<string, unknown> = {};
    for (const match of matches) Object.assign(all, (match.loaderData as Partial<PageData> | undefined)?.api);
    return all;
  }, [matches]);
}

// The answer a loader of the current page read for `path`, if any.
export function usePreloaded<T>(path: string | null): T | undefined {
  const api = useContext(Preloaded);
  return path !== null && Object.hasOwn(api, path) ? (api[path] as T) : undefined;
}

export const protectedLayoutId = 'routes/protected-layout';

// The user of the session cookie the server rendered this page for; null without one.
export function usePageUser(): PageUser | null {
  return useRouteLoaderData<PageData>(protectedLayoutId)?.user ?? null;
}
