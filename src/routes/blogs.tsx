import { paths } from '~/config/paths';
import { FaqList } from '~/features/blogs/components/faq-list';
import { pageMeta } from '~/lib/seo';
import { pageTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/blogs';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t, language } = pageTranslator(location.pathname);
  return pageMeta({
    title: t('Blogs: questions about signing in'),
    description: t(
      'Authentication versus authorization, why Wayfarer Tours uses Firebase Authentication and its alternatives, and the other services Firebase offers.',
    ),
    path: paths.blogs,
    language,
  });
};

export default function Blogs() {
  const { t } = useT();
  return (
    <section className="section container container--narrow" aria-labelledby="blogs-heading">
      <p className="eyebrow">{t('Blogs')}</p>
      <h1 id="blogs-heading">{t('Questions travellers ask us')}</h1>
      <p className="section__lead">
        {t('How signing in to Wayfarer Tours works, and why we built it the way we did.')}
      </p>
      <FaqList />
    </section>
  );
}
