// What crawlers read, the one source of it (the build writes none of it): robots.txt, and from the
// catalogue as it is now (no rebuild) sitemap.xml with the public pages and every published
// package's page, and the home page's schema.org JSON-LD (an ItemList of TouristTrips with their
// Offer). Built once per catalogue version by the caller (server/src/pages/site-pages.ts).
import type { CataloguePackage } from '#contracts/catalogue';
import { languageOfPath, languages, languageTags, pathIn } from '#contracts/language';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

// The sitemap's address is the site's public one (PUBLIC_ORIGIN), as in the sitemap itself.
export const robotsTxt = (siteUrl: string) =>
  ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');

// Every page in every language, each with its twins as `hreflang` alternates (Google's way of
// telling them apart in a sitemap; docs/decisions/071-translation-layer.md).
export function sitemapXml(
  siteUrl: string,
  publicPaths: readonly string[],
  packages: readonly CataloguePackage[],
) {
  const href = (path: string) => escapeXml(`${siteUrl}${path}`);
  const url = (path: string, lastmod?: string) =>
    languages
      .map((language) => {
        const alternates = languages
          .map(
            (other) =>
              `<xhtml:link rel="alternate" hreflang="${languageTags[other]}" href="${href(pathIn(other, path))}"/>`,
          )
          .join('');
        return `  <url><loc>${href(pathIn(language, path))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${alternates}</url>`;
      })
      .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${[...publicPaths.map((p) => url(p)), ...packages.map((p) => url(`/package/${p.id}`, p.updatedAt))].join('\n')}
</urlset>
`;
}

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
        name: p.name,
        description: p.description,
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
