// A background job that runs every interval in this process: one run at a time (a run slower than
// the interval is not stacked under the next), a failure handed to `onError` and tried again at
// the next interval, the timer never keeping the process alive; stop() waits for a run under way.
export function startPeriodic(
  run: () => Promise<unknown>,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= run()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
