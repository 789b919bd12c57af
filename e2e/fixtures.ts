import { test as base, expect } from '@playwright/test';

type Fixtures = { allowConsoleErrors: (RegExp | string)[] };

// Every e2e test fails on a console error, an uncaught page error or a CSP violation that it
// did not declare with `test.use({ allowConsoleErrors: [...] })`.
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    // Chromium logs most CSP refusals to the console; this catches every one, in every frame.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`);
      });
    });
    const allowed = (text: string) =>
      allowConsoleErrors.some((p) => (typeof p === 'string' ? text.includes(p) : p.test(text)));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !allowed(msg.text())) problems.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => {
      if (!allowed(err.message)) problems.push(`page error: ${err.message}`);
    });
    // Like a person who waits for the page to be ready: after a navigation that waits for
    // `load`, also wait until React has hydrated (prerendered pages hydrate after load), or, on a
    // visitor's public page, until its islands run (React starts there when the visitor reaches
    // for a form or a button: docs/decisions/066-no-react-for-a-visitors-first-load.md).
    const hydrated = () =>
      page.waitForSelector('html[data-hydrated], html[data-islands]', { state: 'attached', timeout: 15_000 });
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil || options.waitUntil === 'load') await hydrated();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (!options?.waitUntil || options.waitUntil === 'load') await hydrated();
      return response;
    };
    await use(page);
    expect(problems, 'unexpected console errors').toEqual([]);
  },
});

export { expect };
