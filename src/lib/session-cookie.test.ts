import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirebaseAuth from 'firebase/auth';
import { exchangeSessionCookie, followUser, readCookieRecord, signInTimeOf } from '~/lib/session-cookie';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => null }));

const part = (o: object) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenSignedInAt = (authTime: number) =>
  `${part({ alg: 'RS256' })}.${part({ auth_time: authTime, sub: 'u1' })}.sig`;

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

  it('a sign-out while the cookie is being made (sign-up signs in, then out) clears it once made', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((_url, init) =>
      init?.method === 'DELETE'
        ? Promise.resolve(new Response(null, { status: 204 }))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    let listener: (user: { uid: string; getIdToken: () => Promise<string> } | null) => void = () => {};
    const sdk = {
      onAuthStateChanged: (_auth: unknown, next: typeof listener) => {
        listener = next;
      },
    } as unknown as typeof FirebaseAuth;
    followUser(sdk, {} as FirebaseAuth.Auth);
    listener({ uid: 'u1', getIdToken: async () => tokenSignedInAt(1_700_000_000) });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    listener(null);
    answer(new Response(null, { status: 204 }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('DELETE');
    expect(readCookieRecord()).toBeNull();
  });
});
