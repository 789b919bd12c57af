// Widths rendered for each illustration by scripts/build-images.ts; <Picture> builds srcsets from them.
export const imageWidths = {
  hero: [480, 960, 1600],
  card: [400, 800],
  portrait: [320, 640],
  wide: [600, 1200],
} as const;

export type ImageKind = keyof typeof imageWidths;

export const imageFormats = ['avif', 'webp', 'jpg'] as const;

export function imageUrl(name: string, width: number, format: (typeof imageFormats)[number]) {
  return `/img/${name}-${width}.${format}`;
}
