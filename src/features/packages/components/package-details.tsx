import { Picture } from '~/components/picture';
import { CatalogueImage, PackageContentSections, PackageFacts } from '~/components/package-content';
import { formatPackagePrice } from '~/features/packages/utils/package-price';
import type { PackageContent } from '~/lib/catalogue';
import { useT } from '~/lib/i18n';
import { shownText, translationIn } from '~/lib/catalogue-text';

// The cover: the drawn art of the seeded packages by name (/img/), or an uploaded image's URL.
export function PackageCover({ pkg }: { pkg: PackageContent }) {
  const cover = pkg.images[0];
  if (cover) {
    return (
      <CatalogueImage
        className="package-details__img"
        image={{ ...cover, alt: '' }}
        sizes="(min-width: 900px) 560px, 92vw"
        priority
      />
    );
  }
  if (pkg.img === '' || pkg.img.startsWith('/')) {
    // A cover's URL without its variants, or a draft with no image yet: the brand's sand.
    return pkg.img ? (
      <img
        className="package-details__img"
        src={pkg.img}
        alt=""
        width={800}
        height={533}
        fetchPriority="high"
      />
    ) : (
      <div className="package-details__img package-details__img--empty" aria-hidden="true" />
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
  const { t, language } = useT();
  // Each text in the page's language where the console translated it, else English, saying so.
  const translated = translationIn(pkg.translations, language);
  const name = shownText(language, pkg.name, translated?.name);
  const description = shownText(language, pkg.description, translated?.description);
  return (
    <article className="package-details">
      <PackageCover pkg={pkg} />
      <p className="eyebrow">{t('Package')}</p>
      <h1 lang={name.lang}>{name.text}</h1>
      <PackageFacts pkg={pkg} />
      <p className="price price--large">
        {formatPackagePrice(pkg, language)}
        <span className="price__unit">{t(' per person')}</span>
      </p>
      <p className="package-details__text" lang={description.lang}>
        {description.text}
      </p>
      <PackageContentSections pkg={pkg} />
    </article>
  );
}
