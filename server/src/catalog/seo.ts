// What crawlers read, the one source of it (the build writes none of it): robots.txt, and from the
// catalogue as it is now (no rebuild) sitemap.xml with the public pages and every published
// package's page, and the home page's schema.org JSON-LD (an ItemList of TouristTrips with their
// Offer). Built once per catalogue version by the caller (server/src/pages/site-pages.ts).
import type { CataloguePackage } from '#contracts/catalogue';
import {
  defaultLanguage,
  languageOfPath,
  languages,
  languageTags,
  pathIn,
  type Language,
} from '#contracts/language';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

// One sitemap a language: /sitemap.xml the English pages, as it always was, and
// /sitemap-<code>.xml each other language's (docs/decisions/071-translation-layer.md).
export const sitemapPath = (language: Language) =>
  language === defaultLanguage ? '/sitemap.xml' : `/sitemap-${language}.xml`;

// The sitemaps' address is the site's public one (PUBLIC_ORIGIN), as in the sitemaps themselves.
export const robotsTxt = (siteUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    ...languages.map((language) => `Sitemap: ${siteUrl}${sitemapPath(language)}`),
    '',
  ].join('\n');

// Every page in `language` (the public pages, then each published package's), each with its twins
// in every language as `hreflang` alternates (Google's way of telling them apart in a sitemap;
// docs/decisions/071-translation-layer.md). The English sitemap lists the English pages only, in
// the order it always had: the Spanish ones are in their own (sitemapPath).
export function sitemapXml(
  siteUrl: string,
  publicPaths: readonly string[],
  packages: readonly CataloguePackage[],
  language: Language = defaultLanguage,
) {
  const href = (path: string) => escapeXml(`${siteUrl}${path}`);
  const url = (path: string, lastmod?: string) => {
    const alternates = languages
      .map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${languageTags[other]}" href="${href(pathIn(other, path))}"/>`,
      )
      .join('');
    return `  <url><loc>${href(pathIn(language, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${alternates}</url>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${[...publicPaths.map((p) => url(p)), ...packages.map((p) => url(`/package/${p.id}`, p.updatedAt))].join('\n')}
</urlset>
`;
}

const translated = (p: CataloguePackage, language: Language, text: 'name' | 'description') =>
  (language === 'en' ? undefined : p.translations[language]?.[text]?.trim()) || undefined;

// `homePath`: the home page it goes in ("/" or "/es"): the packages' links are in its language.
export function catalogueJsonLd(siteUrl: string, packages: readonly CataloguePackage[], homePath = '/') {
  const language = languageOfPath(homePath);
  const packageUrl = (id: string) => `${siteUrl}${pathIn(language, `/package/${id}`)}`;
  const jsonLd = {
    inLanguage: languageTags[language],
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Wayfarer Tours packages',
    itemListElement: packages.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'TouristTrip',
        // In the page's language where the console translated it (migration 68), else English.
        name: translated(p, language, 'name') ?? p.name,
        description: translated(p, language, 'description') ?? p.description,
        ...(p.img ? { image: `${siteUrl}${p.img}` } : {}),
        url: packageUrl(p.id),
        provider: { '@type': 'TravelAgency', name: 'Wayfarer Tours', url: siteUrl },
        offers: {
          '@type': 'Offer',
          price: p.price.toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: packageUrl(p.id),
        },
      },
    })),
  };
  // "<" escaped: nothing in the data can close the script element.
  return `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`;
}

const ldScript = /<script type="application\/ld\+json">[\s\S]*?<\/script>/;

// The home page's HTML with the catalogue's JSON-LD in place of the build's (or added before
// </head> when the build wrote none).
export const withJsonLd = (html: string, script: string) =>
  ldScript.test(html)
    ? html.replace(ldScript, () => script)
    : html.replace('</head>', () => `${script}</head>`);
