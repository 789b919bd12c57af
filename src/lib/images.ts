// Widths rendered for each illustration by scripts/build-images.ts; <Picture> builds srcsets from them.
export const imageWidths = {
  hero: [480, 960, 1600],
  card: [400, 800],
  portrait: [320, 640],
  wide: [600, 1200],
} as const;

export type ImageKind = keyof typeof imageWidths;

export const imageFormats = ['avif', 'webp', 'jpg'] as const;

// A catalogue image (the package's `img` from /packages.json, server/src/catalog/images.ts) is
// its cover's URL, /images/<hash>.<width>.webp: its variants are AVIF and WebP at 400 and 800
// (and wider for large uploads), so a JPEG fallback is its WebP.
const catalogueImage = /^\/images\/([a-f0-9]+)\.\d+\.webp$/;

export function imageUrl(name: string, width: number, format: (typeof imageFormats)[number]) {
  const hash = catalogueImage.exec(name)?.[1];
  if (hash) return `/images/${hash}.${width <= 400 ? 400 : 800}.${format === 'jpg' ? 'webp' : format}`;
  return `/img/${name}-${width}.${format}`;
}
