import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
} from 'react-router';
import { englishPath, languageOfPath, languages, languageTags, pathIn } from '#contracts/language';
import { Footer } from '~/components/layout/footer';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { Navbar } from '~/components/layout/navbar';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { AccountNavItem } from '~/features/auth/components/account-nav-item';
import { BookingsNavItem } from '~/features/booking/components/bookings-nav-item';
import { startAuth } from '~/lib/auth';
import { isTranslatedPage, useT } from '~/lib/i18n';
import { site } from '~/lib/site';
import type { Route } from './+types/root';
import appCss from '~/styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// The page's language is its path's; a page a traveller reads names its twins in every language
// (docs/decisions/071-translation-layer.md), English as the default for any other reader.
function Alternates({ pathname }: { pathname: string }) {
  if (!isTranslatedPage(pathname)) return null;
  const english = englishPath(pathname).replace(/(.)\/$/, '$1');
  return (
    <>
      {languages.map((language) => (
        <link
          key={language}
          rel="alternate"
          hrefLang={languageTags[language]}
          href={`${site.url}${pathIn(language, english)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${site.url}${english}`} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useT();
  return (
    <html lang={languageTags[languageOfPath(pathname)]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c5c" />
        {/* With a precedence, React emits the stylesheet before the module preloads: the one
            render-blocking request no longer waits behind 115 KiB of JavaScript. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
        <Alternates pathname={pathname} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('Skip to content')}
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <Navbar
        accountSlot={<AccountNavItem />}
        extraLinks={<BookingsNavItem />}
        languageSwitch={isTranslatedPage(pathname) ? <LanguageSwitch short /> : null}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}

export default function App() {
  // Set in the commit that ends hydration: from here on React hears every press itself, and the
  // page's loader (server/src/pages/defer-hydration.ts) stops holding them to replay. Until this
  // commit it held a press that React had heard too, and pressed again: on My bookings a Decline
  // became "Yes, decline and cancel" (e2e/move-departure.spec.ts).
  useLayoutEffect(() => {
    document.documentElement.dataset.reactReady = 'true';
  }, []);
  useEffect(() => {
    // Public pages load the auth SDK only for a visitor with a stored session.
    startAuth();
    // Prerendered pages hydrate after load (docs/decisions/003): the e2e tests wait for this
    // mark before they use anything that needs React, and held presses are replayed once it is
    // set, after every component's first effects (the navbar's closes its menu).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

// Shown in the SPA fallback HTML (account and signed-in pages) until the app has loaded.
export function HydrateFallback() {
  return (
    <Shell>
      <div className="page-loading">
        <Spinner />
      </div>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, known, to } = useT();
  // A limit the server applies (server/src/http/limits.ts) says what happened and when to retry.
  if (isRouteErrorResponse(error) && error.status === 429 && typeof error.data === 'string') {
    return (
      <Shell>
        <section className="container section">
          <h1>{t('Too many requests')}</h1>
          <p>{known(error.data)}</p>
          <p>
            <a href={to(paths.home)}>{t('Back to the home page')}</a>
          </p>
        </section>
      </Shell>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t('Something went wrong while showing this page.');
  return (
    <Shell>
      <section className="container section">
        <h1>{t('Sorry, something went wrong')}</h1>
        <p>{message}</p>
        <p>
          <a href={to(paths.home)}>{t('Back to the home page')}</a>
        </p>
      </section>
    </Shell>
  );
}
