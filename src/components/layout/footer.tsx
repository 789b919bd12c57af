import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { Logo } from '~/components/layout/logo';
import { paths } from '~/config/paths';
import { isTranslatedPage, useT } from '~/lib/i18n';
import { site } from '~/lib/site';

export function Footer() {
  const { t, to } = useT();
  const { pathname } = useLocation();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section className="footer__brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="sr-only">
            {t('About {brand}', { brand: site.name })}
          </h2>
          <Logo />
          <p>
            {t(
              'Small-group journeys led by guides who live where you travel. We plan the routes, the stays and the quiet moments in between, so you can simply be there.',
            )}
          </p>
          <ul className="footer__social" aria-label={t('Social media')}>
            {site.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.name}
                  <span className="sr-only"> {t('(opens in a new tab)')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-explore">
          <h2 id="footer-explore">{t('Explore')}</h2>
          <ul>
            <li>
              <Link to={to(paths.home)}>{t('Packages')}</Link>
            </li>
            <li>
              <Link to={to(paths.blogs)}>{t('Travel FAQ')}</Link>
            </li>
            <li>
              <Link to={to(paths.about)}>{t('About us')}</Link>
            </li>
            {isTranslatedPage(pathname) ? (
              <li>
                <LanguageSwitch />
              </li>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('Contact')}</h2>
          <address>
            <ul>
              <li>
                <a href={site.phoneHref}>{site.phone}</a>
              </li>
              <li>
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
              <li>{site.address}</li>
            </ul>
          </address>
        </section>
      </div>
      <p className="footer__copy container">
        © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {site.name}.{' '}
        {t('All rights reserved.')}
      </p>
    </footer>
  );
}
