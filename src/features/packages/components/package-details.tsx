import { Picture } from '~/components/picture';
import { PackageContentSections, PackageFacts } from '~/components/package-content';
import { formatPrice } from '#contracts/money';
import type { PackageContent } from '~/lib/catalogue';

// The cover: the drawn art of the seeded packages by name (/img/), or an uploaded image's URL.
export function PackageCover({ pkg }: { pkg: PackageContent }) {
  const cover = pkg.images[0];
  if (cover || pkg.img.startsWith('/')) {
    return (
      <img
        className="package-details__img"
        src={cover?.url ?? pkg.img}
        alt=""
        width={cover?.width ?? 800}
        height={cover?.height ?? 533}
        loading="eager"
        fetchPriority="high"
      />
    );
  }
  return (
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
  );
}

export function PackageDetails({ pkg }: { pkg: PackageContent }) {
  return (
    <article className="package-details">
      <PackageCover pkg={pkg} />
      <p className="eyebrow">Package</p>
      <h1>{pkg.name}</h1>
      <PackageFacts pkg={pkg} />
      <p className="price price--large">
        {formatPrice(pkg.price)}
        <span className="price__unit"> per person</span>
      </p>
      <p className="package-details__text">{pkg.description}</p>
      <PackageContentSections pkg={pkg} />
    </article>
  );
}
