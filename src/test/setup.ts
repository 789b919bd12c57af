import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on any console error or warning it did not expect (spy on console to expect one).
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
