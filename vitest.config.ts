import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: the React Router plugin builds the app and is not needed here.
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The API tests check real ID tokens against the Auth Emulator (server/src/test).
    globalSetup: ['./server/src/test/global-setup.ts'],
    hookTimeout: 30_000,
  },
});
