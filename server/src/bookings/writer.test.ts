import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSrc = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the one booking writer', () => {
  it('is the only code that inserts bookings (the batch and an accepted offer both use it)', () => {
    const writers = sourceFiles(serverSrc).filter((file) =>
      /INSERT INTO bookings\b/i.test(readFileSync(file, 'utf8')),
    );
    expect(writers.map((f) => f.slice(serverSrc.length + 1))).toEqual(['bookings/writer.ts']);
  });
});
