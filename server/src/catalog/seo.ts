// What crawlers read, the one source of it (the build writes none of it): robots.txt, and from the
// catalogue as it is now (no rebuild) sitemap.xml with the public pages and every published
// package's page, and the home page's schema.org JSON-LD (an ItemList of TouristTrips with their
// Offer). Built once per catalogue version by the caller (server/src/pages/site-pages.ts).
import type { CataloguePackage } from '#contracts/catalogue';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

// The sitemap's address is the site's public one (PUBLIC_ORIGIN), as in the sitemap itself.
export const robotsTxt = (siteUrl: string) =>
  ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');

export function sitemapXml(
  siteUrl: string,
  publicPaths: readonly string[],
  packages: readonly CataloguePackage[],
) {
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[...publicPaths.map((p) => url(p)), ...packages.map((p) => url(`/package/${p.id}`, p.updatedAt))].join('\n')}
</urlset>
`;
}

export function catalogueJsonLd(siteUrl: string, packages: readonly CataloguePackage[]) {
  const jsonLd = {
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
        url: `${siteUrl}/package/${p.id}`,
        provider: { '@type': 'TravelAgency', name: 'Wayfarer Tours', url: siteUrl },
        offers: {
          '@type': 'Offer',
          price: p.price.toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: `${siteUrl}/package/${p.id}`,
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
