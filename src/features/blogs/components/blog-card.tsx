import { Link } from 'react-router';
import { Card } from '~/components/card';
import { paths } from '~/config/paths';
import type { BlogTeaser } from '~/features/blogs/data/blog-teasers';
import { truncate } from '~/lib/truncate';
import { useT } from '~/lib/i18n';

export const BLOG_DESCRIPTION_LENGTH = 140;

export function BlogCard({ blog }: { blog: BlogTeaser }) {
  const { t, known, to } = useT();
  const title = known(blog.title);
  return (
    <Card
      className="blog-card"
      image={blog.cover}
      sizes="(min-width: 1100px) 260px, (min-width: 700px) 45vw, 92vw"
      title={title}
      text={truncate(known(blog.description), BLOG_DESCRIPTION_LENGTH)}
    >
      <Link className="text-link" to={to(paths.blogs)}>
        {t('Read More')}
        <span className="sr-only">: {title}</span>
      </Link>
    </Card>
  );
}
