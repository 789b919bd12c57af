// Images of the catalogue: every upload is decoded and re-encoded (sharp) to AVIF and WebP at a
// few widths, metadata (GPS, camera) left behind, and the variants stored in PostgreSQL
// (image_variants, migration 16) so every process and machine serves them. URLs are
// content-addressed, /images/<hash>.<width>.<format>, so they can be cached for a year.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { catalogueLimits, type PackageImage } from '#contracts/catalogue';
import type { StoredImage } from '../db/schema.js';

// Cards ask for 400 and 800, the package page's gallery up to 1600.
export const variantWidths = [400, 800, 1600] as const;
export const imageFormats = ['avif', 'webp'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export const variantUrl = (hash: string, width: number, format: ImageFormat) =>
  `/images/${hash}.${width}.${format}`;
export const variantPath = /^\/images\/([a-f0-9]{16,64})\.(\d{1,5})\.(avif|webp)$/;

const srcset = (img: StoredImage, format: ImageFormat) =>
  img.widths.map((w) => `${variantUrl(img.hash, w, format)} ${w}w`).join(', ');

export const publicImage = (img: StoredImage): PackageImage => ({
  id: img.id,
  url: variantUrl(img.hash, img.widths.at(-1)!, 'webp'),
  alt: img.alt,
  width: img.width,
  height: img.height,
  avif: srcset(img, 'avif'),
  webp: srcset(img, 'webp'),
});

export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

// What the bytes are, by their first bytes (never by the file's name or the declared type).
export function sniffImage(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'avif' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
  }
  return undefined;
}

export type Variant = { width: number; format: ImageFormat; bytes: Buffer };
export type ProcessedImage = {
  hash: string;
  width: number;
  height: number;
  widths: number[];
  variants: Variant[];
};

const notAnImage = 'This file is not a JPEG, PNG, WebP or AVIF image.';

// Decodes, checks and re-encodes an upload. Throws ImageRejectedError (400/413) for anything that
// is not a sound image within the limits; sharp's limitInputPixels refuses a decompression bomb
// (a 50,000 x 50,000 PNG is a few kilobytes) before it is decoded.
export async function processUpload(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > catalogueLimits.uploadBytes) {
    throw new ImageRejectedError('An image can be at most 10 MB.', 413);
  }
  if (!sniffImage(bytes)) throw new ImageRejectedError(notAnImage);
  const limits = { limitInputPixels: catalogueLimits.uploadPixels, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, limits).metadata();
  } catch {
    throw new ImageRejectedError(`${notAnImage} It could not be read.`);
  }
  if (!meta.width || !meta.height) throw new ImageRejectedError(`${notAnImage} It has no size.`);
  if (meta.width * meta.height > catalogueLimits.uploadPixels) {
    throw new ImageRejectedError('An image can be at most 40 megapixels.');
  }
  // An EXIF orientation of 5-8 turns the picture a quarter: its shown size swaps.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const widths = [...variantWidths.filter((w) => w < width), Math.min(width, variantWidths.at(-1)!)].filter(
    (w, i, all) => all.indexOf(w) === i,
  );
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const variants: Variant[] = [];
  try {
    for (const w of widths) {
      // sharp writes no metadata unless asked (withMetadata): EXIF, GPS and XMP stay behind.
      const base = sharp(bytes, limits).rotate().resize({ width: w, withoutEnlargement: true });
      variants.push({
        width: w,
        format: 'avif',
        bytes: await base.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
      });
      variants.push({ width: w, format: 'webp', bytes: await base.clone().webp({ quality: 74 }).toBuffer() });
    }
  } catch {
    throw new ImageRejectedError(`${notAnImage} It could not be decoded.`);
  }
  return { hash, width, height, widths, variants };
}
