// After the prerender: robots.txt, sitemap.xml of the public routes, and schema.org JSON-LD for
// the packages in the home page's HTML. Crawlers read these from the HTML the server sends; the
// home page's JavaScript stays free of the catalogue (the grid fetches /packages.json).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicPaths } from '../src/config/paths';
import { parsePublicEnv } from '#contracts/public-env';

const root = new URL('..', import.meta.url).pathname;
const client = join(root, 'build/client');
const siteUrl = (parsePublicEnv(process.env).VITE_SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');

type Pkg = { id: string; name: string; description: string; img: string; price: number };
const packages = JSON.parse(readFileSync(join(root, 'public/packages.json'), 'utf8')) as Pkg[];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

writeFileSync(
  join(client, 'robots.txt'),
  ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'),
);

const lastmod = (file: string) => statSync(join(client, file)).mtime.toISOString().slice(0, 10);
const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);
writeFileSync(
  join(client, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${publicPaths
  .map(
    (path) =>
      `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc><lastmod>${lastmod(pageFile(path))}</lastmod></url>`,
  )
  .join('\n')}
</urlset>
`,
);

// Each package as a TouristTrip with an Offer: the price in USD, bookable from its page.
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
      image: `${siteUrl}/img/${p.img}-800.jpg`,
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
const ldScript = `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`;
const homeFile = join(client, 'index.html');
const home = readFileSync(homeFile, 'utf8');
if (!home.includes('</head>')) throw new Error('seo-files: no </head> in index.html');
writeFileSync(homeFile, home.replace('</head>', `${ldScript}</head>`));

console.log(
  `seo-files: robots.txt, sitemap.xml (${publicPaths.length} URLs), JSON-LD for ${packages.length} packages`,
);
