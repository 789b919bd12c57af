// Sums the Vitest and Playwright JSON reports into the one closing line CI reads:
// "N passed, N failed, N skipped". A test that failed and passed on a retry counts once, as
// passed; a skipped test (a missing service, a missing browser) counts as skipped, never passed.
import { existsSync, readFileSync } from 'node:fs';

export function countReport(report) {
  if ('numPassedTests' in report) {
    // Vitest's JSON (Jest's shape): one entry a test, whatever its retries.
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  if (report.stats) {
    // Playwright's: "expected" passed first time, "flaky" passed on a retry, "unexpected" failed.
    const { expected = 0, flaky = 0, unexpected = 0, skipped = 0 } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  return { passed: 0, failed: 1, skipped: 0 };
}

export function summarise(files, { staticFailed = false, log = console.error } = {}) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of files) {
    if (!existsSync(file)) {
      log(`test summary: ${file} was not written (the suite did not run)`);
      total.failed += 1;
      continue;
    }
    const counts = countReport(JSON.parse(readFileSync(file, 'utf8')));
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  // Lint or typecheck failed: one failure of its own, so the closing line never reads green.
  if (staticFailed) {
    log('test summary: lint or typecheck failed');
    total.failed += 1;
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const total = summarise(process.argv.slice(2), { staticFailed: process.env.STATIC_FAILED === '1' });
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
}
