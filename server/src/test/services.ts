// The services some tests need and why a run may not have them. A suite whose service is missing
// is still registered, skipped, with the reason in its name: it shows in the report and in the
// closing line's "N skipped" (scripts/test-summary.mjs), never vanishes.
import { afterAll, describe, type TestOptions } from 'vitest';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

export const missing = {
  postgres: testDatabaseUrl
    ? undefined
    : 'TEST_DATABASE_URL is not set (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)',
  redis: testRedisUrl ? undefined : 'TEST_REDIS_URL is not set (a Redis server, e.g. redis://127.0.0.1:6379)',
} as const;

// The reason a suite needing these services is skipped, or undefined when they are all there.
export const skipReason = (...needs: (keyof typeof missing)[]) =>
  needs
    .map((n) => missing[n])
    .filter(Boolean)
    .join('; ') || undefined;

// A describe that is skipped, saying why, when `reason` is set.
export const describeNeeding =
  (reason: string | undefined) =>
  (title: string, ...rest: [() => void] | [TestOptions, () => void]) => {
    const [options, fn] = rest.length === 1 ? [{}, rest[0]] : rest;
    if (reason) describe.skip(`${title} (skipped: ${reason})`, options, fn);
    else describe(title, options, fn);
  };

// describe.each over stores (or any cases with a name): a case with `skip` is registered
// skipped, with the reason in its name. `$name` in the title is the case's name. A case's
// `cleanup` (a store's schema or folder) runs once its suite is done, after the suite's own
// afterAll hooks (vitest runs a suite's afterAll hooks last registered first, so it is registered
// before the suite's body): they close what they opened on the store before it is dropped.
export const describeEach =
  <T extends { name: string; skip?: string; cleanup?: () => Promise<void> }>(cases: T[]) =>
  (title: string, ...rest: [(c: T) => void] | [TestOptions, (c: T) => void]) => {
    const [options, fn] = rest.length === 1 ? [{}, rest[0]] : rest;
    for (const c of cases) {
      describeNeeding(c.skip)(title.replaceAll('$name', c.name), options, () => {
        if (c.cleanup) afterAll(c.cleanup, 60_000);
        fn(c);
      });
    }
  };
