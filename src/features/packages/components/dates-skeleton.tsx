import { useT } from '~/lib/i18n';

// The two reserved lines of a package card's next dates, while they load.
export function DatesList() {
  return (
    <div className="package-card__dates-list" aria-hidden="true">
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}

// The whole block as it first shows, before the dates' code has loaded: its label in the page's
// language, as the dates' own block writes it (./next-departures.tsx).
export function DatesSkeleton() {
  const { t } = useT();
  return (
    <div className="package-card__dates">
      <p className="package-card__dates-label">{t('Next departures')}</p>
      <DatesList />
    </div>
  );
}
