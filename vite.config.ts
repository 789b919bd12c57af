import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { parsePublicEnv } from './src/config/env-schema.ts';

export default defineConfig(({ mode }) => {
  // Fails the build, naming every bad variable, before anything is compiled.
  parsePublicEnv({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env });
  return {
    plugins: [reactRouter()],
    resolve: {
      alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      // The CSP forbids inline scripts except hashed ones; keep assets as files.
      assetsInlineLimit: 0,
    },
  };
});
