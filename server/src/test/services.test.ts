import { afterAll, describe, expect, it } from 'vitest';
import { describeEach } from './services.js';

describe('describeEach', () => {
  const order: string[] = [];
  const cases = [
    { name: 'first', cleanup: async () => void order.push('first: cleanup') },
    { name: 'second', cleanup: async () => void order.push('second: cleanup') },
  ];
  describeEach(cases)('a suite on $name', (c) => {
    afterAll(() => void order.push(`${c.name}: the suite's afterAll`));
    it('runs', () => void order.push(`${c.name}: test`));
  });

  it("cleans each case up once its suite is done, after the suite's own afterAll", () => {
    expect(order).toEqual([
      'first: test',
      "first: the suite's afterAll",
      'first: cleanup',
      'second: test',
      "second: the suite's afterAll",
      'second: cleanup',
    ]);
  });
});
