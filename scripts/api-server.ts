// The real server (server/src/main.ts) as a child process on the Auth Emulator, for the API
// benchmark and the fault tests: they need a process that can be loaded, killed and restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeFlags } from '../server/src/node-flags.js';

const root = new URL('..', import.meta.url).pathname;

export type ApiServer = {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
};

export async function spawnApiServer(options: {
  port: number;
  emulatorHost: string;
  env?: Record<string, string>;
  logLevel?: string;
  timeoutMs?: number;
  // Extra Node.js flags (the benchmarks pass benchNodeArgs() below).
  nodeArgs?: string[];
  // The working tree whose server runs (default this one): `npm run bench` measures another
  // tree's build with that tree's own server (BENCH_SERVER_ROOT), as it was.
  root?: string;
}): Promise<ApiServer> {
  const serverRoot = options.root ?? root;
  const url = `http://127.0.0.1:${options.port}`;
  // A server left on the port would answer instead of this one.
  if (
    await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`port ${options.port} is already taken`);
  }
  const args = [
    ...serverNodeFlags,
    ...(options.nodeArgs ?? []),
    '--import',
    'tsx',
    join(serverRoot, 'server/src/main.ts'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      BOOKING_RATE_LIMIT: '100000000',
      PUBLIC_RATE_LIMIT: '100000000',
      READ_RATE_LIMIT: '100000000',
      PAGE_RATE_LIMIT: '100000000',
      SESSION_RATE_LIMIT: '100000000',
      SESSION_ADDRESS_RATE_LIMIT: '100000000',
      // The benchmark's few users book tens of thousands of seats a run.
      MAX_HELD_SEATS_PER_USER: '1000000000',
      FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
      GCLOUD_PROJECT: 'demo-travel',
      // Only what `env` says selects PostgreSQL, never the caller's own environment.
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitForHealth(url, child, options.timeoutMs ?? 60_000, () => output);
  return { url, child, exited, output: () => output };
}

// The benchmarks' extra Node.js flags for the servers they start, from their environment:
// BENCH_CPU_PROF=<dir> makes each server write a V8 CPU profile there when it stops (open it in
// Chrome DevTools' Performance panel); BENCH_NODE_ARGS="--trace-gc" adds any other flags.
export function benchNodeArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    ...(env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : []),
    ...(env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
}

// Polls GET /api/health until it answers 200; fails if the child exits or time runs out (and
// then kills it).
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string = () => '',
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><script>window.x=1</script><script type="module" src="/assets/a.js"></script></body></html>`;

// A stand-in for build/client: one titled page per prerendered route, the SPA fallback, one
// hashed asset and the real packages.json. For tests and the API benchmark, which need the
// server, not the site.
export function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wayfarer-client-'));
  for (const sub of ['blogs', 'about', 'account', 'assets']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'index.html'), page('Home'));
  writeFileSync(join(dir, 'blogs/index.html'), page('Blogs'));
  writeFileSync(join(dir, 'about/index.html'), page('About'));
  writeFileSync(join(dir, 'account/index.html'), page('Account'));
  writeFileSync(join(dir, '__spa-fallback.html'), page('Fallback'));
  writeFileSync(join(dir, 'assets/app-abc123.js'), 'console.log(1)'.repeat(200));
  writeFileSync(join(dir, 'packages.json'), readFileSync(join(root, 'public/packages.json')));
  return dir;
}
