import type { ReactNode } from 'react';
import { Picture } from '~/components/picture';

// A card of the site's grids (the packages, the blog teasers): its picture (decorative: the title
// says what it is), the title and a short text, then what the card adds (dates, a price, a link).
export function Card({
  className,
  image,
  sizes,
  title,
  text,
  lang,
  titleLang = lang,
  textLang = lang,
  children,
}: {
  className: string;
  image: string;
  // The picture's `sizes`: how wide the grid shows the card at each width.
  sizes: string;
  title: string;
  text: string;
  // The title's and text's language where it is not the page's (a package's English text on a
  // Spanish page).
  lang?: string | undefined;
  // Each on its own where they differ (a package's Spanish name above its English description).
  titleLang?: string | undefined;
  textLang?: string | undefined;
  children: ReactNode;
}) {
  return (
    <article className={`card ${className}`}>
      <Picture className="card__img" name={image} kind="card" alt="" width={400} height={267} sizes={sizes} />
      <div className="card__body">
        <h3 className="card__title" lang={titleLang}>
          {title}
        </h3>
        <p className="card__text" lang={textLang}>
          {text}
        </p>
        {children}
      </div>
    </article>
  );
}
