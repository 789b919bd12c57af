// Starts the Firebase Auth Emulator (or finds one already running) for `npm start` and the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntilReady } from './child-service.js';

export const emulatorProject = 'demo-travel';

export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export type RunningEmulator = { url: string; child?: ChildProcess; stop: () => Promise<void> };

// `host` is host:port. The child stays in the caller's process group: stopping the caller's
// group stops it too.
export async function ensureAuthEmulator(
  root: string,
  host: string,
  log = console.log,
): Promise<RunningEmulator> {
  const url = `http://${host}/`;
  if (await answers(url)) {
    log(`Using the Firebase Auth Emulator already running at ${url}`);
    return { url, stop: async () => {} };
  }
  log(`Starting the Firebase Auth Emulator (project ${emulatorProject})…`);
  const child = spawn(
    join(root, 'node_modules/.bin/firebase'),
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      emulatorProject,
      '--config',
      emulatorConfig(root, host),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
  );
  const stop = await waitUntilReady(child, {
    name: 'The Auth Emulator',
    ready: () => answers(url),
    timeoutMs: 90_000,
    intervalMs: 500,
  });
  log(`Auth Emulator ready at ${url}`);
  return { url, child, stop };
}

// firebase.json with the host and port asked for: the CLI takes them from its config only, so
// FIREBASE_AUTH_EMULATOR_HOST (VITE_FIREBASE_AUTH_EMULATOR_HOST for `npm start`) other than
// firebase.json's own 127.0.0.1:9099 starts the emulator there, beside one on 9099.
function emulatorConfig(root: string, host: string): string {
  const at = new URL(`http://${host}`);
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    emulators: { auth: { host: string; port: number } };
  };
  config.emulators.auth = { host: at.hostname, port: Number(at.port || 80) };
  const file = join(tmpdir(), `firebase-auth-${at.hostname}-${at.port}.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

// A new account in the emulator, signed in: a real ID token for the site's API.
export async function createEmulatorUser(host: string, email: string, password: string) {
  const signUp = () =>
    fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
  // A kept-alive connection the emulator closed at the same moment (its 5 s idle timeout) fails
  // before anything was sent: asking once more on a new connection is safe.
  const res = await signUp().catch(signUp);
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { localId: string; idToken: string };
}
