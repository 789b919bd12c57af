import { paths } from '~/config/paths';
import { DeveloperProfile } from '~/features/about/components/developer-profile';
import { pageMeta } from '~/lib/seo';
import { pageTranslator } from '~/lib/i18n';
import type { Route } from './+types/about';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t, language } = pageTranslator(location.pathname);
  return pageMeta({
    title: t('About the developer'),
    description: t(
      'Meet Maya Okafor, the full-stack developer behind the Wayfarer Tours website: skills, background and how to get in touch.',
    ),
    path: paths.about,
    image: '/img/portrait-640.jpg',
    language,
  });
};

export default function About() {
  return (
    <section className="section container">
      <DeveloperProfile />
    </section>
  );
}
