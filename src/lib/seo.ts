import { site } from '~/lib/site';

type PageMeta = { title: string; description: string; path: string; image?: string };

// Title, description, canonical link and Open Graph tags for a route's `meta` export.
export function pageMeta({ title, description, path, image = '/img/hero-1600.jpg' }: PageMeta) {
  const url = `${site.url}${path}`;
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${site.url}${image}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
