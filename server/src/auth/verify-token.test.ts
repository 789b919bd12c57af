// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { checkIdToken, IdentityProviderUnavailableError, InvalidTokenError } from './verify-token.js';

// The Auth Emulator always looks a token's account up, so the API tests would pass with or
// without checkRevoked; this is the test that fails if the flag is dropped.
describe('checkIdToken', () => {
  const decoded = { uid: 'u1', email: 'a@example.com', role: 'admin', exp: 2_000_000_000 };

  it('asks firebase-admin to check revocation and disabled accounts (checkRevoked = true)', async () => {
    const verifyIdToken = vi.fn(async () => decoded);
    const user = await checkIdToken({ verifyIdToken } as never, 'tok');
    expect(verifyIdToken).toHaveBeenCalledTimes(1);
    expect(verifyIdToken).toHaveBeenCalledWith('tok', true);
    expect(user).toEqual({
      uid: 'u1',
      email: 'a@example.com',
      role: 'admin',
      emailVerified: false,
      expiresAt: 2_000_000_000_000,
    });
  });

  it.each(['auth/user-disabled', 'auth/id-token-revoked', 'auth/user-not-found'])(
    'refuses a token answered with %s (401, not 503)',
    async (code) => {
      const verifyIdToken = vi.fn(async () => {
        throw Object.assign(new Error(code), { code });
      });
      await expect(checkIdToken({ verifyIdToken } as never, 'tok')).rejects.toBeInstanceOf(InvalidTokenError);
    },
  );

  it('reports an identity provider that does not answer as unavailable', async () => {
    const verifyIdToken = vi.fn(async () => {
      throw Object.assign(new Error('socket hang up'), { code: 'app/network-error' });
    });
    await expect(checkIdToken({ verifyIdToken } as never, 'tok')).rejects.toBeInstanceOf(
      IdentityProviderUnavailableError,
    );
  });
});
