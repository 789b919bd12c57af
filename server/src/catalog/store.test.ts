// @vitest-environment node
// server/src/catalog/store.ts: a catalogue whose reload fails warns once for the outage, says
// when it reloads again, and keeps serving what it last read meanwhile.
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { storeCases } from '../test/fixtures.js';
import { waitFor } from '../test/wait-for.js';
import { seedCatalogue } from './seed.js';
import { openCatalogue } from './store.js';
import { join } from 'node:path';

const [pglite] = storeCases();
afterAll(() => pglite!.cleanup());

it('warns once while the database is away, keeps its packages, and says when it reloads again', async () => {
  const db = await pglite!.open();
  const root = new URL('../../..', import.meta.url).pathname;
  await seedCatalogue(db, join(root, 'public/packages.json'), join(root, 'public/img'));
  let down = false;
  let polls = 0;
  // The database, failing every call while `down`.
  const flaky = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (prop === 'query') polls += 1;
        return down ? Promise.reject(new Error('connect ECONNREFUSED')) : value.apply(target, args);
      };
    },
  }) as Database;
  const lines: string[] = [];
  const catalogue = await openCatalogue({
    db: flaky,
    pollMs: 10,
    log: { info: (_, msg) => lines.push(`info ${msg}`), warn: (_, msg) => lines.push(`warn ${msg}`) },
  });
  try {
    const count = catalogue.published().length;
    expect(count).toBeGreaterThan(0);
    down = true;
    const from = polls;
    await waitFor(() => polls - from >= 5);
    expect(lines).toEqual(['warn catalogue: reload failed, retrying']);
    expect(catalogue.published()).toHaveLength(count);
    down = false;
    await waitFor(() => lines.length === 2);
    expect(lines[1]).toBe('info catalogue: reload works again');
  } finally {
    await catalogue.stop();
    await db.close();
  }
}, 60_000);
