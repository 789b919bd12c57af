import { site } from '~/lib/site';
import { pathIn, type Language } from '#contracts/language';

const ogLocales: Record<Language, string> = { en: 'en_US', es: 'es_ES' };

type PageMeta = { title: string; description: string; path: string; image?: string; language?: Language };

// Title, description, canonical link and Open Graph tags for a route's `meta` export.
// `path`: the English page's; a page in another language links its own (`language`).
export function pageMeta({
  title,
  description,
  path,
  image = '/img/hero-1600.jpg',
  language = 'en',
}: PageMeta) {
  const url = `${site.url}${pathIn(language, path)}`;
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: ogLocales[language] },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${site.url}${image}` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}
