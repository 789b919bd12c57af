// What a package offers beyond its card: the itinerary day by day, what is and is not included,
// and its gallery. Shared by the package page (src/features/packages/components/package-details.tsx)
// and the console's preview of it (src/features/admin/components/package-preview.tsx), so the
// preview is the page.
import { useId } from 'react';
import type { PackageContent, PackageImage } from '~/lib/catalogue';
import { useT } from '~/lib/i18n';
import { shownText, translationIn, type ShownText } from '~/lib/catalogue-text';

// The server re-encodes each upload to AVIF and WebP at a few widths under /images/
// (contracts/catalogue.ts): the browser picks a format and a width; `url` is the largest WebP.
// Below the fold, so lazy; width and height keep its place before it loads.
export function CatalogueImage({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: PackageImage;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <picture>
      {image.avif ? <source type="image/avif" srcSet={image.avif} sizes={sizes} /> : null}
      {image.webp ? <source type="image/webp" srcSet={image.webp} sizes={sizes} /> : null}
      <img
        className={className}
        src={image.url}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}

export function PackageFacts({ pkg }: { pkg: Pick<PackageContent, 'durationDays' | 'itinerary'> }) {
  const { t, tp } = useT();
  const days = pkg.durationDays ?? (pkg.itinerary.length || null);
  if (days === null) return null;
  return (
    <p className="package-facts">
      <span className="package-facts__item">
        <span className="sr-only">{t('Duration: ')}</span>
        {tp(days, '{count} day', '{count} days')}
      </span>
      {pkg.itinerary.length > 0 ? (
        <span className="package-facts__item">{t('Day-by-day plan below')}</span>
      ) : null}
    </p>
  );
}

// What the price includes, or what it does not: the same section for both lists, none when empty.
function IncludedList({
  H,
  id,
  kind,
  title,
  items,
}: {
  H: 'h2' | 'h3' | 'h4';
  id: string;
  kind: 'in' | 'out';
  title: string;
  // Each with its language where it is not the page's (an untranslated item on a Spanish page).
  items: readonly ShownText[];
}) {
  if (items.length === 0) return null;
  return (
    <section className="package-section" aria-labelledby={id}>
      <H className="package-section__title" id={id}>
        {title}
      </H>
      <ul className="included-list" data-kind={kind}>
        {items.map((item, i) => (
          <li key={i} lang={item.lang}>
            {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PackageContentSections({
  pkg,
  headingLevel = 2,
}: {
  pkg: PackageContent;
  // 4 inside the console's preview, under its own headings.
  headingLevel?: 2 | 3 | 4;
}) {
  const id = useId();
  const { t, language } = useT();
  // Each text in the page's language where the console translated it (the lists by position),
  // else the English, saying so.
  const translated = translationIn(pkg.translations, language);
  const shown = (english: readonly string[], own: readonly string[] | undefined) =>
    english.map((item, i) => shownText(language, item, own?.[i]));
  const H = (['h2', 'h3', 'h4'] as const)[headingLevel - 2]!;
  // The cover is the page's first picture; the gallery holds the others.
  const gallery = pkg.images.slice(1);
  return (
    <div className="package-content">
      {pkg.itinerary.length > 0 ? (
        <section className="package-section" aria-labelledby={`${id}-days`}>
          <H className="package-section__title" id={`${id}-days`}>
            {t('Day by day')}
          </H>
          <ol className="itinerary">
            {pkg.itinerary.map((day, i) => {
              const title = shownText(language, day.title, translated?.itinerary?.[i]?.title);
              const body = shownText(language, day.body, translated?.itinerary?.[i]?.body);
              return (
                <li key={i} className="itinerary__day">
                  <p className="itinerary__num" aria-hidden="true">
                    {i + 1}
                  </p>
                  <div>
                    <p className="itinerary__title">
                      <span className="sr-only">{t('Day {number}: ', { number: i + 1 })}</span>
                      <span lang={title.lang}>{title.text}</span>
                    </p>
                    {body.text ? (
                      <p className="itinerary__body" lang={body.lang}>
                        {body.text}
                      </p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      {pkg.includes.length > 0 || pkg.excludes.length > 0 ? (
        <div className="package-included">
          <IncludedList
            H={H}
            id={`${id}-in`}
            kind="in"
            title={t('Included')}
            items={shown(pkg.includes, translated?.includes)}
          />
          <IncludedList
            H={H}
            id={`${id}-out`}
            kind="out"
            title={t('Not included')}
            items={shown(pkg.excludes, translated?.excludes)}
          />
        </div>
      ) : null}
      {gallery.length > 0 ? (
        <section className="package-section" aria-labelledby={`${id}-gallery`}>
          <H className="package-section__title" id={`${id}-gallery`}>
            {t('Gallery')}
          </H>
          <ul className="package-gallery">
            {gallery.map((image) => (
              <li key={image.id}>
                <CatalogueImage
                  className="package-gallery__img"
                  image={image}
                  sizes="(min-width: 900px) 270px, (min-width: 480px) 46vw, 92vw"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
