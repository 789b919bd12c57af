import { paths } from '~/config/paths';
import { FaqList } from '~/features/blogs/components/faq-list';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Blogs: questions about signing in',
    description:
      'Authentication versus authorization, why Wayfarer Tours uses Firebase Authentication and its alternatives, and the other services Firebase offers.',
    path: paths.blogs,
  });

export default function Blogs() {
  return (
    <section className="section container container--narrow" aria-labelledby="blogs-heading">
      <p className="eyebrow">Blogs</p>
      <h1 id="blogs-heading">Questions travellers ask us</h1>
      <p className="section__lead">
        How signing in to Wayfarer Tours works, and why we built it the way we did.
      </p>
      <FaqList />
    </section>
  );
}
