import { Link } from 'react-router';
import { Card } from '~/components/card';
import { paths } from '~/config/paths';
import type { BlogTeaser } from '~/features/blogs/data/blog-teasers';
import { truncate } from '~/lib/truncate';

export const BLOG_DESCRIPTION_LENGTH = 140;

export function BlogCard({ blog }: { blog: BlogTeaser }) {
  return (
    <Card
      className="blog-card"
      image={blog.cover}
      sizes="(min-width: 1100px) 260px, (min-width: 700px) 45vw, 92vw"
      title={blog.title}
      text={truncate(blog.description, BLOG_DESCRIPTION_LENGTH)}
    >
      <Link className="text-link" to={paths.blogs}>
        Read More<span className="sr-only">: {blog.title}</span>
      </Link>
    </Card>
  );
}
