// The public package page as it would look with the editor's unsaved values: the same sections
// the page renders (src/components/package-content.tsx), before anything is published.
import { formatPrice } from '#contracts/price';
import { CatalogueImage, PackageContentSections, PackageFacts } from '~/components/package-content';
import type { PackageContent } from '~/lib/catalogue';

export function PackagePreview({ pkg }: { pkg: PackageContent }) {
  const cover = pkg.images[0];
  return (
    <div className="package-preview">
      <div className="package-preview__page">
        {cover ? (
          <CatalogueImage
            className="package-details__img"
            image={{ ...cover, alt: '' }}
            sizes="(min-width: 900px) 560px, 92vw"
          />
        ) : (
          <div className="package-details__img package-details__img--empty" aria-hidden="true" />
        )}
        <p className="eyebrow">Package</p>
        <h3 className="package-preview__name">{pkg.name || 'Untitled package'}</h3>
        <PackageFacts pkg={pkg} />
        <p className="price price--large">
          {formatPrice(pkg.price)}
          <span className="price__unit"> per person</span>
        </p>
        <p className="package-details__text">{pkg.description}</p>
        <PackageContentSections pkg={pkg} headingLevel={4} />
      </div>
    </div>
  );
}
