import { useLocation } from 'react-router';
import { languageNames, languages, languageTags, pathIn } from '#contracts/language';
import { useLanguage } from '~/lib/i18n';

// The same page in each other language. A plain link, a document load: the other language's
// catalogue comes with its page (src/entry.client.tsx), and its HTML is prerendered or kept
// like this one's (docs/decisions/071-translation-layer.md). Each name is in its own language.
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const { pathname, search, hash } = useLocation();
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
            {languageNames[other]}
          </a>
        ))}
    </>
  );
}
