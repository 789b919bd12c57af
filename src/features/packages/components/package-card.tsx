import { Link } from 'react-router';
import { Picture } from '~/components/picture';
import { paths } from '~/config/paths';
import type { TravelPackage } from '~/contracts/package';
import { formatPrice, formatTripDate } from '~/contracts/format';
import { useNextDepartures } from '~/features/packages/hooks/use-next-departures';
import { truncate } from '~/lib/truncate';

export const PACKAGE_DESCRIPTION_LENGTH = 110;

// The card's next dates. Their space is kept from the start (two lines), so nothing moves when
// they arrive after the page has loaded.
function NextDepartures({ packageId }: { packageId: string }) {
  const state = useNextDepartures(packageId);
  return (
    <div className="package-card__dates">
      <p className="package-card__dates-label">Next departures</p>
      {state.status === 'loading' ? (
        <div className="package-card__dates-list" aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ) : state.status === 'success' && state.data.length > 0 ? (
        <ul className="package-card__dates-list">
          {state.data.map((d) => (
            <li key={d.id}>
              <time dateTime={d.startsOn}>{formatTripDate(d.startsOn)}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="package-card__dates-list">
          {state.status === 'error' ? 'Dates on the trip’s page' : 'Dates on request: call or write to us'}
        </p>
      )}
    </div>
  );
}

export function PackageCard({ pkg }: { pkg: TravelPackage }) {
  return (
    <article className="card package-card">
      <Picture
        className="card__img"
        name={pkg.img}
        kind="card"
        alt=""
        width={400}
        height={267}
        sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 92vw"
      />
      <div className="card__body">
        <h3 className="card__title">{pkg.name}</h3>
        <p className="card__text">{truncate(pkg.description, PACKAGE_DESCRIPTION_LENGTH)}</p>
        <NextDepartures packageId={pkg.id} />
        <div className="package-card__footer">
          <p className="price">
            <span className="sr-only">Price: </span>
            {formatPrice(pkg.price)}
            <span className="price__unit"> / person</span>
          </p>
          <Link className="button button--primary" to={paths.package(pkg.id)}>
            Purchase<span className="sr-only"> {pkg.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
