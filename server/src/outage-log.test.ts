// @vitest-environment node
// server/src/outage-log.ts: a run of failures is one warning, and its end one line.
import { expect, it } from 'vitest';
import { outageLog } from './outage-log.js';
import { startPeriodic } from './periodic.js';

const recorder = () => {
  const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
  return {
    lines,
    log: {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    },
  };
};

it('warns at the first failure of a run, counts the rest quietly, and says once when it works again', () => {
  const { lines, log } = recorder();
  const outage = outageLog(log, { failed: 'job: failed', recovered: 'job: works again' }, { workerId: 'w1' });
  outage.succeeded();
  expect(lines).toEqual([]);
  expect(outage.failed(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(1);
  expect(outage.failed(new Error('again'))).toBe(2);
  expect(outage.failed(new Error('and again'))).toBe(3);
  outage.succeeded();
  outage.succeeded();
  expect(lines).toEqual([
    {
      level: 'warn',
      obj: { workerId: 'w1', err: 'connect ECONNREFUSED 127.0.0.1:5432' },
      msg: 'job: failed',
    },
    { level: 'info', obj: { workerId: 'w1', failedRuns: 3 }, msg: 'job: works again' },
  ]);
  // The next outage is warned again, and counted from one.
  expect(outage.failed('down')).toBe(1);
  expect(lines).toHaveLength(3);
  expect(lines[2]!.level).toBe('warn');
});

it('keeps email addresses out of the warning', () => {
  const { lines, log } = recorder();
  const outage = outageLog(log, { failed: 'job: failed', recovered: 'job: works again' });
  outage.failed(Object.assign(new Error('refused <ana@example.com>'), { code: 'EENVELOPE' }));
  expect(lines[0]!.obj).toEqual({ err: 'EENVELOPE: refused <[address]>' });
});

it('reports a periodic job: one warning for an outage of many runs, one line when it ends', async () => {
  const { lines, log } = recorder();
  const outage = outageLog(log, { failed: 'job: failed', recovered: 'job: works again' });
  let down = true;
  const job = startPeriodic(
    async () => {
      if (down) throw new Error('database away');
      return 1;
    },
    { intervalMs: 60_000, report: outage },
  );
  for (let i = 0; i < 5; i++) expect(await job.runNow()).toBeUndefined();
  down = false;
  expect(await job.runNow()).toBe(1);
  expect(await job.runNow()).toBe(1);
  await job.stop();
  expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual(['warn job: failed', 'info job: works again']);
  expect(lines[1]!.obj).toEqual({ failedRuns: 5 });
});
