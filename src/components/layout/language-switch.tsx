import { useLocation } from 'react-router';
import { languageNames, languages, languageTags, pathIn } from '#contracts/language';
import { useLanguage } from '~/lib/i18n';

// The same page in each other language. A plain link, a document load: the other language's
// catalogue comes with its page (src/entry.client.tsx), and its HTML is prerendered or kept
// like this one's (docs/decisions/071-translation-layer.md). Each name is in its own language.
// `short`: the navbar's, whose phone bar has room for the language's code only ("ES"); its name
// stays the link's accessible name, and the full name shows from 761 px (src/styles/app.css).
export function LanguageSwitch({ className, short = false }: { className?: string; short?: boolean }) {
  const language = useLanguage();
  const { pathname: rendered, search, hash } = useLocation();
  // The prerender renders "/blogs/", with its slash (src/lib/i18n.ts): the link names the page's
  // own address, not the one the server redirects (server/src/pages/site-pages.ts).
  const pathname = rendered.replace(/(.)\/$/, '$1');
  return (
    <>
      {languages
        .filter((other) => other !== language)
        .map((other) => (
          <a
            key={other}
            className={className}
            href={pathIn(other, `${pathname}${search}${hash}`)}
            hrefLang={languageTags[other]}
            lang={languageTags[other]}
          >
            {short ? (
              <>
                <span className="language-switch__code" aria-hidden="true">
                  {other.toUpperCase()}
                </span>
                <span className="language-switch__name">{languageNames[other]}</span>
              </>
            ) : (
              languageNames[other]
            )}
          </a>
        ))}
    </>
  );
}
