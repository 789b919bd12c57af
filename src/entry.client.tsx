// React Router's default browser entry (@react-router/dev's entry.client.tsx) with one step first:
// a page in a language other than English loads its catalogue before React renders, so the first
// render matches the server's HTML (docs/decisions/071-translation-layer.md). An English page
// waits for nothing; the catalogue is a chunk of its own that only its language's pages load.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { languageOfPath } from '#contracts/language';
import { loadCatalogue } from '~/lib/load-catalogue';

const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });

const language = languageOfPath(window.location.pathname);
if (language === 'en') hydrate();
else void loadCatalogue(language).then(hydrate);
