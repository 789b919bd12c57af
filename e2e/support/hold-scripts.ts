import type { Page } from '@playwright/test';

// Holds the site's JavaScript back until release() is called, so a test acts on the page's HTML
// alone, as a visitor on a slow connection would before the page hydrates.
export async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export const hydrated = (page: Page) =>
  page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
