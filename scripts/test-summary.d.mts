// Types for scripts/test-summary.mjs (plain JavaScript: npm test runs it before anything is built).
export type Counts = { passed: number; failed: number; skipped: number };
export function countReport(report: unknown): Counts;
export function summarise(
  files: string[],
  options?: { staticFailed?: boolean; log?: (message: string) => void },
): Counts;
