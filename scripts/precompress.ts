// Writes .br and .gz beside every text asset of the client build, at the highest levels, so
// the server sends compressed bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../build/client', import.meta.url).pathname;
const compressible = /\.(js|css|json|svg|txt|xml|webmanifest)$/;

let count = 0;
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name)) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      count++;
    }
  }
};
walk(root);
console.log(`precompress: ${count} files`);
