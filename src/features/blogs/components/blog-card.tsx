import { Link } from 'react-router';
import { Picture } from '~/components/picture';
import { paths } from '~/config/paths';
import type { BlogTeaser } from '~/features/blogs/data/blog-teasers';
import { truncate } from '~/lib/truncate';

export const BLOG_DESCRIPTION_LENGTH = 140;

export function BlogCard({ blog }: { blog: BlogTeaser }) {
  return (
    <article className="card blog-card">
      <Picture
        className="card__img"
        name={blog.cover}
        kind="card"
        alt=""
        width={400}
        height={267}
        sizes="(min-width: 1100px) 260px, (min-width: 700px) 45vw, 92vw"
      />
      <div className="card__body">
        <h3 className="card__title">{blog.title}</h3>
        <p className="card__text">{truncate(blog.description, BLOG_DESCRIPTION_LENGTH)}</p>
        <Link className="text-link" to={paths.blogs}>
          Read More<span className="sr-only">: {blog.title}</span>
        </Link>
      </div>
    </article>
  );
}
