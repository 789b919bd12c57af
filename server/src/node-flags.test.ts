// @vitest-environment node
// The server's Node.js flags (./node-flags.ts): V8 takes the heap limit, and a server process
// started the way the benchmarks, the tests and `npm start` start it runs with them.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { serverNodeFlags } from './node-flags.js';
import { makeClientDir, spawnServer, storeCases } from './test/fixtures.js';

const [store] = storeCases();
const clientDir = makeClientDir();
afterAll(async () => {
  rmSync(clientDir, { recursive: true, force: true });
  await store!.cleanup();
});

it('limits the heap to 1 GB, as V8 reports it', () => {
  const limit = Number(
    execFileSync(process.execPath, [...serverNodeFlags, '-p', 'v8.getHeapStatistics().heap_size_limit'], {
      encoding: 'utf8',
    }),
  );
  // The old generation's 1,024 MB and the young generation's few dozen.
  expect(limit / 2 ** 20).toBeGreaterThanOrEqual(1024);
  expect(limit / 2 ** 20).toBeLessThan(1200);
});

it('starts the server process with the flags', { timeout: 60_000 }, async () => {
  const server = await spawnServer({ ...(await store!.serverEnv()), CLIENT_DIR: clientDir }, 4346);
  try {
    const args = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0');
    expect(args).toEqual(expect.arrayContaining([...serverNodeFlags]));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
