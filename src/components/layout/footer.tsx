import { Link } from 'react-router';
import { Logo } from '~/components/layout/logo';
import { paths } from '~/config/paths';
import { site } from '~/lib/site';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section className="footer__brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="sr-only">
            About {site.name}
          </h2>
          <Logo />
          <p>
            Small-group journeys led by guides who live where you travel. We plan the routes, the stays and
            the quiet moments in between, so you can simply be there.
          </p>
          <ul className="footer__social" aria-label="Social media">
            {site.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-explore">
          <h2 id="footer-explore">Explore</h2>
          <ul>
            <li>
              <Link to={paths.home}>Packages</Link>
            </li>
            <li>
              <Link to={paths.blogs}>Travel FAQ</Link>
            </li>
            <li>
              <Link to={paths.about}>About us</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
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
        © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
