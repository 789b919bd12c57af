// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { guardSessions } from './session-guard.js';
import type { SessionManager } from './sessions.js';
import { InvalidTokenError } from './verify-token.js';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
});

afterAll(async () => {
  await db.close();
});

// A provider that counts its checks; its cookies expire at `expiresAt`.
const countingProvider = (expiresAt: number) => {
  const calls: string[] = [];
  const sessions: SessionManager = {
    create: async () => 'cookie',
    verify: async (cookie) => {
      calls.push(cookie);
      return { uid: `user-of-${cookie}`, expiresAt };
    },
  };
  return { calls, sessions };
};

describe('guardSessions', () => {
  it('asks the provider once per cookie within the cache time, and again after it', async () => {
    let now = 1_000_000;
    const { calls, sessions } = countingProvider(now + 3_600_000);
    const guarded = guardSessions(sessions, db, { cacheMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) expect((await guarded.verify('a')).uid).toBe('user-of-a');
    expect(calls).toEqual(['a']);
    now += 60_001;
    await guarded.verify('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never remembers a cookie past its own expiry', async () => {
    let now = 2_000_000;
    const { calls, sessions } = countingProvider(now + 10_000);
    const guarded = guardSessions(sessions, db, { cacheMs: 60_000, now: () => now });
    await guarded.verify('b');
    now += 10_001;
    await guarded.verify('b');
    expect(calls).toHaveLength(2);
  });

  it('refuses a cookie signed out of, in this process and in another sharing the database', async () => {
    const { sessions } = countingProvider(Date.now() + 3_600_000);
    const here = guardSessions(sessions, db, { cacheMs: 60_000 });
    const there = guardSessions(sessions, db, { cacheMs: 60_000 });
    await here.verify('c');
    await there.verify('c');
    await here.verify('d');
    await here.signOut('c');
    await expect(here.verify('c')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(there.verify('c')).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await here.verify('d')).uid).toBe('user-of-d');
    // Signing out twice is harmless.
    await here.signOut('c');
  });
});
