// Sums the Vitest and Playwright JSON reports into the one closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let missing = false;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`test summary: ${file} was not written (the suite did not run)`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
}
if (missing) failed += 1;
// Lint or typecheck failed: one failure of its own, so the closing line never reads green.
if (process.env.STATIC_FAILED === '1') {
  console.error('test summary: lint or typecheck failed');
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
