// The site's languages, in one place for the browser and the server
// (docs/decisions/071-translation-layer.md). English is the source language: its texts are
// written where they are used and its pages keep their paths; every other language has a
// catalogue (./messages-<code>.ts) and its pages under /<code>/... No path alias here: the server
// imports this file directly. No zod here: the home page's JavaScript carries this module.
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

// The BCP 47 tag of `lang` attributes, Content-Language and Intl.
export const languageTags: Record<Language, string> = { en: 'en', es: 'es' };

// Each language's own name, as the language switch offers it (in that language: a reader who
// does not understand the page's language still finds theirs).
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

// Each language's name in English, as the console (English only) names a booking's.
export const languageNamesInEnglish: Record<Language, string> = { en: 'English', es: 'Spanish' };

const prefixed = /^\/([a-z]{2})(?=\/|$)/;

// The language a path is in: "/es/blogs" -> es; "/blogs", "/admin" -> en.
export function languageOfPath(pathname: string): Language {
  const code = prefixed.exec(pathname)?.[1];
  return code && code !== defaultLanguage && isLanguage(code) ? code : defaultLanguage;
}

// The English path of a page in any language: "/es/blogs" -> "/blogs", "/es" -> "/".
export function englishPath(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === defaultLanguage) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

// A path of the English site in `language`: "/blogs" -> "/es/blogs", "/" -> "/es". Query and
// hash are kept.
export function pathIn(language: Language, path: string): string {
  const english = englishPath(path);
  if (language === defaultLanguage) return english;
  return english === '/'
    ? `/${language}`
    : english.startsWith('/?') || english.startsWith('/#')
      ? `/${language}${english.slice(1)}`
      : `/${language}${english}`;
}
