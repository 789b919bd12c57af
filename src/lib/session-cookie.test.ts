import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exchangeSessionCookie, readCookieRecord, signInTimeOf } from '~/lib/session-cookie';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => null }));

const part = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenSignedInAt = (authTime: number) => `${part({ alg: 'RS256' })}.${part({ auth_time: authTime, sub: 'u1' })}.sig`;

describe('exchangeSessionCookie', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the sign-in time from the ID token', () => {
    expect(signInTimeOf(tokenSignedInAt(1_700_000_000))).toBe(1_700_000_000);
    expect(signInTimeOf('not-a-token')).toBeNull();
  });

  it('asks once for a sign-in the server refused as too old, then quietly stops asking until a new sign-in', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 401 }));
    const old = tokenSignedInAt(1_700_000_000);
    await exchangeSessionCookie('u1', async () => old, true);
    await exchangeSessionCookie('u1', async () => old, true);
    await exchangeSessionCookie('u1', async () => old, false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readCookieRecord()).toBeNull();

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await exchangeSessionCookie('u1', async () => tokenSignedInAt(1_700_009_999), true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(readCookieRecord()?.uid).toBe('u1');
  });
});
