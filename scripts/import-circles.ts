// Import circles counted the way a reader follows them: type-only imports included. ESLint's
// import-x/no-cycle (eslint.config.js) skips `import type`, so a circle made only of types passes it;
// this check, run by `npm run lint`, does not. It reads the imports of every tracked TypeScript file
// with the compiler's own pre-processor and resolves the project's two aliases (#contracts/*, ~/*)
// and relative paths; a circle is a strongly connected group of more than one file (or a file that
// imports itself).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

function resolveImport(root: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('#contracts/')) base = join(root, 'contracts', spec.slice('#contracts/'.length));
  else if (spec.startsWith('~/')) base = join(root, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return undefined;
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

// Tarjan's strongly connected components over the import graph.
export function findCircles(root: string, files: readonly string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.flatMap(({ fileName }) => resolveImport(root, file, fileName) ?? []),
    );
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)!.includes(node)) {
        circles.push(group.map((f) => relative(root, f)).sort());
      }
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

export function projectFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && !f.endsWith('.d.ts') && existsSync(join(root, f)))
    .map((f) => join(root, f));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const circles = findCircles(root, projectFiles(root));
  for (const group of circles) console.error(`Import circle (type imports included): ${group.join(' <-> ')}`);
  if (circles.length > 0) process.exit(1);
}
