import { BlogCard } from '~/features/blogs/components/blog-card';
import type { BlogTeaser } from '~/features/blogs/data/blog-teasers';
import { useT } from '~/lib/i18n';

// The teasers come from the home route's loader (src/routes/home.tsx), not from this module: their
// text would otherwise be part of the home page's JavaScript as well as of its HTML.
export function FeaturedBlogs({ blogs }: { blogs: readonly BlogTeaser[] }) {
  const { t } = useT();
  return (
    <ul className="grid grid--blogs" aria-label={t('Featured blogs')}>
      {blogs.map((blog) => (
        <li key={blog.title}>
          <BlogCard blog={blog} />
        </li>
      ))}
    </ul>
  );
}
