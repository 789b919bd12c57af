import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card } from '~/components/card';
import { paths } from '~/config/paths';
import type { TravelPackage } from '#contracts/package';
import { formatPrice } from '#contracts/price';
import { DatesSkeleton } from '~/features/packages/components/dates-skeleton';
import { truncate } from '~/lib/truncate';
import { useT } from '~/lib/i18n';
import { shownText, translationIn } from '~/lib/catalogue-text';

export const PACKAGE_DESCRIPTION_LENGTH = 110;

// The next dates load after the page (src/features/packages/hooks/use-next-departures.ts), so
// their code does too: the home page's first JavaScript stays within its budget
// (scripts/js-budget.test.ts). The skeleton holds their two lines meanwhile.
const NextDepartures = lazy(() => import('~/features/packages/components/next-departures'));

export function PackageCard({ pkg }: { pkg: TravelPackage }) {
  const { t, to, language } = useT();
  // Each text in the page's language where the console translated it, else English, saying so.
  const translated = translationIn(pkg.translations, language);
  const name = shownText(language, pkg.name, translated?.name);
  const description = shownText(language, pkg.description, translated?.description);
  return (
    <Card
      className="package-card"
      image={pkg.img}
      sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 92vw"
      title={name.text}
      text={truncate(description.text, PACKAGE_DESCRIPTION_LENGTH)}
      titleLang={name.lang}
      textLang={description.lang}
    >
      <Suspense fallback={<DatesSkeleton />}>
        <NextDepartures packageId={pkg.id} />
      </Suspense>
      <div className="package-card__footer">
        <p className="price">
          <span className="sr-only">{t('Price: ')}</span>
          {/* At least $1 when present (contracts/catalogue.ts): never a 0 rendered. */}
          {pkg.fromPrice && <span className="price__unit">{t('from ')}</span>}
          {formatPrice(pkg.fromPrice ?? pkg.price, language)}
          <span className="price__unit">{t(' / person')}</span>
        </p>
        <Link className="button button--primary" to={to(paths.package(pkg.id))}>
          {t('Purchase')}
          <span className="sr-only" lang={name.lang}>
            {' '}
            {name.text}
          </span>
        </Link>
      </div>
    </Card>
  );
}
