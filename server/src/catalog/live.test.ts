// @vitest-environment node
// Three real server processes on one PostgreSQL: a change to the catalogue made through one shows
// on the others' public reads (/packages.json, the package, the sitemap, the home page's
// structured data) within 5 s, with no restart. Without TEST_DATABASE_URL it skips.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CataloguePackage } from '#contracts/catalogue';
import { spawnApiServer } from '../../../scripts/api-server.js';
import {
  createOperator,
  emulatorHost,
  makeClientDir,
  type ServerProcess,
  type TestUser,
} from '../test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { describeNeeding, skipReason, testDatabaseUrl } from '../test/services.js';

// Polls until `check` passes, and answers how long it took.
async function within(ms: number, check: () => Promise<boolean>) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not seen within ${ms} ms`);
}

describeNeeding(skipReason('postgres'))('the catalogue on three server processes', () => {
  let url: string;
  let clientDir: string;
  let servers: ServerProcess[] = [];
  let operator: TestUser;

  beforeAll(async () => {
    url = await postgresSchemaUrl(testDatabaseUrl!);
    clientDir = makeClientDir();
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir };
    // All three start together: the migrations and the catalogue's seed take turns under their locks.
    // A start takes long on a machine under load: a generous wait.
    const spawn = (port: number) => spawnApiServer({ port, emulatorHost, env, timeoutMs: 240_000 });
    servers = await Promise.all([spawn(43141), spawn(43142), spawn(43143)]);
    operator = await createOperator('catalogue-live');
  }, 300_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  });

  const list = async (server: ServerProcess) =>
    (await (await fetch(`${server.url}/packages.json`)).json()) as CataloguePackage[];
  const patch = (server: ServerProcess, id: string, body: unknown) =>
    fetch(`${server.url}/api/admin/packages/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${operator.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('seeded the catalogue once, the same on every process', async () => {
    const lists = await Promise.all(servers.map(list));
    expect(lists[0]!.length).toBeGreaterThan(0);
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[2]).toEqual(lists[0]);
  });

  it('a change through one process is on every process within 5 s', async () => {
    const res = await patch(servers[0]!, 'sahara-desert-caravan', {
      name: 'Sahara by Starlight',
      price: 1399,
    });
    expect(res.status, await res.text()).toBe(200);
    for (const server of servers.slice(1)) {
      await within(5000, async () =>
        (await list(server)).some((p) => p.name === 'Sahara by Starlight' && p.price === 1399),
      );
      const one = await fetch(`${server.url}/api/packages/sahara-desert-caravan`);
      expect(((await one.json()) as CataloguePackage).name).toBe('Sahara by Starlight');
      const home = await (await fetch(`${server.url}/`)).text();
      expect(home).toContain('"name":"Sahara by Starlight"');
    }
  });

  it('an archived package leaves the public reads of every process within 5 s', async () => {
    expect((await patch(servers[1]!, 'kyoto-temples-and-tea', { status: 'archived' })).status).toBe(200);
    for (const server of [servers[0]!, servers[2]!]) {
      await within(5000, async () => !(await list(server)).some((p) => p.id === 'kyoto-temples-and-tea'));
      expect((await fetch(`${server.url}/api/packages/kyoto-temples-and-tea`)).status).toBe(404);
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain(
        '/package/kyoto-temples-and-tea',
      );
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(
        '/package/swiss-alpine-lakes',
      );
      expect(await (await fetch(`${server.url}/`)).text()).not.toContain('/package/kyoto-temples-and-tea');
    }
  });
});
