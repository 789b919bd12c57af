// The home page's blog teasers for its server render (src/routes/home.tsx): read through this
// server-only module so that the route's browser code imports them only lazily, in its
// clientLoader, and their text is not part of the home page's first JavaScript. Imported
// dynamically here too: the server build sees the route's dynamic import of the same module, and
// a static one beside it would leave that import without effect (a build warning).
export const prerenderedBlogs = async () => (await import('~/features/blogs/data/blog-teasers')).blogTeasers;
