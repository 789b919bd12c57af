// `npm start`: build the site when the sources are newer than the build, start the Firebase
// Auth Emulator unless a real Firebase project is configured, then run the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePublicEnv, usesRealFirebase } from '../src/config/env-schema';
import { ensureAuthEmulator } from './auth-emulator';

const root = new URL('..', import.meta.url).pathname;
const publicEnv = parsePublicEnv(process.env);
const stamp = join(root, 'build/client/__spa-fallback.html');
const sources = [
  'src',
  'public',
  'scripts/art',
  'react-router.config.ts',
  'vite.config.ts',
  'package-lock.json',
];

const newest = (path: string): number => {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const s = statSync(full);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(full)
      .filter((n) => n !== 'img')
      .map((n) => newest(join(path, n))),
  );
};

if (!existsSync(stamp) || Math.max(...sources.map(newest)) > statSync(stamp).mtimeMs) {
  console.log('Building the site…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children: ChildProcess[] = [];
let stopping = false;
// Children stay in this process group (no `detached`): whoever stops `npm start` as a group
// (a terminal's Ctrl-C, Playwright's webServer teardown) stops the emulator and server too, so
// nothing outlives it holding the terminal or a CI pipe open.
const stopAll = (signal: NodeJS.Signals = 'SIGTERM') => {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stopAll(signal);
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
process.once('exit', () => stopAll());

const emulatorHost = publicEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST;
const serverEnv: NodeJS.ProcessEnv = { ...process.env };
if (!usesRealFirebase(publicEnv)) {
  try {
    const emulator = await ensureAuthEmulator(root, emulatorHost);
    if (emulator.child) {
      children.push(emulator.child);
      emulator.child.on('exit', (code) => {
        if (stopping) return;
        console.error(`The Auth Emulator stopped (exit ${code}).`);
        stopAll();
        process.exit(1);
      });
    }
  } catch (error) {
    console.error((error as Error).message);
    stopAll();
    process.exit(1);
  }
  serverEnv.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  serverEnv.GCLOUD_PROJECT = 'demo-travel';
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
children.push(server);
server.on('exit', (code) => {
  stopAll();
  process.exit(code ?? 0);
});
