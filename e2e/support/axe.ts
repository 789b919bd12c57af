import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The accessibility check of the console's e2e specs: no serious or critical axe violation.
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `serious axe violations on ${label}`).toEqual([]);
}
