// React Router's default browser entry (@react-router/dev's entry.client.tsx) with one step first:
// a page in a language other than English loads its catalogue before React renders, so the first
// render matches the server's HTML (docs/decisions/071-translation-layer.md). An English page
// waits for nothing; the catalogue is a chunk of its own that only its language's pages load.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { registerCatalogue, type Catalogue } from '#contracts/i18n';
import { isLanguage, type Language } from '#contracts/language';

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('#contracts/messages-es').then((m) => m.es),
};

const language = document.documentElement.lang;
const ready =
  isLanguage(language) && language !== 'en' ? catalogues[language]().then(registerCatalogue) : null;

const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });

if (ready) void ready.then(hydrate);
else hydrate();
