// Polls `check` until it holds; fails with what was awaited after `timeoutMs`.
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
