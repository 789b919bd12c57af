// Vitest global setup: the API tests verify real ID tokens with firebase-admin against the Auth
// Emulator, as the running site does. Reuses an emulator that is already up (`npm start`).
import { fileURLToPath } from 'node:url';
import { ensureAuthEmulator } from '../../../scripts/auth-emulator.js';

export const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

export default async function setup() {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const emulator = await ensureAuthEmulator(root, emulatorHost, () => {});
  return () => emulator.stop();
}
