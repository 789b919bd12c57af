import { Link } from 'react-router';
import type { TravelPackage } from '#contracts/package';
import { Picture } from '~/components/picture';
import { paths } from '~/config/paths';
import { FeaturedBlogs } from '~/features/blogs/components/featured-blogs';
import type { BlogTeaser } from '~/features/blogs/data/blog-teasers';
import { prerenderedBlogs } from '~/features/blogs/data/blog-teasers.server';
import { PackagesGrid } from '~/features/packages/components/packages-grid';
import { cardsIn } from '~/features/packages/api/get-packages';
import { languageOfPath } from '#contracts/language';
import { pageMeta } from '~/lib/seo';
import { site } from '~/lib/site';
import type { Route } from './+types/home';
import { pageTranslator, useT } from '~/lib/i18n';

export const meta = ({ location }: Route.MetaArgs) => {
  const { t, language } = pageTranslator(location.pathname);
  return pageMeta({
    title: site.name,
    description: t(
      'Small-group tours with local guides: Swiss lakes, Santorini, the Sahara, Kyoto, the Amazon, Arctic Norway and Patagonia. Browse packages and book online.',
    ),
    path: paths.home,
    language,
  });
};

type HomeData = { packages?: TravelPackage[]; blogs: readonly BlogTeaser[] };

// Run by the server, once per catalogue version (server/src/pages/site-pages.ts): the package
// cards are the live catalogue's as the server holds it in memory, so a console change shows
// without a rebuild (docs/decisions/043-home-page-from-the-live-catalogue.md). The grid and the
// blog teasers are in the HTML and hydrate from this data, instead of a grid skeleton that the
// page replaced after load, and without the teasers' text in the page's JavaScript
// (docs/decisions/017-home-page-content-in-its-html.md).
// The English page's HTML carries the cards without their translations, as it did before them.
export const loader = async ({ request, context }: Route.LoaderArgs): Promise<HomeData> => ({
  packages: cardsIn(languageOfPath(new URL(request.url).pathname), context.page?.packages()),
  blogs: await prerenderedBlogs(),
});

// A visit that arrives by a link from another page asks no server: the teasers come in a chunk of
// their own, and the grid shows its cache or fetches /packages.json itself, with its loading
// and Retry states.
export const clientLoader = async (): Promise<HomeData> => ({
  blogs: (await import('~/features/blogs/data/blog-teasers')).blogTeasers,
});

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, to, known } = useT();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture
          className="hero__img"
          name="hero"
          kind="hero"
          alt=""
          width={1600}
          height={900}
          sizes="100vw"
          priority
        />
        <div className="hero__content container">
          <p className="eyebrow eyebrow--light">{known(site.tagline)}</p>
          <h1 id="hero-title">{t('Travel further, with someone who knows the way.')}</h1>
          <p className="hero__lead">
            {t(
              'Hand-planned journeys for groups of twelve or fewer, led by guides who call each destination home.',
            )}
          </p>
          <div className="hero__actions">
            <Link className="button button--accent" to={to(paths.about)}>
              {t('Contact')}
            </Link>
            <a className="button button--ghost" href="#packages">
              {t('See packages')}
            </a>
          </div>
        </div>
      </section>

      <section id="packages" className="section container" aria-labelledby="packages-title">
        <div className="section__head">
          <p className="eyebrow">{t('Packages')}</p>
          <h2 id="packages-title">{t('Journeys for this season')}</h2>
          <p className="section__lead">
            {t(
              'Every package includes a local guide, hand-picked stays and transfers. Prices are per person.',
            )}
          </p>
        </div>
        <PackagesGrid initial={loaderData.packages} />
      </section>

      <section className="section section--tinted" aria-labelledby="blogs-title">
        <div className="container">
          <div className="section__head">
            <p className="eyebrow">{t('From the journal')}</p>
            <h2 id="blogs-title">{t('Featured Blogs')}</h2>
          </div>
          <FeaturedBlogs blogs={loaderData.blogs} />
        </div>
      </section>
    </>
  );
}
