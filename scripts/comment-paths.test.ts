// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedFiles, layoutGaps, missingPaths } from './comment-paths';

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'comment-paths-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const present = {
  'server/src/http/limits.ts': 'export const x = 1;\n',
  'server/src/bookings/status.ts': 'export const y = 1;\n',
  'src/root.tsx': 'export const z = 1;\n',
  'docs/decisions/016-numbers-without-icu.md': '# 016\n',
};

describe('paths in comments and decisions', () => {
  it('finds the files a comment names that do not exist, and only in comments', () => {
    const root = tree({
      ...present,
      'src/lib/page-data.ts': [
        '// Past the limit (server/src/user-limits.ts): the error page; see server/src/http/limits.ts.',
        "const url = 'server/src/not-a-comment.ts'; // the rule: docs/decisions/016, src/root.tsx",
        '/* A block: contracts/gone.ts, and a pattern: server/src/<domain>/, src/routes/admin-*.tsx */',
        '',
      ].join('\n'),
      'src/feature.tsx': [
        'export const A = () => (',
        '  <p>',
        "    {/* In JSX: ./missing-sibling.ts and ./root.tsx; don't stop reading here */}",
        '    https://example.com/src/x.ts',
        '  </p>',
        ');',
        '// After JSX text with an apostrophe: scripts/gone.ts',
        '',
      ].join('\n'),
      'server/src/waitlist/repository.ts':
        '// Its columns (./db/schema.ts types them); bookings/status.ts and ../bookings/status.js exist.\n',
      'src/styles/app.css': '/* From contracts/brand.ts */\n.a { color: red; }\n',
    });
    expect(
      missingPaths(root, [
        'src/lib/page-data.ts',
        'src/feature.tsx',
        'server/src/waitlist/repository.ts',
        'src/styles/app.css',
      ]),
    ).toEqual([
      { file: 'src/lib/page-data.ts', line: 1, path: 'server/src/user-limits.ts' },
      { file: 'src/lib/page-data.ts', line: 3, path: 'contracts/gone.ts' },
      { file: 'src/feature.tsx', line: 3, path: './missing-sibling.ts' },
      { file: 'src/feature.tsx', line: 7, path: 'scripts/gone.ts' },
      { file: 'server/src/waitlist/repository.ts', line: 1, path: './db/schema.ts' },
      { file: 'src/styles/app.css', line: 1, path: 'contracts/brand.ts' },
    ]);
  });

  it('reads a decision record whole, where history may name a removed file on purpose', () => {
    const root = tree({
      ...present,
      'docs/decisions/011-waiting-list.md': [
        '# 011',
        '',
        '`offerFreedSeats` (`server/src/waitlist/offer-freed-seats.ts`) makes the offers;',
        '`bookings/status.ts` and `bookings/gone.ts` call it. `scripts/seo-files.ts` is gone, and',
        '`scripts/patch.ts` (removed) and `src/old.ts`, removed by decision 043, are history.',
        '',
      ].join('\n'),
    });
    expect(missingPaths(root, ['docs/decisions/011-waiting-list.md'])).toEqual([
      {
        file: 'docs/decisions/011-waiting-list.md',
        line: 3,
        path: 'server/src/waitlist/offer-freed-seats.ts',
      },
      { file: 'docs/decisions/011-waiting-list.md', line: 4, path: 'bookings/gone.ts' },
    ]);
  });

  // Reads every file of the repository: seconds on a loaded machine (it timed out at 5 s in a
  // run beside other work).
  it('finds none in this project', () => {
    const root = resolve(import.meta.dirname, '..');
    expect(missingPaths(root, checkedFiles(root))).toEqual([]);
  }, 60_000);
});

describe("README's layout", () => {
  it('names every top-level folder and every folder of server/src', () => {
    const root = tree({ ...present, 'e2e/a.spec.ts': '' });
    const readme = [
      '## Layout',
      '',
      '```',
      'src/             the app',
      'server/          the server',
      'server/src/http/ the API',
      '```',
    ].join('\n');
    const files = ['src/root.tsx', 'server/src/http/limits.ts', 'e2e/a.spec.ts', 'docs/x.md', 'README.md'];
    expect(layoutGaps(root, readme, files)).toEqual(['docs', 'e2e', 'server/src/bookings']);
  });

  it('is true to this tree', () => {
    const root = resolve(import.meta.dirname, '..');
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(layoutGaps(root, readFileSync(join(root, 'README.md'), 'utf8'), tracked)).toEqual([]);
  });
});
