import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { parsePublicEnv, usesRealFirebase } from '../../src/config/env-schema.js';
import { loadServerEnv } from './env.js';

const env = loadServerEnv();
const publicEnv = parsePublicEnv(process.env);
const emulatorOrigin = `http://${publicEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST}`;
const csp = usesRealFirebase(publicEnv)
  ? {
      authConnect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
      authFrames: [`https://${publicEnv.VITE_FIREBASE_AUTH_DOMAIN}`],
    }
  : { authConnect: [emulatorOrigin], authFrames: [emulatorOrigin] };
const clientDir = fileURLToPath(new URL('../../build/client', import.meta.url));

const app = await buildApp({
  clientDir,
  production: env.NODE_ENV === 'production',
  logLevel: env.LOG_LEVEL,
  csp,
});

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, closing`);
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: env.HOST, port: env.PORT });
console.log(`Wayfarer Tours is running at http://localhost:${env.PORT}`);
