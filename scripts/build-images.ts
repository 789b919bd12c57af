// Rasterises the brand's SVG scenes into AVIF, WebP and JPEG at the widths the site asks for.
// Skips work when every output is newer than the scene source, so `npm start` stays quick.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { imageUrl, imageWidths, type ImageKind } from '../src/lib/images';
import { renderScene, scenes } from './art/scenes';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}public/img`;
const sources = [fileURLToPath(new URL('./art/scenes.ts', import.meta.url)), fileURLToPath(import.meta.url)];
const newestSource = Math.max(...sources.map((f) => statSync(f).mtimeMs));

const kindOf = (name: string): ImageKind =>
  name === 'hero' ? 'hero' : name === 'portrait' ? 'portrait' : name === 'not-found' ? 'wide' : 'card';

// Quality picked by eye: the hero's 480w AVIF stays under the 20 kB mobile budget (docs/decisions/008-performance-budgets.md).
const quality = { avif: 50, webp: 72, jpg: 76 } as const;

mkdirSync(outDir, { recursive: true });
let written = 0;
for (const [name, scene] of Object.entries(scenes)) {
  const svg = Buffer.from(renderScene(scene));
  for (const width of imageWidths[kindOf(name)]) {
    for (const format of ['avif', 'webp', 'jpg'] as const) {
      const file = `${root}public${imageUrl(name, width, format)}`;
      if (existsSync(file) && statSync(file).mtimeMs > newestSource) continue;
      const img = sharp(svg, { density: Math.max(72, (72 * width) / scene.width) }).resize({ width });
      const out =
        format === 'avif'
          ? img.avif({ quality: quality.avif, effort: 4 })
          : format === 'webp'
            ? img.webp({ quality: quality.webp })
            : img.jpeg({ quality: quality.jpg, mozjpeg: true });
      await out.toFile(file);
      written++;
    }
  }
}
console.log(`images: ${written} written to public/img`);
