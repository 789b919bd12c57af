// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countReport, summarise } from './test-summary.mjs';

const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, report: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

// Shapes as Vitest 4 and Playwright 1.65 write them (a retried-then-passed Vitest test is one
// passed test; Playwright counts it as "flaky").
const vitest = {
  numPassedTests: 40,
  numFailedTests: 1,
  numPendingTests: 6,
  numTodoTests: 1,
  numTotalTests: 48,
};
const playwright = { stats: { expected: 100, unexpected: 2, flaky: 3, skipped: 4 } };
// `playwright test --list --reporter=json`: what test-all.sh writes when there is no Chromium.
const listed = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 144 } };

describe('the closing line of npm test', () => {
  it('counts skipped tests as skipped, and retried-then-passed tests once, as passed', () => {
    expect(countReport(vitest)).toEqual({ passed: 40, failed: 1, skipped: 7 });
    expect(countReport(playwright)).toEqual({ passed: 103, failed: 2, skipped: 4 });
  });

  it('sums the reports; a browser-less run shows every end-to-end test as skipped', () => {
    expect(summarise([write('unit.json', vitest), write('e2e.json', listed)])).toEqual({
      passed: 40,
      failed: 1,
      skipped: 151,
    });
  });

  it('a report that was never written, or a failed lint or typecheck, is a failure of its own', () => {
    const log: string[] = [];
    expect(
      summarise([join(dir, 'missing.json'), write('ok.json', playwright)], {
        staticFailed: true,
        log: (m) => log.push(m),
      }),
    ).toEqual({ passed: 103, failed: 4, skipped: 4 });
    expect(log.join('\n')).toMatch(/missing\.json was not written[\s\S]*lint or typecheck failed/);
  });
});
