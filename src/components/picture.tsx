import { imageUrl, imageWidths, type ImageKind } from '~/lib/images';

type PictureProps = {
  name: string;
  kind: ImageKind;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
};

const srcSet = (name: string, kind: ImageKind, format: 'avif' | 'webp' | 'jpg') =>
  imageWidths[kind].map((w) => `${imageUrl(name, w, format)} ${w}w`).join(', ');

// AVIF, then WebP, then JPEG for old browsers. Above-the-fold images pass `priority`
// so the browser fetches them first; everything else is lazy.
export function Picture({
  name,
  kind,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: PictureProps) {
  const widths = imageWidths[kind];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(name, kind, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, kind, 'webp')} sizes={sizes} />
      <img
        className={className}
        src={imageUrl(name, widths[widths.length - 1]!, 'jpg')}
        srcSet={srcSet(name, kind, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
