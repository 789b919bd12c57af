// The real server (server/src/main.ts) as a child process on the Auth Emulator, for the API
// benchmark and the fault tests: they need a process that can be loaded, killed and restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

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
}): Promise<ApiServer> {
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
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      BOOKING_RATE_LIMIT: '100000000',
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
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, output: () => output };
}
