import { paths } from '~/config/paths';
import { DeveloperProfile } from '~/features/about/components/developer-profile';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: 'About the developer',
    description:
      'Meet Maya Okafor, the full-stack developer behind the Wayfarer Tours website: skills, background and how to get in touch.',
    path: paths.about,
    image: '/img/portrait-640.jpg',
  });

export default function About() {
  return (
    <section className="section container">
      <DeveloperProfile />
    </section>
  );
}
