import { Link } from 'react-router';
import { Picture } from '~/components/picture';
import { paths } from '~/config/paths';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/not-found';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t } = pageTranslator(location.pathname);
  return [
    { title: t('Page not found | Wayfarer Tours') },
    { name: 'description', content: t('This page does not exist.') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function NotFound() {
  const { t, to } = useT();
  return (
    <section className="section container not-found" aria-labelledby="nf-title">
      <Picture
        name="not-found"
        kind="wide"
        alt={t('A folded map with a dotted trail that ends in a red cross, beside a compass')}
        width={600}
        height={400}
        sizes="(min-width: 700px) 600px, 90vw"
        priority
      />
      <h1 id="nf-title">{t('404: this trail leads nowhere')}</h1>
      <p>{t('The page you were looking for has moved or never existed.')}</p>
      <Link className="button button--primary" to={to(paths.home)}>
        {t('Back to home')}
      </Link>
    </section>
  );
}
