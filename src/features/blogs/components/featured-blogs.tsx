import { BlogCard } from '~/features/blogs/components/blog-card';
import { blogTeasers } from '~/features/blogs/data/blog-teasers';

export function FeaturedBlogs() {
  return (
    <ul className="grid grid--blogs" aria-label="Featured blogs">
      {blogTeasers.map((blog) => (
        <li key={blog.title}>
          <BlogCard blog={blog} />
        </li>
      ))}
    </ul>
  );
}
