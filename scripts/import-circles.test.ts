import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCircles, projectFiles } from './import-circles';

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'circles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return { root, files: Object.keys(files).map((f) => join(root, f)) };
}

describe('import circles', () => {
  it('finds a circle made only of type imports, through the aliases', () => {
    const { root, files } = tree({
      'contracts/api.ts':
        "import { statuses } from './booking.js';\nexport type Booking = { s: typeof statuses };\n",
      'contracts/booking.ts':
        "import type { Booking } from './api.js';\nexport const statuses = [] as Booking[];\n",
      'src/a.tsx':
        "import type { Booking } from '#contracts/api';\nimport { b } from '~/b';\nexport const a = b;\n",
      'src/b.ts': 'export const b = 1;\n',
    });
    expect(findCircles(root, files)).toEqual([['contracts/api.ts', 'contracts/booking.ts']]);
  });

  it('finds none in this project', () => {
    const root = resolve(import.meta.dirname, '..');
    expect(findCircles(root, projectFiles(root))).toEqual([]);
  });
});
