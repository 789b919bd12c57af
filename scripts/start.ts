// `npm start`: build the site when the sources are newer than the build, start the Firebase
// Auth Emulator unless a real Firebase project is configured, then run the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePublicEnv, usesRealFirebase } from '../src/config/env-schema';

const root = new URL('..', import.meta.url).pathname;
const publicEnv = parsePublicEnv(process.env);
const stamp = join(root, 'build/client/__spa-fallback.html');
const sources = ['src', 'public', 'scripts/art', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json'];

const newest = (path: string): number => {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const s = statSync(full);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(full).filter((n) => n !== 'img').map((n) => newest(join(path, n))));
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
const answers = async (url: string) => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
};

const serverEnv: NodeJS.ProcessEnv = { ...process.env };
if (!usesRealFirebase(publicEnv)) {
  const url = `http://${emulatorHost}/`;
  if (await answers(url)) {
    console.log(`Using the Firebase Auth Emulator already running at ${url}`);
  } else {
    console.log('Starting the Firebase Auth Emulator (project demo-travel)…');
    const emulator = spawn(
      join(root, 'node_modules/.bin/firebase'),
      ['emulators:start', '--only', 'auth', '--project', 'demo-travel'],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
    );
    children.push(emulator);
    emulator.on('exit', (code) => {
      if (stopping) return;
      console.error(`The Auth Emulator stopped (exit ${code}).`);
      stopAll();
      process.exit(1);
    });
    const deadline = Date.now() + 90_000;
    while (!(await answers(url))) {
      if (Date.now() > deadline) {
        console.error('The Auth Emulator did not answer within 90 s.');
        stopAll();
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(`Auth Emulator ready at ${url}`);
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
