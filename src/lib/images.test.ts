import { describe, expect, it } from 'vitest';
import { imageUrl } from './images';

describe('imageUrl', () => {
  it('names a drawn illustration by name, width and format', () => {
    expect(imageUrl('alps', 400, 'avif')).toBe('/img/alps-400.avif');
  });

  it("maps a catalogue image's cover URL to its stored variants (WebP for the JPEG fallback)", () => {
    const cover = '/images/0123456789abcdef0123456789abcdef.800.webp';
    expect(imageUrl(cover, 400, 'avif')).toBe('/images/0123456789abcdef0123456789abcdef.400.avif');
    expect(imageUrl(cover, 800, 'jpg')).toBe('/images/0123456789abcdef0123456789abcdef.800.webp');
  });
});
