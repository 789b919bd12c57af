import { ErrorNotice } from '~/components/error-notice';
import { PackageCard } from '~/features/packages/components/package-card';
import type { TravelPackage } from '#contracts/package';
import { usePackages } from '~/features/packages/hooks/use-packages';
import { useT } from '~/lib/i18n';

const SKELETONS = 6;

// `initial`: the catalogue the server rendered the page with (src/routes/home.tsx, from its live
// copy); shown at once, not fetched again.
export function PackagesGrid({ initial }: { initial?: TravelPackage[] }) {
  const { state, retry } = usePackages(initial);
  const { t, known } = useT();

  if (state.status === 'error') {
    return <ErrorNotice message={known(state.message)} onRetry={retry} />;
  }

  if (state.status === 'loading') {
    return (
      <div className="grid grid--packages" aria-busy="true">
        <p className="sr-only" role="status">
          {t('Loading packages…')}
        </p>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <div key={i} className="card card--skeleton" aria-hidden="true">
            <div className="card__img skeleton" />
            <div className="card__body">
              <div className="skeleton skeleton--title" />
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  return (
    <ul className="grid grid--packages" aria-label={t('Travel packages')}>
      {state.packages.map((pkg) => (
        <li key={pkg.id}>
          <PackageCard pkg={pkg} />
        </li>
      ))}
    </ul>
  );
}
