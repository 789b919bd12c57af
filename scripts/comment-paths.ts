// Every file a comment or a document names exists, and README's "Layout" names every folder it
// should: run by `npm run lint`. A comment citing a file that was renamed or merged away sends the
// next reader looking for it. Read: the comments of every tracked TypeScript, JavaScript and CSS
// file (from the compiler's syntax tree, so a string or a URL is not a comment), and the whole
// text of the decision records, docs/ and README.md.
//
// What counts as a path:
// - a run of path characters starting with one of the repository's top folders (server/, src/,
//   contracts/, scripts/, docs/, e2e/, public/), or a top-level config file;
// - in comments, one starting with ./ or ../ and ending with a file extension, resolved from the
//   commenting file;
// - a file of a server domain written from its folder (`bookings/status.ts`), found under
//   server/src, beside the commenting file or one folder up.
// A path may leave out .ts/.tsx, or write the .js its import is spelled with; `docs/decisions/016`
// names the record numbered 016. Patterns (`<domain>`, `*`, `NNN`) are not paths. Generated
// folders (build/, public/img/) are not checked: they exist only after a build. A file that
// history names on purpose says so right after its path: "`x.ts`, removed by ...", "`x.ts`
// (removed)", "`x.ts` is gone", "`x.ts` used to ...".
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type MissingPath = { file: string; line: number; path: string };
type Kind = 'rooted' | 'relative' | 'domain';
type FoundPath = { path: string; at: number; kind: Kind };

const topFolders = ['server', 'src', 'contracts', 'scripts', 'docs', 'e2e', 'public'];
const topFiles = [
  'eslint.config.js',
  'react-router.config.ts',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'tsconfig.json',
  'package.json',
  'firebase.json',
];
// Made by the build or at run time, never committed.
const generated = ['public/img', 'build'];

// `*` and `<>` are taken in so that a pattern is read whole, and then left alone.
const pathChars = String.raw`[A-Za-z0-9_.\-/\[\]$+*<>]`;
const notAfter = String.raw`(?<![\w.\-/~@#:])`;
const extensions = String.raw`\.(?:tsx?|jsx?|mjs|css|json|md|sh)\b`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const removedMark = /^`?,?\s*\(?(?:removed|was removed|is gone|used to)\b/;

function patterns(serverFolders: readonly string[]): [RegExp, Kind][] {
  return [
    [
      new RegExp(
        `${notAfter}(?:(?:${topFolders.join('|')})/${pathChars}*|(?:${topFiles.map(escape).join('|')})(?![\\w-]))`,
        'g',
      ),
      'rooted',
    ],
    [new RegExp(`${notAfter}\\.\\.?/${pathChars}+?${extensions}`, 'g'), 'relative'],
    [
      new RegExp(`${notAfter}(?:${serverFolders.map(escape).join('|')})/${pathChars}+?${extensions}`, 'g'),
      'domain',
    ],
  ];
}

export const serverFoldersOf = (root: string) =>
  readdirSync(join(root, 'server/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// A comment's or document's paths, each with the offset it starts at.
export function pathsIn(
  text: string,
  { serverFolders, comment }: { serverFolders: readonly string[]; comment: boolean },
): FoundPath[] {
  const found: FoundPath[] = [];
  for (const [pattern, kind] of patterns(serverFolders)) {
    if (kind === 'relative' && !comment) continue;
    for (const match of text.matchAll(pattern)) {
      // Sentence punctuation after a path is not part of it.
      const path = match[0].replace(/[.,;:)\]]+$/, '');
      if (kind === 'rooted' && !path.includes('/') && !topFiles.includes(path)) continue;
      // A top folder alone ("src/") is a folder the layout check reads, not a path to look up.
      if (kind === 'rooted' && /^[\w-]+\/?$/.test(path) && !topFiles.includes(path)) continue;
      if (removedMark.test(text.slice(match.index + path.length))) continue;
      found.push({ path, at: match.index, kind });
    }
  }
  return found;
}

// The comments of a TypeScript, TSX or JavaScript file, from its syntax tree: every token's
// leading and trailing comment ranges, once each.
export function scriptComments(fileName: string, text: string): { text: string; at: number }[] {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : /\.(m?js|jsx)$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  collect(ts.getLeadingCommentRanges(text, 0));
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // Tokens too: a comment just before a closing brace belongs to no node.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen].map(([at, comment]) => ({ text: comment, at }));
}

const cssComments = (text: string) =>
  [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({ text: match[0], at: match.index }));

function exists(root: string, from: string, { path, kind }: FoundPath): boolean {
  if (/[<>*]|NNN/.test(path)) return true;
  const bases =
    kind === 'rooted'
      ? [root]
      : kind === 'relative'
        ? [dirname(from)]
        : [join(root, 'server/src'), dirname(from), dirname(dirname(from))];
  return bases.some((base) => existsFrom(root, resolve(base, path)));
}

function existsFrom(root: string, full: string): boolean {
  const inRoot = relative(root, full);
  if (generated.some((g) => inRoot === g || inRoot.startsWith(`${g}/`))) return true;
  const stem = full.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [full, `${stem}.ts`, `${stem}.tsx`, `${full}.ts`, `${full}.tsx`, `${full}.md`];
  if (candidates.some((candidate) => existsSync(candidate))) return true;
  // docs/decisions/016: the record numbered 016.
  const dir = dirname(full);
  if (/^\d{3}$/.test(basename(full)) && existsSync(dir) && statSync(dir).isDirectory()) {
    return readdirSync(dir).some((name) => name.startsWith(`${basename(full)}-`));
  }
  return false;
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

// The paths named in these files (relative to root) that do not exist.
export function missingPaths(
  root: string,
  files: readonly string[],
  serverFolders: readonly string[] = serverFoldersOf(root),
): MissingPath[] {
  const missing: MissingPath[] = [];
  for (const file of files) {
    const full = join(root, file);
    const text = readFileSync(full, 'utf8');
    const ext = extname(file);
    const document = ext === '.md';
    const pieces = document
      ? [{ text, at: 0 }]
      : ext === '.css'
        ? cssComments(text)
        : scriptComments(file, text);
    for (const piece of pieces) {
      for (const found of pathsIn(piece.text, { serverFolders, comment: !document })) {
        if (!exists(root, full, found)) {
          missing.push({ file, line: lineOf(text, piece.at + found.at), path: found.path });
        }
      }
    }
  }
  return missing;
}

// The folders README's "Layout" must give a line of their own: every top-level folder of the
// repository (tracked files) and every folder of server/src. Each line of its code block starts
// with the folder's path (`server/src/db/`).
export function layoutGaps(root: string, readme: string, trackedFiles: readonly string[]): string[] {
  const block = /## Layout\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const named = new Set(block.split('\n').map((line) => line.split(/\s+/)[0]!.replace(/\/$/, '')));
  const topLevel = [...new Set(trackedFiles.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!))];
  const wanted = [...topLevel, ...serverFoldersOf(root).map((folder) => `server/src/${folder}`)];
  return wanted.filter((folder) => !named.has(folder)).sort();
}

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(root, f)));

// The files read: tracked (or new, not ignored) source and style files, the docs and the README.
export const checkedFiles = (root: string) =>
  git(root, [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    '*.ts',
    '*.tsx',
    '*.js',
    '*.mjs',
    '*.css',
    'docs/*.md',
    'README.md',
  ]).filter((f) => !f.endsWith('.d.ts'));

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const missing = missingPaths(root, checkedFiles(root));
  for (const { file, line, path } of missing)
    console.error(`${file}:${line}: names ${path}, which does not exist`);
  const tracked = git(root, ['ls-files', '--cached', '--others', '--exclude-standard']);
  const gaps = layoutGaps(root, readFileSync(join(root, 'README.md'), 'utf8'), tracked);
  for (const folder of gaps) console.error(`README.md: "Layout" has no line for ${folder}/`);
  if (missing.length > 0 || gaps.length > 0) process.exit(1);
}
