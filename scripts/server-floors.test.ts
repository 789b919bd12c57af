// @vitest-environment node
// The server's floors (eslint.config.js): every folder of server/src is on one, so a new domain
// cannot be left outside the import rules, and the rules refuse an import up or sideways.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

type Floors = {
  serverFloors: string[][];
  serverFixtures: string;
  serverRootFiles: string[];
  serverFloorGaps: (folders: string[], floors?: string[][]) => { unplaced: string[]; missing: string[] };
};

const root = resolve(import.meta.dirname, '..');
const serverSrc = join(root, 'server/src');
// A plain-JavaScript config: imported by its address, typed here.
const floors = (await import(new URL('../eslint.config.js', import.meta.url).href)) as Floors;
const folders = readdirSync(serverSrc, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('the server floors', () => {
  it('name every folder of server/src, and nothing else', () => {
    expect(floors.serverFloorGaps(folders)).toEqual({ unplaced: [], missing: [] });
    expect(floors.serverFixtures).toBe('test');
  });

  it('report a folder left off them, and a name that is no folder', () => {
    const withoutOverview = floors.serverFloors.map((floor) => floor.filter((f) => f !== 'overview'));
    expect(floors.serverFloorGaps(folders, withoutOverview)).toEqual({ unplaced: ['overview'], missing: [] });
    expect(floors.serverFloorGaps([...folders, 'new-domain'])).toEqual({
      unplaced: ['new-domain'],
      missing: [],
    });
    expect(floors.serverFloorGaps(folders, [...floors.serverFloors, ['lib']])).toEqual({
      unplaced: [],
      missing: ['lib'],
    });
  });

  it('keep every top file that builds on a domain or the environment out of the domains', () => {
    const topFiles = readdirSync(serverSrc).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const buildsOnDomains = topFiles
      .filter((file) => {
        const text = readFileSync(join(serverSrc, file), 'utf8');
        return (
          folders.some((folder) => folder !== 'test' && text.includes(`from './${folder}/`)) ||
          text.includes("from './env.js'")
        );
      })
      .map((file) => file.replace(/\.ts$/, ''));
    const listed = new Set(floors.serverRootFiles);
    expect(buildsOnDomains.filter((file) => !listed.has(file))).toEqual([]);
    const existing = topFiles.map((file) => file.replace(/\.ts$/, ''));
    expect(floors.serverRootFiles.filter((file) => !existing.includes(file))).toEqual([]);
  });

  it('refuse an import from the same floor or above, as lint runs them', async () => {
    const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
    const lint = async (file: string, code: string) =>
      (await eslint.lintText(code, { filePath: join(serverSrc, file) }))[0]!.messages.map((m) => m.message);
    // The loop admin/routes.ts -> overview/routes.ts -> admin/bookings-routes.ts, cut.
    expect(
      await lint('overview/routes.ts', "import { consoleRoute } from '../admin/bookings-routes.js';\n"),
    ).toEqual([expect.stringContaining('server/src/overview must not import server/src/admin')]);
    expect(
      await lint('context/app-context.ts', "import type { x } from '../bookings/routes.js';\n"),
    ).toHaveLength(1);
    expect(await lint('pages/render.ts', "import { y } from '../reminders/reminders.js';\n")).toHaveLength(1);
    expect(
      await lint('admin/routes.ts', "import { overviewRoutes } from '../overview/routes.js';\n"),
    ).toEqual([]);
  });
});
