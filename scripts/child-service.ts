// A local service that `npm start` and the tests run as a child process (the Auth Emulator,
// MailDev): waits until it answers, and stops it, with one set of rules for both.
import type { ChildProcess } from 'node:child_process';

export async function waitUntilReady(
  child: ChildProcess,
  options: { name: string; ready: () => Promise<boolean>; timeoutMs: number; intervalMs: number },
): Promise<() => Promise<void>> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // SIGTERM first; SIGKILL if it is still there 5 s later.
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + options.timeoutMs;
  while (!(await options.ready())) {
    if (exited) throw new Error(`${options.name} stopped before it answered (exit ${child.exitCode}).`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.name} did not answer within ${options.timeoutMs / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs));
  }
  return stop;
}
