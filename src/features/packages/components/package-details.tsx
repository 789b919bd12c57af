import { Picture } from '~/components/picture';
import type { TravelPackage } from '#contracts/package';
import { formatPrice } from '#contracts/money';

export function PackageDetails({ pkg }: { pkg: TravelPackage }) {
  return (
    <article className="package-details">
      <Picture
        className="package-details__img"
        name={pkg.img}
        kind="card"
        alt=""
        width={800}
        height={533}
        sizes="(min-width: 900px) 560px, 92vw"
        priority
      />
      <p className="eyebrow">Package</p>
      <h1>{pkg.name}</h1>
      <p className="price price--large">
        {formatPrice(pkg.price)}
        <span className="price__unit"> per person</span>
      </p>
      <p className="package-details__text">{pkg.description}</p>
    </article>
  );
}
