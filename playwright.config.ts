import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://localhost:${port}`;

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  timeout: 30_000,
  use: { baseURL, trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: {
    // Starts the Auth Emulator too (scripts/start.ts).
    command: 'node --import tsx scripts/start.ts',
    url: `${baseURL}/api/health`,
    // Bookings made by the tests go to their own PGlite folder, not the developer's data/pglite.
    // Every test's browser signs in from this one address, a few hundred times a run with several
    // workers at once: the per-address limit on new sessions (30 a minute, server/src/http/limits.ts)
    // is for strangers, and answered some of them 429 (server/src/http/limits.test.ts proves it).
    env: {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: `data/e2e-${port}`,
      SESSION_ADDRESS_RATE_LIMIT: '100000',
    },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    // SIGTERM lets scripts/start.ts stop the emulator and the server it started.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
