import { useContext, useMemo } from 'react';
import { UNSAFE_LocationContext } from 'react-router';
import { translator, type Translator } from '#contracts/i18n';
import { defaultLanguage, englishPath, languageOfPath, pathIn, type Language } from '#contracts/language';

export type PageTranslator = Translator & {
  // A path of the English site in this page's language: "/blogs" -> "/es/blogs".
  to: (path: string) => string;
};

// For a route's `meta`, which is no component: the translator of the page at `pathname`.
export function pageTranslator(pathname: string): PageTranslator {
  const language = languageOfPath(pathname);
  return { ...translator(language), to: (path: string) => pathIn(language, path) };
}

// The page's language is its path's (/es/... is Spanish): the same on the server's render and the
// browser's, with no state of its own (docs/decisions/071-translation-layer.md).
// Outside a router (a component rendered on its own, as its unit tests do) the page is English,
// as every component was before the layer: useLocation() would throw there, where reading the
// router's location context answers null (it is what useInRouterContext() reads).
export function useLanguage(): Language {
  const context = useContext(UNSAFE_LocationContext) as { location: { pathname: string } } | null;
  return context ? languageOfPath(context.location.pathname) : defaultLanguage;
}

export function useT(): PageTranslator {
  const language = useLanguage();
  return useMemo(
    () => ({ ...translator(language), to: (path: string) => pathIn(language, path) }),
    [language],
  );
}

// The pages a traveller reads, which have a twin in every language (src/routes.ts); the console's
// and a guide's screens are English only, and offer no switch.
const translatedPages = [
  /^\/$/,
  /^\/(blogs|about|account|account\/deleted|bookings)$/,
  /^\/(package|checkout|travellers|moves)\/[^/]+$/,
  /^\/bookings\/[^/]+\/travellers$/,
];
// (The prerender renders "/es/blogs/", with its slash.)
export const isTranslatedPage = (pathname: string) =>
  translatedPages.some((page) => page.test(englishPath(pathname).replace(/(.)\/$/, '$1')));
