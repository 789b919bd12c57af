// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { cachedVerifier } from './token-cache.js';

const user = { uid: 'u1', email: 'a@example.com' };

describe('cachedVerifier', () => {
  it('asks once per token until the cache age, then again', async () => {
    let t = 1_000_000;
    const verify = vi.fn(async () => ({ ...user, expiresAt: t + 3_600_000 }));
    const check = cachedVerifier(verify, { maxAgeMs: 60_000, now: () => t });
    expect(await check('tok')).toEqual(user);
    expect(await check('tok')).toEqual(user);
    expect(verify).toHaveBeenCalledTimes(1);
    t += 60_001;
    await check('tok');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never trusts a token past its own expiry', async () => {
    let t = 1_000_000;
    const verify = vi.fn(async () => ({ ...user, expiresAt: t + 10_000 }));
    const check = cachedVerifier(verify, { maxAgeMs: 60_000, now: () => t });
    await check('tok');
    t += 10_001;
    await check('tok');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('does not remember a refusal, and shares one check among parallel requests', async () => {
    const verify = vi
      .fn<(token: string) => Promise<typeof user & { expiresAt: number }>>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockImplementation(async () => ({ ...user, expiresAt: Date.now() + 3_600_000 }));
    const check = cachedVerifier(verify);
    await expect(check('tok')).rejects.toThrow('refused');
    const results = await Promise.all([check('tok'), check('tok'), check('tok')]);
    expect(results).toEqual([user, user, user]);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries tokens, dropping the oldest', async () => {
    const verify = vi.fn(async (token: string) => ({ uid: token, expiresAt: Date.now() + 3_600_000 }));
    const check = cachedVerifier(verify, { maxEntries: 2 });
    await check('a');
    await check('b');
    await check('c');
    await check('b');
    expect(verify).toHaveBeenCalledTimes(3);
    await check('a');
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
