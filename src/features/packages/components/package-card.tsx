import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card } from '~/components/card';
import { paths } from '~/config/paths';
import type { TravelPackage } from '#contracts/package';
import { formatPrice } from '#contracts/price';
import { DatesSkeleton } from '~/features/packages/components/dates-skeleton';
import { truncate } from '~/lib/truncate';
import { useT } from '~/lib/i18n';

export const PACKAGE_DESCRIPTION_LENGTH = 110;

// The next dates load after the page (src/features/packages/hooks/use-next-departures.ts), so
// their code does too: the home page's first JavaScript stays within its budget
// (scripts/js-budget.test.ts). The skeleton holds their two lines meanwhile.
const NextDepartures = lazy(() => import('~/features/packages/components/next-departures'));

export function PackageCard({ pkg }: { pkg: TravelPackage }) {
  const { t, to, language } = useT();
  return (
    <Card
      className="package-card"
      image={pkg.img}
      sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 92vw"
      title={pkg.name}
      text={truncate(pkg.description, PACKAGE_DESCRIPTION_LENGTH)}
      // The catalogue's texts are English only for now: on another language's page they say so.
      lang={language === 'en' ? undefined : 'en'}
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
          <span className="sr-only" lang={language === 'en' ? undefined : 'en'}>
            {' '}
            {pkg.name}
          </span>
        </Link>
      </div>
    </Card>
  );
}
