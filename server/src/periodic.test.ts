// @vitest-environment node
// server/src/periodic.ts: one run at a time, a failure reported and tried again, stop() waits.
import { afterEach, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic.js';

afterEach(() => {
  vi.useRealTimers();
});

it('never starts a run while one is under way, and tries again after a failure', async () => {
  vi.useFakeTimers();
  const errors: unknown[] = [];
  let started = 0;
  let finish: (() => void) | undefined;
  const job = startPeriodic(
    () => {
      started += 1;
      if (started === 2) return Promise.reject(new Error('second run failed'));
      return new Promise<void>((resolve) => (finish = resolve));
    },
    { intervalMs: 10, report: { failed: (error) => errors.push(error), succeeded: () => {} } },
  );
  await vi.advanceTimersByTimeAsync(10);
  expect(started).toBe(1);
  // Three more intervals while the first run is still going: none of them starts another.
  await vi.advanceTimersByTimeAsync(30);
  expect(started).toBe(1);
  finish!();
  await vi.advanceTimersByTimeAsync(10);
  expect(started).toBe(2);
  expect(errors).toEqual([new Error('second run failed')]);
  await vi.advanceTimersByTimeAsync(10);
  expect(started).toBe(3);
  const stopped = job.stop();
  let done = false;
  void stopped.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(50);
  // stop() waits for the run under way, and no run starts after it.
  expect(done).toBe(false);
  finish!();
  await stopped;
  expect(started).toBe(3);
});

it('runs at start when asked; runNow joins the run under way and gives its result, or undefined after a failure', async () => {
  vi.useFakeTimers();
  const errors: unknown[] = [];
  let started = 0;
  let finish: ((n: number) => void) | undefined;
  let fail = false;
  const job = startPeriodic(
    () => {
      started += 1;
      if (fail) return Promise.reject(new Error('database away'));
      return new Promise<number>((resolve) => (finish = resolve));
    },
    {
      intervalMs: 1_000,
      report: { failed: (error) => errors.push(error), succeeded: () => {} },
      atStart: true,
    },
  );
  // The run at start, before any interval.
  expect(started).toBe(1);
  const joined = job.runNow();
  expect(started).toBe(1);
  finish!(7);
  expect(await joined).toBe(7);
  fail = true;
  expect(await job.runNow()).toBeUndefined();
  expect(started).toBe(2);
  expect(errors).toEqual([new Error('database away')]);
  await job.stop();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(started).toBe(2);
});

it('runAfter starts a run now when none is under way, else one more after it, shared by the calls meanwhile; none after stop()', async () => {
  let started = 0;
  const finishes: (() => void)[] = [];
  const job = startPeriodic(
    () => {
      started += 1;
      return new Promise<number>((resolve) => finishes.push(() => resolve(started)));
    },
    { intervalMs: 60_000, report: { failed: () => 0, succeeded: () => {} } },
  );
  const first = job.runAfter();
  expect(started).toBe(1);
  // During the run: both calls wait for one more run, which starts when the first ends.
  const second = job.runAfter();
  const third = job.runAfter();
  expect(started).toBe(1);
  finishes[0]!();
  expect(await first).toBe(1);
  await vi.waitFor(() => expect(started).toBe(2));
  finishes[1]!();
  expect(await second).toBe(2);
  expect(await third).toBe(2);
  // Stopped during a run: the run asked for after it never starts.
  void job.runNow();
  const after = job.runAfter();
  const stopped = job.stop();
  finishes[2]!();
  await stopped;
  expect(await after).toBeUndefined();
  expect(started).toBe(3);
});
