// The home page's blog teasers for its prerender (src/routes/home.tsx): read through this
// server-only module so that the route's browser code imports them only lazily, in its
// clientLoader, and their text is not part of the home page's first JavaScript.
import { blogTeasers } from '~/features/blogs/data/blog-teasers';

export const prerenderedBlogs = () => blogTeasers;
